import { expect, test } from '@playwright/test';
import type { AdminBond } from '../common/api/adminBonds';
import type { RecentResponse } from '../common/api/adminRecent';
import { apiGet, DEMO_ADMIN, loginAsDemoUser, openRoute, screenshot } from './support/login';

/**
 * The admin's market-data pages in a real browser over the seeded market: the curve (table, chart,
 * two dates compared), a bond's term edited and seen in its history, the change at the top of the
 * recent page with who made it, and two bonds side by side.
 */
test.describe('admin: curve, bond, compare and recent', () => {
  test.setTimeout(180_000);

  test('an admin walks the curve, edits a bond term, sees its history and the change among the recent ones', async ({ context, page }) => {
    const admin = await loginAsDemoUser(context, undefined, DEMO_ADMIN);

    // Reachable from the admin navigation.
    await openRoute(page, '/bw/admin');
    await page.getByRole('link', { name: 'Curves', exact: true }).first().click();
    await expect(page.getByTestId('admin-curve-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('curve-point').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-testid="curve-point"][data-tenor="10Y"]')).toBeVisible();
    await expect(page.getByTestId('curve-chart')).toBeVisible();
    await expect(page.getByTestId('curve-compare')).toContainText('10Y');
    await screenshot(page, 'admin-curve');

    // A bond of the seeded market: its description corrected.
    const [first, second] = (await apiGet<RecentResponse>(admin, '/admin/recent?kind=bond&limit=2')).items;
    const before = await apiGet<AdminBond>(admin, `/admin/bond/${first!.id}`);
    await openRoute(page, `/bw/admin/bond/${first!.id}`);
    await expect(page.getByTestId('bond-title')).toContainText(before.cusip, { timeout: 30_000 });
    const corrected = `${before.description.slice(0, 100)} (checked)`;
    await page.getByTestId('bond-description').fill(corrected);
    await page.getByTestId('bond-save').click();
    await expect(page.getByTestId('bond-save-message')).toContainText('Saved description', { timeout: 60_000 });
    const history = page.getByTestId('bond-history-row').first();
    await expect(history).toContainText('bond.update');
    await expect(history).toContainText(`description: ${before.description} → ${corrected}`);
    await expect(history).toContainText(DEMO_ADMIN.email);
    await screenshot(page, 'admin-bond');

    // The change leads the recent page, with who made it.
    await openRoute(page, '/bw/admin/recent');
    await page.getByLabel('Changed by a person').check();
    const top = page.getByTestId('recent-row').first();
    await expect(top).toContainText(corrected, { timeout: 30_000 });
    await expect(top).toContainText(DEMO_ADMIN.email);
    await expect(top).toContainText('bond.update');
    await screenshot(page, 'admin-recent');

    // Two bonds side by side, the differing terms named.
    await openRoute(page, `/bw/admin/${first!.id},${second!.id}/compare`);
    await expect(page.getByTestId('compare-table')).toContainText(before.cusip, { timeout: 30_000 });
    await expect(page.getByTestId('compare-differences')).toContainText('cusip');
    await screenshot(page, 'admin-compare');
  });
});
