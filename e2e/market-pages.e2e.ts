import { expect, test, type Page } from '@playwright/test';
import type { UiPreferences } from '../common/api/user';
import type { BondDetailResponse, BondListResponse } from '../common/api/bond';
import type { IssuerDetailResponse } from '../common/api/issuer';
import type { MarketSectorsResponse, MarketSummaryResponse } from '../common/api/market';
import { apiGet, apiSend, loginAsDemoUser, openRoute, type LoggedIn } from './support/login';

const prefsPath = (login: LoggedIn) => `/v2/user/${encodeURIComponent(login.userId)}/preferences`;

/**
 * Market pages against the real server and its simulated market: the summary grid and its
 * drill-down to the detail URL, the sector overview's drill-down to the filtered bond table,
 * bond history for a callable and an FRN, /bw/history comparison, and the term-structure change.
 * Each page is saved as a 1440×900 dark screenshot in test-results/screenshots/.
 */
async function shot(page: Page, name: string): Promise<void> {
  // Let the charts paint after their data arrived: two animation frames, not a fixed wait.
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}

/** The hash route the app is on. */
const route = (page: Page) => decodeURIComponent(new URL(page.url()).hash.slice(1));

test.describe('market pages', () => {
  let login: LoggedIn;

  test.beforeEach(async ({ context }) => {
    login = await loginAsDemoUser(context);
    await apiSend(login, 'PUT', prefsPath(login), { preferences: {} });
  });

  test('after login the summary shows the grid with numbers; a cell opens its detail URL with the chart; back returns', async ({
    page,
  }) => {
    // The as-of the page was given (an earlier test may have imported a curve, repricing the market now).
    const summaryAnswer = page.waitForResponse((r) => r.url().includes('/v2/market/summary') && r.ok());
    await openRoute(page, '/bw');
    await expect(page).toHaveURL(/#\/bw\/market\/summary/, { timeout: 30_000 });
    const { asOf } = (await (await summaryAnswer).json()) as MarketSummaryResponse;
    const grid = page.getByTestId('summary-grid');
    await expect(grid).toBeVisible({ timeout: 30_000 });
    const allBonds = page.getByTestId('summary-cell-all-all');
    await expect(allBonds).toHaveAttribute('data-value', /^\d+(\.\d+)?$/);
    await expect(allBonds).toContainText(/\d+\.\d/);
    // The e2e market is static (no live ticks): its figures are the last close, and the page says
    // so instead of calling them live — unless a test before this one imported a curve, which
    // reprices the whole market now.
    if (asOf?.endsWith('T23:59:59.999Z')) {
      await expect(page.getByTestId('market-as-of')).toHaveAttribute('data-freshness', 'close');
      await expect(page.getByTestId('summary-asof')).toHaveText(/^Close of [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    } else {
      await expect(page.getByTestId('market-as-of')).toHaveAttribute('data-freshness', /^(live|delayed)$/);
      await expect(page.getByTestId('summary-asof')).toHaveText(/^as of .* ET(Live|Delayed)$/);
    }
    await expect(page.getByTestId('treasury-chart')).toHaveAttribute('data-series', '2');
    await expect(page.getByTestId('market-index-chart')).toHaveAttribute('data-series', '2', { timeout: 30_000 });
    await shot(page, 'market-summary');

    // Columns are the market preferences: hiding 20Y takes it off the grid and is saved (1 s debounce).
    await page.getByTestId('tenor-chooser').click();
    await page.getByTestId('tenor-toggle-20Y').click();
    await expect(page.getByTestId('summary-cell-all-20Y')).toHaveCount(0);
    await expect
      .poll(async () => (await apiGet<{ preferences: UiPreferences }>(login, prefsPath(login))).preferences.market?.visibleTenors, {
        timeout: 10_000,
      })
      .toEqual(['1Y', '2Y', '3Y', '5Y', '7Y', '10Y', '30Y']);
    await page.keyboard.press('Escape');
    await page.getByTestId('page-title').click(); // focus out of the chooser's checkboxes

    // Yield metric (key y), then the IG cell of the first bucket with bonds.
    await page.keyboard.press('y');
    await expect(grid).toHaveAttribute('data-metric', 'yield');
    const cell = page.locator('[data-testid^="summary-cell-IG-"][href]').first();
    const testId = (await cell.getAttribute('data-testid'))!;
    const tenor = testId.replace('summary-cell-IG-', '');
    await cell.click();
    await expect.poll(() => route(page)).toBe(`/bw/market/detail/yield/${tenor}/IG`);
    await expect(page.getByTestId('market-detail-page')).toHaveAttribute('data-tenor', tenor);
    await expect(page.getByTestId('detail-chart')).toHaveAttribute('data-series', '1', { timeout: 30_000 });
    await expect(page.getByTestId('detail-title')).toContainText('Investment grade');
    await shot(page, 'market-detail');

    // A selector changes the URL; back walks back to the cell, then to the summary.
    await page.getByTestId('detail-metric').getByText('Spread', { exact: true }).click();
    await expect.poll(() => route(page)).toBe(`/bw/market/detail/spread/${tenor}/IG`);
    await page.goBack();
    await expect.poll(() => route(page)).toBe(`/bw/market/detail/yield/${tenor}/IG`);
    await page.goBack();
    await expect(page.getByTestId('summary-grid')).toBeVisible();
  });

  test('sector overview drills from a sector to its issuers and the bond table filtered by it', async ({ page }) => {
    const sectors = await apiGet<MarketSectorsResponse>(login, '/v2/market/sectors');
    const sector = [...sectors.sectors].sort((a, b) => b.bondCount - a.bondCount)[0]!;
    await openRoute(page, '/bw/sector/overview');
    const table = page.getByTestId('sector-table');
    await expect(table.getByText(sector.name, { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('sector-bars')).toBeVisible();
    await table.getByText(sector.name, { exact: true }).click();
    await expect.poll(() => route(page)).toBe(`/bw/sector/overview?sector=${sector.code}`);
    await expect(page.getByTestId('drill-title')).toContainText(sector.name);
    const issuers = page.getByTestId('issuer-table');
    await expect(issuers.locator('.ag-row').first()).toBeVisible({ timeout: 30_000 });
    await issuers.locator('.ag-row').first().click();
    await expect(page.getByTestId('issuer-curve-chart')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'sector-overview');

    const issuerId = new URLSearchParams(route(page).split('?')[1]).get('issuer')!;
    expect(issuerId).toMatch(/^\d+$/);
    await page.getByTestId('sector-bonds-link').click();
    await expect.poll(() => route(page)).toBe(`/bw/bond?sector=${sector.code}`);
    const filtered = await apiGet<BondListResponse>(login, `/v2/bond?sector=${sector.code}&limit=1&columns=bondIdentifier`);
    await expect(page.locator('.ag-row[row-index="0"] [col-id="bondIdentifier"]').first()).toHaveText(filtered.rows[0]!.bondIdentifier!, {
      timeout: 30_000,
    });

    // Back to the issuer; its link filters the bond table by issuer id (not a ticker text search,
    // whose prefix could match other issuers), shown as a removable filter naming the issuer.
    await page.goBack();
    await expect.poll(() => route(page)).toContain(`issuer=${issuerId}`);
    await page.getByTestId('issuer-bonds-link').click();
    await expect.poll(() => route(page)).toBe(`/bw/bond?issuerId=${issuerId}`);
    const issuer = await apiGet<IssuerDetailResponse>(login, `/v2/issuer/${issuerId}`);
    const own = await apiGet<BondListResponse>(login, `/v2/bond?issuerId=${issuerId}&limit=500&columns=ticker`);
    expect(own.total, 'the most prolific issuer has outstanding bonds').toBeGreaterThan(0);
    const pill = page.getByTestId('filter-issuer');
    await expect(pill).toHaveCount(1);
    await expect(pill).toHaveAttribute('data-issuer-id', issuerId);
    await expect(pill).toContainText(`${issuer.ticker} · ${issuer.displayName}`, { timeout: 30_000 });
    await expect(page.getByTestId('bond-count')).toHaveText(`${own.total} ${own.total === 1 ? 'bond' : 'bonds'}`, { timeout: 30_000 });
    // The grid renders only the rows in view (virtualised), so the count is the one above; every
    // rendered row is the issuer's.
    const tickers = page.locator('.ag-row [col-id="ticker"]');
    await expect(tickers.first()).toHaveText(issuer.ticker);
    expect(await tickers.count()).toBeLessThanOrEqual(own.total);
    expect(new Set(await tickers.allInnerTexts())).toEqual(new Set([issuer.ticker]));
    await shot(page, 'bond-table-issuer');

    // Removing the filter shows every bond again.
    await pill.getByRole('button', { name: `Remove issuer filter ${issuer.ticker}` }).click();
    await expect.poll(() => route(page)).toBe('/bw/bond');
    await expect(page.getByTestId('filter-issuer')).toHaveCount(0);
    await expect(page.getByTestId('bond-count')).not.toHaveText(`${own.total} ${own.total === 1 ? 'bond' : 'bonds'}`);
  });

  test('history renders for a callable and an FRN, with trades and the default index; /bw/history compares them', async ({ page }) => {
    const callable = (await apiGet<BondListResponse>(login, '/v2/bond?callable=true&limit=1&columns=description')).rows[0]!;
    const candidates = (await apiGet<BondListResponse>(login, '/v2/bond?q=FRN&limit=20&columns=description')).rows;
    let frn: BondDetailResponse | undefined;
    for (const c of candidates) {
      const detail = await apiGet<BondDetailResponse>(login, `/v2/bond/${c.id}`);
      if (detail.terms.couponType === 'floating') {
        frn = detail;
        break;
      }
    }
    expect(frn, 'the simulated market has a floating-rate note').toBeDefined();

    for (const [id, name] of [
      [callable.id, 'bond-history-callable'],
      [frn!.id, 'bond-history-frn'],
    ] as const) {
      await openRoute(page, `/bw/bond/${id}/history`);
      await expect(page.getByTestId('bond-description')).toBeVisible({ timeout: 30_000 });
      const chart = page.getByTestId('history-chart');
      await expect(chart).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('plot-stats')).toContainText('Last');
      // Price plus the default index when the bond is rated.
      await expect(chart).toHaveAttribute('data-series', /^[12]$/);
      await page.getByTestId('history-metric').getByText('Yield', { exact: true }).click();
      await expect(page).toHaveURL(/metric=yield/);
      await expect(page.getByTestId('history-chart')).toBeVisible();
      await shot(page, name);
    }

    await openRoute(page, `/bw/history?bonds=${callable.id},${frn!.id}&mode=normalised`);
    await expect(page.getByTestId('history-bond')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('compare-chart')).toHaveAttribute('data-series', '2', { timeout: 30_000 });
    await shot(page, 'history-compare');
  });

  test('term-structure change shows the curve on both dates and the change per tenor', async ({ page }) => {
    await openRoute(page, '/bw/term-structure-change');
    const levels = page.getByTestId('tsc-levels-chart');
    // From and to curves (plus individual bonds with term_structure_change_visual_bond).
    await expect(levels).toHaveAttribute('data-series', /^(2|4)$/, { timeout: 30_000 });
    await expect(page.getByTestId('tsc-change-chart')).toBeVisible();
    await expect(page.getByTestId('tsc-row')).toHaveCount(8);
    await expect(page.getByTestId('tsc-row').first()).toContainText(/\d+\.\d bp/);
    await page.getByTestId('tsc-metric').getByText('Yield', { exact: true }).click();
    await expect(page).toHaveURL(/metric=yield/);
    await expect(page.getByTestId('tsc-row').first()).toContainText('%');
    await shot(page, 'term-structure-change');
  });
});
