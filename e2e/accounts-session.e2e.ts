import { expect as baseExpect, test, type Page } from '@playwright/test';
import { createAccount, freshEmail, hashPath, loginThroughPage, logoutThroughMenu, submitCredentials } from './support/accounts';
import { E2E_BASE_URL } from './support/environment';

const expect = baseExpect.configure({ timeout: 20_000 }); // a shared, busy machine

/**
 * Sessions in the browser against the real server: the remembered path after login, admin pages
 * and endpoints refused to users, a session kept alive by token refresh past the access token's
 * lifetime (the e2e server runs with ACCESS_TOKEN_TTL_SECONDS=60), and the §8 error toast.
 */

const ADMIN = { email: 'admin@bondwise.local', password: 'Bondwise-Admin-2026' } as const;

async function accessTokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'bw_session');
  expect(cookie, 'the bw_session cookie').toBeTruthy();
  return cookie!.value;
}

function jwtPayload(token: string): { exp: number; sub: string; scope: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number; sub: string; scope: string };
}

async function apiStatus(path: string, token: string): Promise<number> {
  const res = await fetch(`${E2E_BASE_URL}${path}`, { headers: { authorization: `Bearer ${token}` } });
  await res.body?.cancel();
  return res.status;
}

test.describe('accounts: sessions', () => {
  test.describe.configure({ timeout: 120_000 });
  test('a deep link opened logged out is where login lands, once; the next login goes to the market summary', async ({ page }) => {
    const { email, password } = await createAccount(freshEmail('next'));
    await page.goto('/app/#/bw/profile');
    await expect.poll(() => hashPath(page)).toBe('/bw/login');
    expect(await page.evaluate(() => localStorage.getItem('bw.nextLoginPath'))).toBe('/bw/profile');

    await submitCredentials(page, email, password);
    await expect.poll(() => hashPath(page)).toBe('/bw/profile');
    await expect(page.getByTestId('profile-page')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('bw.nextLoginPath'))).toBeNull();

    await logoutThroughMenu(page);
    await submitCredentials(page, email, password);
    await expect(page.getByTestId('app-layout')).toBeVisible();
    await expect.poll(() => hashPath(page)).toBe('/bw/market/summary');
  });

  test('a user is refused admin pages and endpoints; an admin gets them', async ({ page, browser }) => {
    const { email, password } = await createAccount(freshEmail('notadmin'));
    await loginThroughPage(page, email, password);
    await expect(page.getByTestId('main-nav')).toBeVisible();
    await expect(page.getByTestId('nav-admin')).toHaveCount(0);

    const userToken = await accessTokenOf(page);
    expect(jwtPayload(userToken).scope).toBe('user');
    expect(await apiStatus('/admin/features', userToken)).toBe(403);
    expect(await apiStatus('/admin/organizations', userToken)).toBe(403);

    // Typed-in admin URLs show a refusal, never the admin page (nor its title).
    for (const path of ['/bw/admin/users', '/bw/admin']) {
      await page.goto(`/app/#${path}`);
      await expect(page.getByTestId('not-permitted')).toBeVisible();
      await expect(page.getByTestId('page-title')).toHaveText('Not permitted');
      await expect(page).toHaveTitle('Bondwise | Not permitted');
      await expect(page.getByTestId('not-available')).toHaveCount(0);
      expect(hashPath(page)).toBe(path);
    }

    // The demo admin (docs/accounts.md) in a browser of its own.
    const adminContext = await browser.newContext();
    try {
      const adminPage = await adminContext.newPage();
      await loginThroughPage(adminPage, ADMIN.email, ADMIN.password);
      await expect(adminPage.getByTestId('nav-admin')).toBeVisible();
      await adminPage.goto('/app/#/bw/admin/users');
      await expect(adminPage.getByTestId('page-title')).toHaveText('Admin: users');
      await expect(adminPage).toHaveTitle('Bondwise | Admin: users');
      await expect(adminPage.getByTestId('not-permitted')).toHaveCount(0);
      const adminToken = await accessTokenOf(adminPage);
      expect(jwtPayload(adminToken).scope).toBe('user admin');
      expect(await apiStatus('/admin/features', adminToken)).toBe(200);
      expect(await apiStatus('/admin/organizations', adminToken)).toBe(200);
    } finally {
      await adminContext.close();
    }
  });

  test('the app refreshes its token at half its life on the page clock and carries on with the new one', async ({ page }) => {
    test.setTimeout(150_000);
    const { email, password } = await createAccount(freshEmail('refresh'));
    const refreshes: number[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(`${E2E_BASE_URL}/auth/refresh`)) refreshes.push(r.status());
    });
    // The page's clock is Playwright's: the refresh timer is moved forward, not waited for.
    await page.clock.install();
    await loginThroughPage(page, email, password);
    const first = await accessTokenOf(page);
    const { exp } = jwtPayload(first);
    const ttlMs = exp * 1000 - Date.now();
    expect(ttlMs, 'the e2e server runs with short access tokens').toBeLessThanOrEqual(61_000);

    // Half the token's life (spec §9: refresh at min(4 h, half the remaining lifetime)) and a second.
    await page.clock.fastForward(Math.ceil(ttlMs / 2) + 1_000);
    await expect.poll(() => refreshes.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(refreshes.every((s) => s === 200)).toBe(true);
    // The answer is in; the app stores the new token once it has read it.
    await expect.poll(() => accessTokenOf(page), { timeout: 30_000 }).not.toBe(first);
    // The refresh token is an HttpOnly cookie for /auth/refresh only: page scripts never see it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('bw_refresh');
    const refreshCookie = (await page.context().cookies()).find((c) => c.name === 'bw_refresh');
    expect(refreshCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth/refresh' });

    // The app still loads the user's data without a new login: an in-app navigation to the
    // profile makes authenticated calls that succeed with a newer token.
    const mfaCall = page.waitForResponse((r) => /\/v2\/user\/[^/]+\/mfa$/.test(r.url()) && r.request().method() === 'GET');
    await page.evaluate(() => {
      window.location.hash = '#/bw/profile';
    });
    const response = await mfaCall;
    expect(response.status()).toBe(200);
    const used = (await response.request().headerValue('authorization')) ?? '';
    expect(used).toMatch(/^Bearer /);
    expect(used).not.toBe(`Bearer ${first}`);
    expect(jwtPayload(used.slice('Bearer '.length)).exp * 1000).toBeGreaterThan(Date.now());
    await expect(page.getByTestId('profile-page')).toBeVisible();
    await expect(page.getByTestId('profile-details')).toContainText(email);
    expect(hashPath(page)).toBe('/bw/profile');

    // A reload also keeps the session (the cookies hold the current tokens).
    await page.reload();
    // A full start-up (health check, user info, the lazily loaded page) on a busy machine.
    await expect(page.getByTestId('profile-page')).toBeVisible({ timeout: 30_000 });
    expect(hashPath(page)).toBe('/bw/profile');
  });

  test('a real server error reaches the §8 error toast with its prefix and support caption', async ({ page }) => {
    // The login page shows its errors inline; the history page loads bonds with the toast helper
    // (meta errorToast 'Loading a bond failed:'), and the server answers an unknown bond with 404.
    const { email, password } = await createAccount(freshEmail('toast'));
    await loginThroughPage(page, email, password);
    const failed = page.waitForResponse((r) => r.url().endsWith('/v2/bond/999999') && r.request().method() === 'GET');
    await page.goto('/app/#/bw/history?bonds=999999');
    const response = await failed;
    expect(response.status()).toBe(404);
    const serverText = ((await response.json()) as { error: string }).error;
    expect(serverText).toBe('Bond 999999 not found');
    await expect(page.getByTestId('error-toast')).toBeVisible();
    await expect(page.getByTestId('error-toast-text')).toHaveText(`Loading a bond failed: ${serverText}`);
    await expect(page.getByTestId('error-toast-caption')).toHaveText('Having trouble? Contact support@bondwise.local for assistance.');
  });
});
