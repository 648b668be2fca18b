import { test } from '@playwright/test';
import { createAccount, expect, loginThroughPage } from './support/accounts';
import { E2E_BASE_URL } from './support/environment';
import { adminToken } from './support/server';

/** A user whose trial has ended sees why on market-data pages (the server answers them 402). */
test('a trial that has ended turns market pages into the trial-ended page; the profile still opens', async ({ page }) => {
  const account = await createAccount();
  const login = await fetch(`${E2E_BASE_URL}/auth/login/start?v=2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, mfaPlatform: 'none' }),
  });
  const userId = ((await login.json()) as { auth: { userId: string } }).auth.userId;
  const ended = await fetch(`${E2E_BASE_URL}/admin/users/${encodeURIComponent(userId)}/trial`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await adminToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ endsAt: new Date(Date.now() - 86_400_000).toISOString() }),
  });
  expect(ended.status).toBe(200);

  await loginThroughPage(page, account.email, account.password);
  await page.goto('/app/#/bw/market/summary');
  await expect(page.getByTestId('trial-ended')).toBeVisible();
  await expect(page.getByTestId('trial-banner')).toHaveAttribute('data-state', 'trialEnded');
  await page.goto('/app/#/bw/profile');
  await expect(page.getByTestId('profile-page')).toBeVisible();
  await expect(page.getByTestId('trial-ended')).toBeHidden();
});
