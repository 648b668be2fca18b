import { expect, test } from '@playwright/test';
import type { AccuracyReport } from '../common/api/accuracy';
import { apiGet, loginAsDemoUser, openRoute, screenshot } from './support/login';

/**
 * The accuracy page against the real server: once the accuracy-backtest job has evaluated the
 * seeded market's trades (it waits for the background price history, then takes a batch every
 * 10 s), a user sees the coverage line, the overall table with the baselines beside the evaluated
 * price, the weekly chart, and switches the lower table's dimension through the address.
 */
test('a user sees the backtest of evaluated prices beside the baselines, by dimension', async ({ page, context }) => {
  test.setTimeout(180_000);
  const login = await loginAsDemoUser(context);
  await expect
    .poll(async () => (await apiGet<AccuracyReport>(login, '/v2/market/accuracy')).comparedTrades, { timeout: 150_000, intervals: [2_000] })
    .toBeGreaterThan(0);
  const report = await apiGet<AccuracyReport>(login, '/v2/market/accuracy');

  await openRoute(page, '/bw/market/accuracy');
  await expect(page.getByTestId('page-title')).toHaveText('Pricing accuracy');
  await expect(page.getByTestId('accuracy-coverage')).toContainText('trades compared');
  const overall = page.getByTestId('accuracy-overall');
  await expect(overall.getByRole('columnheader', { name: 'Evaluated price' })).toBeVisible();
  await expect(overall.getByRole('columnheader', { name: 'Last trade' })).toBeVisible();
  await expect(overall.locator('.ag-row').first()).toContainText('All');
  await expect(page.getByTestId('accuracy-chart').locator('canvas').first()).toBeVisible();
  // All three rows of the overall table show, and no header is cut short.
  await expect(overall.getByRole('gridcell', { name: 'HY', exact: true })).toBeInViewport({ ratio: 1 });
  const cut = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.ag-header-cell-text'))
      .filter((el) => el.offsetParent !== null && el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.textContent),
  );
  expect(cut).toEqual([]);

  await page.getByTestId('accuracy-dimension').getByText('Tenor').click();
  await expect(page).toHaveURL(/by=byTenor/);
  const firstTenor = report.byTenor[0]!;
  await expect(page.getByTestId('accuracy-table').locator('.ag-row').first()).toContainText(firstTenor.key);
  await screenshot(page, 'market-accuracy');

  // The last month only: the page asks for trades from a month ago.
  const monthAnswer = page.waitForResponse((r) => r.url().includes('/v2/market/accuracy?from=') && r.ok());
  await page.getByTestId('accuracy-range').getByText('1M').click();
  await expect(page).toHaveURL(/range=1m/);
  const month = (await (await monthAnswer).json()) as AccuracyReport;
  expect(month.from! >= report.from!).toBe(true);
  await expect(page.getByTestId('accuracy-coverage')).toContainText(`${month.comparedTrades.toLocaleString('en-US')} trades compared`);
});
