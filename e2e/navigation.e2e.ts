import { test, type Page } from '@playwright/test';
import { setMaintenance } from './support/server';
import { createAccount, expect, hashPath, loginThroughPage, logoutThroughMenu } from './support/accounts';

/**
 * The §2 guard rules must hold however the address changes inside an open tab: typed or pasted
 * into the address bar (a hash change the app did not make), back/forward, and after logout.
 * Each of these once left a blank page, because the guard allowed one redirect per location key
 * and every such hash change has the same key ("default").
 */

/** Changes the address the way typing or pasting into the address bar does: no reload. */
async function typeAddress(page: Page, path: string): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#${path}`);
}

const nextLoginPath = (page: Page) => page.evaluate(() => localStorage.getItem('bw.nextLoginPath'));

test.describe('navigation inside an open tab', () => {
  test('anonymous: every typed app address goes to login, remembered, and the page is never blank', async ({ page }) => {
    await page.goto('/app/#/bw/login');
    await expect(page.getByTestId('login-form')).toBeVisible();

    for (const path of ['/bw/bond', '/bw/history', '/bw/bond', '/bw/market/summary']) {
      await typeAddress(page, path);
      await expect.poll(() => hashPath(page)).toBe('/bw/login');
      await expect(page.getByTestId('login-form')).toBeVisible();
      expect(await nextLoginPath(page)).toBe(path);
    }
  });

  test('anonymous: a pasted reset-password link opens its page, and typing an app address after it goes to login', async ({ page }) => {
    await page.goto('/app/#/bw/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await typeAddress(page, '/bw/reset-password');
    await expect.poll(() => hashPath(page)).toBe('/bw/reset-password');
    await expect(page.locator('form')).toBeVisible();
    await typeAddress(page, '/bw/sector/overview');
    await expect.poll(() => hashPath(page)).toBe('/bw/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
  });

  test('anonymous: back and forward through guarded addresses land on login each time', async ({ page }) => {
    await page.goto('/app/#/bw/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await typeAddress(page, '/bw/signup');
    await expect(page.getByTestId('login-form')).toBeHidden();
    await typeAddress(page, '/bw/history');
    await expect.poll(() => hashPath(page)).toBe('/bw/login');
    await page.goBack();
    await expect.poll(() => hashPath(page)).toBe('/bw/signup');
    await expect(page.locator('form')).toBeVisible();
    await page.goForward();
    await expect.poll(() => hashPath(page)).toBe('/bw/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
  });

  test('signed in: typed public pages go to the market summary, typed app pages render, back/forward too; after logout typed pages ask to log in', async ({
    page,
  }) => {
    const account = await createAccount();
    await loginThroughPage(page, account.email, account.password);
    const layout = page.getByTestId('app-layout');

    await typeAddress(page, '/bw/login');
    await expect.poll(() => hashPath(page)).toBe('/bw/market/summary');
    await expect(page.getByTestId('market-summary-page')).toBeVisible();

    await typeAddress(page, '/bw/history');
    await expect(page.getByTestId('history-page')).toBeVisible();
    await typeAddress(page, '/bw/signup');
    await expect.poll(() => hashPath(page)).toBe('/bw/market/summary');
    await expect(page.getByTestId('market-summary-page')).toBeVisible();
    await typeAddress(page, '/bw/reset-password');
    await expect.poll(() => hashPath(page)).toBe('/bw/market/summary');
    await expect(layout).toBeVisible();

    await page.goBack();
    await expect(layout).toBeVisible();
    await page.goForward();
    await expect(layout).toBeVisible();

    await logoutThroughMenu(page);
    for (const path of ['/bw/history', '/bw/bond', '/bw/history']) {
      await typeAddress(page, path);
      await expect.poll(() => hashPath(page)).toBe('/bw/login');
      await expect(page.getByTestId('login-form')).toBeVisible();
    }
    await page.goBack();
    await expect(page.getByTestId('login-form')).toBeVisible();
  });

  test('maintenance reaches an open tab on its first gated call, not at the next health check', async ({ page }) => {
    // The health re-check runs on the page's clock, which is held still: only the API call's 503 can move the tab.
    await page.clock.install();
    const account = await createAccount();
    await loginThroughPage(page, account.email, account.password);
    try {
      await setMaintenance(true);
      await typeAddress(page, '/bw/sector/overview'); // a page that asks the API on open
      await expect.poll(() => hashPath(page)).toBe('/bw/maintenance');
      await expect(page.getByTestId('maintenance')).toBeVisible();
    } finally {
      await setMaintenance(false);
    }
  });

  test('tables work from the keyboard: Enter on a grid cell drills in, a bond row opens with Enter, arrows move between rows', async ({
    page,
  }) => {
    const account = await createAccount();
    await loginThroughPage(page, account.email, account.password);

    await typeAddress(page, '/bw/sector/overview');
    const firstCell = page.getByTestId('sector-table').locator('.ag-row[row-index="0"] .ag-cell').first();
    await expect(firstCell).toBeVisible({ timeout: 30_000 });
    await firstCell.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => hashPath(page)).toMatch(/^\/bw\/sector\/overview\?sector=/);

    await typeAddress(page, '/bw/bond/chart');
    const rows = page.getByTestId('moves-row');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    await rows.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => hashPath(page)).toMatch(/^\/bw\/bond\/\d+\/pricing$/);
  });
});
