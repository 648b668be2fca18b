import { expect as baseExpect, test } from '@playwright/test';
import { createAccount, E2E_PASSWORD, freshEmail, hashPath, submitCredentials } from './support/accounts';
import { messagesTo, waitForLink } from './support/outbox';

const expect = baseExpect.configure({ timeout: 20_000 }); // a shared, busy machine

/**
 * Accounts in the browser, against the real server and its outbox (no SMTP in e2e: every e-mail
 * is an .eml file): sign-up through the e-mailed link, password reset, lock and unlock.
 */
test.describe('accounts: sign-up, reset, lock', () => {
  test.describe.configure({ timeout: 120_000 });
  test('sign up through the outbox link to the welcome page, then log in with the new account', async ({ page }) => {
    const email = freshEmail('signup');
    await page.goto('/app/#/bw/signup');
    await page.getByTestId('signup-email').fill(email);
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('signup-sent')).toContainText(email);

    const { message, link } = await waitForLink(email, /\/app\/#\/bw\/signup\/[0-9a-f-]{36}$/);
    expect(message.to).toContain(email);
    await page.goto(link);
    await expect.poll(() => hashPath(page)).toMatch(/^\/welcome\?uuid=[0-9a-f-]{36}$/);
    await expect(page.getByTestId('welcome-page')).toBeVisible();
    await expect(page.getByTestId('account-email')).toHaveValue(email);

    await page.getByTestId('account-first-name').fill('Ada');
    await page.getByTestId('account-last-name').fill('Lovelace');
    await page.getByTestId('account-password').fill(E2E_PASSWORD);
    await page.getByTestId('account-tos-consent').check();
    await page.getByTestId('account-submit').click();

    // The account exists: the login page says so and has the address filled in.
    await expect.poll(() => hashPath(page)).toMatch(/^\/bw\/login\?created=1/);
    await expect(page.getByTestId('login-account-created')).toBeVisible();
    await expect(page.getByTestId('login-email')).toHaveValue(email);
    await page.getByTestId('login-password').fill(E2E_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('app-layout')).toBeVisible();
    await expect.poll(() => hashPath(page)).toBe('/bw/market/summary');
    await expect(page.getByTestId('user-menu')).toContainText(email);

    // The link was single use (a fresh page load without the session: a hash-only goto would
    // stay in the running, logged-in app).
    await page.context().clearCookies();
    await page.goto('about:blank');
    await page.goto(link);
    await expect(page.getByTestId('welcome-error')).toBeVisible();
  });

  test('reset the password through the e-mailed link and log in with the new one', async ({ page }) => {
    const { email } = await createAccount(freshEmail('reset'));
    const newPassword = 'Brand-New-Passw0rd!';
    const before = messagesTo(email).length;

    await page.goto('/app/#/bw/login');
    await page.getByTestId('login-forgot-link').click();
    await expect.poll(() => hashPath(page)).toBe('/bw/reset-password');
    await page.getByTestId('reset-email').fill(email);
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-sent')).toContainText(email);

    const { link } = await waitForLink(email, /\/app\/#\/bw\/reset-password\/[0-9a-f-]{36}$/, { after: before });
    await page.goto(link);
    await expect(page.getByTestId('reset-email')).toHaveValue(email);
    await page.getByTestId('reset-new-password').fill(newPassword);
    await page.getByTestId('reset-repeat-password').fill(newPassword);
    await page.getByTestId('reset-password-submit').click();
    await expect(page.getByTestId('reset-done')).toBeVisible();
    await page.getByTestId('reset-done-login').click();

    await expect(page.getByTestId('login-email')).toHaveValue(email);
    // The old password no longer works…
    await submitCredentials(page, email, E2E_PASSWORD);
    await expect(page.getByTestId('login-error')).toHaveText('Incorrect e-mail or password');
    // …the new one does.
    await page.getByTestId('login-password').fill(newPassword);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('app-layout')).toBeVisible();
    await expect.poll(() => hashPath(page)).toBe('/bw/market/summary');
  });

  test('five wrong passwords lock the account; the e-mailed unlock link lets it log in again', async ({ page }) => {
    // A fresh account: the demo accounts are never locked by tests.
    const { email, password } = await createAccount(freshEmail('lock'));
    const before = messagesTo(email).length;
    await page.goto('/app/#/bw/login');
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answered = page.waitForResponse((r) => r.url().includes('/auth/login/start'));
      await submitCredentials(page, email, `Wrong-Passw0rd-${attempt}`);
      const response = await answered;
      if (attempt < 5) {
        expect(response.status(), `attempt ${attempt}`).toBe(401);
        await expect(page.getByTestId('login-error')).toHaveText('Incorrect e-mail or password');
      }
    }
    // Locked: the page says so and offers the unlock page; even the right password is refused.
    await expect(page.getByTestId('login-unlock-link')).toBeVisible();
    const lockedText = (await page.getByTestId('login-error').textContent()) ?? '';
    expect(lockedText).toMatch(/locked/i);
    const refused = page.waitForResponse((r) => r.url().includes('/auth/login/start'));
    await submitCredentials(page, email, password);
    expect((await refused).status()).toBe(423);
    await expect(page.getByTestId('login-unlock-link')).toBeVisible();
    await expect(page.getByTestId('app-layout')).toHaveCount(0);

    const { message, link } = await waitForLink(email, /\/app\/#\/bw\/unlock\/[0-9a-f-]{36}$/, { after: before });
    expect(message.to).toContain(email);
    await page.goto(link);
    await expect(page.getByTestId('unlock-done')).toBeVisible();
    await page.getByTestId('unlock-login-link').click();
    await submitCredentials(page, email, password);
    await expect(page.getByTestId('app-layout')).toBeVisible();
    await expect.poll(() => hashPath(page)).toBe('/bw/market/summary');
  });
});
