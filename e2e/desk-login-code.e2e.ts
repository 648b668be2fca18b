import { test } from '@playwright/test';
import { createAccount, expect } from './support/accounts';
import { E2E_BASE_URL } from './support/environment';
import { messagesTo, waitForLink } from './support/outbox';

/**
 * The e-mailed sign-in code (issue 34, item 4) belongs to the browser that entered the password:
 * its link opened in another browser asks for the password there and leaves the code usable, the
 * asking browser is signed in by it, and the e-mail's subject never carries the code.
 */
test('the e-mailed sign-in link signs in only the browser that asked for it', async ({ browser }) => {
  test.setTimeout(120_000);
  const person = await createAccount();
  const asking = await browser.newContext();
  const before = messagesTo(person.email).length;
  // The login page's request, made with the asking browser's cookie jar (it keeps the attempt cookie).
  const sent = await asking.request.post(`${E2E_BASE_URL}/auth/mfa/email/send`, {
    data: { email: person.email, password: person.password },
  });
  expect(sent.status()).toBe(202);
  const { link, message } = await waitForLink(person.email, /\/bw\/login\/e\//, { after: before });
  expect(message.subject).toBe('Your Bondwise sign-in code');
  expect(message.subject).not.toMatch(/[A-Z0-9]{5}-[A-Z0-9]{5}/);

  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto(link);
  await expect(elsewhere.getByTestId('login-code-error')).toContainText('different browser');
  await expect(elsewhere.getByTestId('login-code-back')).toHaveText('Sign in with your password');
  await other.close();

  const page = await asking.newPage();
  await page.goto(link);
  await expect(page.getByTestId('main-nav')).toBeVisible({ timeout: 30_000 });
  await asking.close();
});
