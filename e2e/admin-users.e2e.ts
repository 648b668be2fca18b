import { expect, test } from '@playwright/test';
import { createAccount, freshEmail } from './support/accounts';
import { DEMO_ADMIN, loginAsDemoUser, openRoute } from './support/login';
import { E2E_BASE_URL } from './support/environment';

/** Sign-in start as the login page sends it: the status tells whether the account may sign in. */
async function signInStatus(email: string, password: string): Promise<number> {
  const res = await fetch(`${E2E_BASE_URL}/auth/login/start?v=2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res.status;
}

/** The users admin page in a real browser: an admin finds a person, locks them (sign-in refused), unlocks them. */
test.describe('admin: users', () => {
  test.setTimeout(120_000);

  test('find a person by e-mail, lock them out, unlock them', async ({ page, context }) => {
    const person = await createAccount(freshEmail('locked'));
    await loginAsDemoUser(context, undefined, DEMO_ADMIN);
    await openRoute(page, '/bw/admin/users');
    await expect(page.getByTestId('admin-users-page')).toBeVisible({ timeout: 30_000 });

    await page.getByTestId('users-search').fill(person.email);
    await page.getByTestId('users-apply').click();
    await expect(page.getByTestId('users-count')).toContainText('1 people');
    await page.getByTestId('users-table').getByText(person.email).click();

    const detail = page.getByTestId('user-detail');
    await expect(detail).toContainText(person.email);
    await expect(page.getByTestId('user-status')).toHaveText('active');
    await page.getByTestId('user-lock').click();
    await page.getByTestId('user-action-confirm').click();
    await expect(page.getByTestId('user-status')).toHaveText('locked');
    await expect(page.getByTestId('users-table')).toContainText('locked');
    expect(await signInStatus(person.email, person.password)).toBe(423);

    await page.getByTestId('user-unlock').click();
    await page.getByTestId('user-action-confirm').click();
    await expect(page.getByTestId('user-status')).toHaveText('active');
    expect(await signInStatus(person.email, person.password)).toBe(200);
  });

  test('the domains, onboarding and trial pages open with their tables', async ({ page, context }) => {
    await createAccount(freshEmail('waiting')); // example.com belongs to no organisation: this sign-up waits
    await loginAsDemoUser(context, undefined, DEMO_ADMIN);
    for (const [path, testId, table] of [
      ['/bw/admin/users/domains', 'admin-domains-page', 'domain-list'],
      ['/bw/admin/users/onboarding', 'admin-onboarding-page', 'onboarding-queue'],
      ['/bw/admin/trial', 'admin-trial-page', 'trials-trialEnding'],
    ] as const) {
      await openRoute(page, path);
      await expect(page.getByTestId(testId)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId(table)).toBeVisible();
    }
    await openRoute(page, '/bw/admin/users/onboarding');
    await expect(page.getByTestId('onboarding-queue')).toContainText('e2e-waiting-');
  });
});
