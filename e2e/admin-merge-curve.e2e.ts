import { expect, test } from '@playwright/test';
import type { AdminCurve } from '../common/api/adminCurve';
import type { BondListResponse } from '../common/api/bond';
import { apiGet, apiSend, DEMO_ADMIN, loginAsDemoUser, openRoute, screenshot, type LoggedIn } from './support/login';

/**
 * Two admin corrections in a real browser that change market data: merging a duplicate bond
 * (compare → keep one → confirm), and correcting a point of the Treasury curve, after which the
 * bonds priced on that curve are repriced. The e2e server runs without the live market
 * (LIVE_MARKET=false), so no tick rewrites the curve under the test; the point is put back after.
 */
test.describe('admin: merge duplicate bonds and correct the curve', () => {
  test.setTimeout(180_000);
  let admin: LoggedIn;

  test.beforeEach(async ({ context }) => {
    admin = await loginAsDemoUser(context, undefined, DEMO_ADMIN);
  });

  /** A bond of the reference template's terms under this CUSIP, created as for waiting trades. */
  const createBond = (cusip: string) =>
    apiSend<{ bondId: number }>(admin, 'POST', '/admin/trades-missing-bonds/bond', {
      cusip,
      issuer_name: 'Tailspin Airlines Inc',
      issuer_ticker: 'TSPN',
      sector_code: 'INDU.TRANSPORTATION',
      country_of_risk: 'US',
      coupon_type: 'fixed',
      coupon_pct: '7.875',
      frequency: '2',
      day_count: '30/360',
      issue_date: '2024-04-15',
      maturity_date: '2030-04-15',
      amount_issued: '900000000',
      amount_outstanding: '900000000',
      seniority: 'Senior Secured',
      rating_sp: 'BB-',
      rating_moody: 'Ba3',
    });

  test('an admin compares two bonds that are one security and merges them into the one kept', async ({ page }) => {
    // Check digits by the CUSIP rule (ZQ1004AA3 in samples/bonds-template.csv follows it too).
    const kept = (await createBond('ZQ9001AA1')).bondId;
    const duplicate = (await createBond('ZQ9002AA9')).bondId;

    await openRoute(page, `/bw/admin/${kept},${duplicate}/compare`);
    const table = page.getByTestId('compare-table');
    await expect(table).toContainText('ZQ9001AA1', { timeout: 30_000 });
    await expect(table).toContainText('ZQ9002AA9');
    // Only the identifiers differ: the same security under two CUSIPs.
    await expect(page.getByTestId('compare-differences')).toContainText('cusip');
    await expect(page.getByTestId('compare-differences')).not.toContainText('maturityDate');
    await page.getByTestId(`compare-keep-${kept}`).check();
    await page.getByTestId('compare-merge').click();
    await page.getByTestId('compare-merge-confirm').click();
    // Whichever answer comes, the merge's or the refusal's: a refusal fails here with its sentence.
    const outcome = page.getByTestId('compare-merged').or(page.getByTestId('compare-error'));
    await expect(outcome).toBeVisible({ timeout: 60_000 });
    await expect(outcome).toContainText(`Merged bond(s) ${duplicate} into bond ${kept}`);
    await screenshot(page, 'admin-merged');

    // The duplicate is gone, the one kept stays, and the merge is in the audit log.
    await expect(apiGet(admin, `/admin/bond/${duplicate}`)).rejects.toThrow(/404/);
    expect((await apiGet<{ cusip: string }>(admin, `/admin/bond/${kept}`)).cusip).toBe('ZQ9001AA1');
    await openRoute(page, '/bw/admin/recent');
    await page.getByLabel('Changed by a person').check();
    await expect(page.getByTestId('recent-row').filter({ hasText: 'bond.merge' }).first()).toContainText(DEMO_ADMIN.email, {
      timeout: 30_000,
    });
  });

  test('an admin corrects a point of the curve in force and the bonds priced on it are repriced', async ({ page }) => {
    const curve = await apiGet<AdminCurve>(admin, '/admin/curve');
    const tenYear = curve.points.find((p) => p.tenor === '10Y')!;
    const columns = 'columns=bondIdentifier,tenor,yieldToWorst,gSpread,tSpread';
    const before = await apiGet<BondListResponse>(admin, `/v2/bond?limit=500&${columns}`);

    await openRoute(page, '/bw/admin/curve');
    await expect(page.getByTestId('curve-summary')).toContainText(`${curve.bondsPriced.toLocaleString('en-US')} bond(s) priced on it`, {
      timeout: 30_000,
    });
    const row = page.locator('[data-testid="curve-point"][data-tenor="10Y"]');
    await row.getByTestId('curve-point-edit').click();
    // 25 bp higher, typed as a percentage.
    const corrected = Math.round((tenYear.yield * 100 + 0.25) * 1000) / 1000;
    await row.getByTestId('curve-point-input').fill(String(corrected));
    await row.getByTestId('curve-point-save').click();
    await expect(page.getByTestId('curve-message')).toContainText(
      `10Y on ${curve.date}: ${(tenYear.yield * 100).toFixed(3)}% → ${corrected.toFixed(3)}%; ${curve.bondsPriced.toLocaleString('en-US')} bond(s) repriced`,
      { timeout: 90_000 },
    );
    await expect(row).toContainText(`${corrected.toFixed(3)}%`);
    await expect(page.getByTestId('curve-corrections')).toContainText(DEMO_ADMIN.email);
    await screenshot(page, 'admin-curve-corrected');

    // The bonds priced on the curve were repriced: those maturing in 8 to 12 years, whose curve
    // yield the 10Y point sets, moved against it (yield, or spreads to the curve). The bond table
    // serves a snapshot that re-reads changed rows in the background, so it is polled.
    const was = new Map(before.rows.map((r) => [r.id, r]));
    const near = before.rows.filter((r) => r.tenor! >= 8 && r.tenor! <= 12 && r.gSpread !== null);
    expect(near.length).toBeGreaterThan(0);
    const unmoved = async () => {
      const after = await apiGet<BondListResponse>(admin, `/v2/bond?limit=500&${columns}`);
      return after.rows
        .filter((r) => near.some((n) => n.id === r.id))
        .filter((r) => {
          const b = was.get(r.id)!;
          return b.yieldToWorst === r.yieldToWorst && b.gSpread === r.gSpread && b.tSpread === r.tSpread;
        })
        .map((r) => r.bondIdentifier);
    };
    await expect.poll(unmoved, { timeout: 60_000 }).toEqual([]);

    // Put the point back for the other tests.
    const now = await apiGet<AdminCurve>(admin, '/admin/curve');
    const point = now.points.find((p) => p.tenor === '10Y')!;
    await apiSend(admin, 'PUT', `/admin/curve/${curve.date}/10Y`, { yield: tenYear.yield, updatedAt: point.updatedAt });
  });
});
