import { expect, test } from '@playwright/test';
import type { BondDetailResponse, BondListResponse } from '../common/api/bond';
import { apiGet, apiSend, loginAsDemoUser, openRoute, screenshot, type LoggedIn } from './support/login';

/**
 * Per-bond pages (pricing calculator, cash flow), market moves and custom bond tables against the
 * real server and simulated market.
 */
test.describe('bond pages', () => {
  // A loaded CI machine can take tens of seconds per page load; the steps themselves are quick.
  test.setTimeout(150_000);
  let login: LoggedIn;
  test.beforeEach(async ({ context }) => {
    login = await loginAsDemoUser(context);
  });

  /** The first bond of a filtered list (with its detail). */
  async function firstBond(query: string): Promise<BondDetailResponse> {
    const list = await apiGet<BondListResponse>(login, `/v2/bond?limit=1&columns=bondIdentifier&${query}`);
    expect(list.rows.length, `a bond for ${query}`).toBe(1);
    return apiGet<BondDetailResponse>(login, `/v2/bond/${list.rows[0]!.id}`);
  }

  /** A callable bond with a call still ahead of its pricing day (the first callable one may be past its last call date). */
  async function bondWithCallAhead(): Promise<BondDetailResponse> {
    const list = await apiGet<BondListResponse>(login, '/v2/bond?limit=50&columns=bondIdentifier&callable=true');
    for (const row of list.rows) {
      const bond = await apiGet<BondDetailResponse>(login, `/v2/bond/${row.id}`);
      if (bond.analytics && bond.lineage && bond.callSchedule.some((c) => c.date > bond.lineage!.priceDate)) return bond;
    }
    throw new Error('no callable bond with a call ahead among the first 50');
  }

  test("the pricing calculator's price → yield agrees with the server's analytics", async ({ page }) => {
    const bond = await bondWithCallAhead();
    const server = bond.analytics!;
    expect(server.price).not.toBeNull();
    await openRoute(page, `/bw/bond/${bond.id}/pricing`);
    await expect(page.getByTestId('bond-description')).toHaveText(bond.description, { timeout: 30_000 });
    await expect(page.getByTestId('calc-ytm')).toBeVisible();
    // Both the analytics and the calculator settle T+1 after the pricing day, on the bond's page.
    expect(bond.settlementDate > bond.analyticsCurve!.pricingDay).toBe(true);
    await expect(page.getByTestId('calc-settlement')).toHaveValue(bond.settlementDate);
    await expect(page.getByTestId('server-settlement')).not.toBeEmpty();

    // Type the server's price into the calculator: the yield must be the API's yieldToMaturity.
    await page.getByTestId('calc-price').fill(String(server.price));
    await expect(page.getByTestId('calc-out-price')).toHaveAttribute('data-value', String(server.price));
    const ytm = Number(await page.getByTestId('calc-ytm').getAttribute('data-value'));
    expect(Math.abs(ytm - server.yieldToMaturity!)).toBeLessThan(1e-6);
    const ytw = Number(await page.getByTestId('calc-ytw').getAttribute('data-value'));
    expect(Math.abs(ytw - server.yieldToWorst!)).toBeLessThan(1e-6);
    // …and its G-spread the displayed one: the calculator prices on the curve the analytics used.
    expect(bond.analyticsCurve, 'the detail names the curve its analytics used').not.toBeNull();
    await expect(page.getByTestId('calc-note')).toHaveAttribute('data-curve-date', bond.analyticsCurve!.date);
    const gSpread = Number(await page.getByTestId('calc-gspread').getAttribute('data-value'));
    expect(Math.abs(gSpread - server.gSpread!)).toBeLessThan(0.05);
    await expect(page.getByTestId('calc-calls').locator('tbody tr')).not.toHaveCount(0);
    await screenshot(page, 'bond-pricing');

    // Yield → price goes back to the same price.
    await page.getByTestId('calc-yield').fill(String(server.yieldToMaturity! * 100));
    const price = Number(await page.getByTestId('calc-out-price').getAttribute('data-value'));
    expect(Math.abs(price - server.price!)).toBeLessThan(1e-3);

    // What-if settlement a month later moves the yield for the same price.
    await page.getByTestId('calc-price').fill(String(server.price));
    const later = new Date(Date.parse(`${bond.lineage!.priceDate}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
    await page.getByTestId('calc-settlement').fill(later);
    await expect(page.getByTestId('calc-ytm')).not.toHaveAttribute('data-value', String(ytm));
  });

  for (const [kind, query] of [
    ['callable', 'callable=true'],
    ['FRN', 'q=FRN'],
  ] as const) {
    test(`cash flow renders for a ${kind}`, async ({ page }) => {
      const bond = await firstBond(query);
      await openRoute(page, `/bw/bond/${bond.id}/cashflow`);
      await expect(page.getByTestId('bond-description')).toHaveText(bond.description, { timeout: 30_000 });
      const rows = page.getByTestId('cashflow-row');
      await expect(rows.first()).toBeVisible();
      const flows = await apiGet<{ cashflows: unknown[] }>(login, `/v2/bond/${bond.id}/cashflows`);
      await expect(rows).toHaveCount(flows.cashflows.length);
      await expect(page.getByTestId('cashflow-totals')).toContainText('100.0000');
      await expect(page.getByTestId('cashflow-chart').locator('canvas').first()).toBeVisible();
      await screenshot(page, `bond-cashflow-${kind.toLowerCase()}`);
    });
  }

  test('market moves show the biggest movers as bars and a table, by metric and period', async ({ page }) => {
    await openRoute(page, '/bw/bond/chart?metric=spread&period=1w');
    await expect(page.getByTestId('moves-row').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('moves-chart')).toBeVisible();
    await screenshot(page, 'bond-moves');
    await page.getByTestId('moves-metric').getByText('Price').click();
    await expect.poll(() => new URL(page.url()).hash).toContain('metric=price');
    await expect(page.getByTestId('moves-row').first()).toBeVisible();
  });

  test('custom bond tables: create, open, rename and delete', async ({ page }) => {
    const existing = await apiGet<{ tables: Array<{ id: string }> }>(login, '/v2/bond-tables');
    for (const t of existing.tables) await apiSend(login, 'DELETE', `/v2/bond-tables/${t.id}`);

    await openRoute(page, '/bw/bond/config');
    await expect(page.getByTestId('bond-tables-empty')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('new-table-name').fill('E2E callables');
    await page.getByTestId('create-table').click();
    const row = page.getByTestId('bond-table-row');
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute('data-name', 'E2E callables');
    await screenshot(page, 'bond-config');

    await row.getByTestId('open-table').click();
    await expect(page.getByTestId('page-title')).toHaveText('E2E callables');
    await expect(page.locator('.ag-row[row-index="0"] [col-id="bondIdentifier"]').first()).not.toBeEmpty({ timeout: 30_000 });
    await page.getByTestId('filter-callable').getByText('Callable').click();
    await expect
      .poll(
        async () =>
          (await apiGet<{ tables: Array<{ filters: { callable: boolean | null } }> }>(login, '/v2/bond-tables')).tables[0]!.filters
            .callable,
        { timeout: 10_000 },
      )
      .toBe(true);
    await expect(page.getByTestId('table-save-state')).toHaveText('Saved');
    await screenshot(page, 'bond-config-table');

    await page.goBack();
    await expect(page.getByTestId('bond-table-row')).toHaveCount(1);
    await page.getByTestId('rename-table').click();
    await page.getByTestId('table-name-input').fill('E2E renamed');
    await page.getByTestId('table-name-save').click();
    await expect(page.getByTestId('bond-table-row')).toHaveAttribute('data-name', 'E2E renamed');

    await page.getByTestId('duplicate-table').click();
    await expect(page.getByTestId('bond-table-row')).toHaveCount(2);

    for (let left = 1; left >= 0; left--) {
      const doomed = page.getByTestId('bond-table-row').first();
      const name = await doomed.getAttribute('data-name');
      await doomed.getByTestId('delete-table').click();
      await expect(page.getByRole('dialog')).toContainText(`Delete “${name}”`);
      await page.getByTestId('confirm-delete').click();
      // The dialog stays open, its button busy, until the table is gone and the list read again.
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(page.getByTestId('bond-table-row')).toHaveCount(left);
    }
    await expect(page.getByTestId('bond-tables-empty')).toBeVisible();
  });
});
