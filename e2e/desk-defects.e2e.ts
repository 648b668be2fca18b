import { expect, test } from '@playwright/test';
import type { BondListResponse } from '../common/api/bond';
import { NOTIFICATION_PATHS } from '../common/api/notifications';
import { apiGet, loginAsDemoUser, openRoute, type LoggedIn } from './support/login';

/**
 * Small defects of issue 34 (item 3): "Create alert" from a bond's history names the bond in the
 * editor; a reader's blog asks nothing it would be refused; the alerts pages print dates in the
 * §9 short-month form; the calculator shows spread levels unsigned; the support token's copy
 * button says what it does; an invitation opened while logged in goes onward.
 */
test.describe('small desk defects', () => {
  let login: LoggedIn;
  let bond: { id: number; description: string };

  test.beforeEach(async ({ context }) => {
    login = await loginAsDemoUser(context);
    const bonds = await apiGet<BondListResponse>(login, '/v2/bond?limit=1&columns=description&sort=volume&sortDesc=true');
    bond = { id: bonds.rows[0]!.id, description: String(bonds.rows[0]!.description) };
  });

  test('"Create alert" from a bond’s history opens the editor with the bond named', async ({ page }) => {
    await openRoute(page, `/bw/bond/${bond.id}/history`);
    await page.getByTestId('create-alert').click();
    await expect(page.getByLabel('Bond', { exact: true }).first()).toHaveValue(bond.description, { timeout: 30_000 });
  });

  test('a reader’s blog page makes no call it is refused', async ({ page }) => {
    // Every API call the page starts is awaited, except the notification long-poll, which is held
    // open by design (so "network idle" never comes while a user is logged in).
    const pending = new Set<string>();
    const refused: string[] = [];
    const isPageCall = (url: string) => url.includes('/v2/') && !url.includes(NOTIFICATION_PATHS.poll);
    page.on('request', (r) => {
      if (isPageCall(r.url())) pending.add(r.url());
    });
    page.on('requestfailed', (r) => pending.delete(r.url()));
    page.on('response', (r) => {
      if (!isPageCall(r.url())) return;
      pending.delete(r.url());
      if (r.status() === 403) refused.push(r.url());
    });
    await openRoute(page, '/bw/blog');
    await expect(page.getByRole('heading', { name: /blog/i }).first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => [...pending], { timeout: 30_000 }).toEqual([]);
    expect(refused).toEqual([]);
  });

  test('the calculator shows spread levels without a plus sign; the support token copies by a worded button', async ({ page }) => {
    await openRoute(page, `/bw/bond/${bond.id}/pricing`);
    await expect(page.getByTestId('calc-gspread')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('calc-gspread')).not.toContainText('+');
    await openRoute(page, '/bw/profile');
    await expect(page.getByTestId('copy-support-token')).toHaveText('Copy', { timeout: 30_000 });
  });

  test('an invitation opened while logged in goes onward', async ({ page }) => {
    await openRoute(page, '/bw/invite/some-invitation-code');
    await expect.poll(() => new URL(page.url()).hash, { timeout: 30_000 }).toBe('#/bw/market/summary');
  });
});
