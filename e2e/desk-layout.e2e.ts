import { expect, test } from '@playwright/test';
import type { DealListResponse } from '../common/api/primary';
import type { MarketSectorsResponse } from '../common/api/market';
import { newYorkToday } from '../common/calendar';
import { apiGet, loginAsDemoUser, openRoute, screenshot, type LoggedIn } from './support/login';

/**
 * Two layout defects a desk noticed (issue 34, item 3): the sector drill-down's issuer table cut
 * its Bonds column at the card's right edge on a 1280 px screen, and the new-issues calendar kept
 * a 420 px panel under a single deal.
 */
test.describe('desk layout', () => {
  let login: LoggedIn;
  test.beforeEach(async ({ context, page }) => {
    login = await loginAsDemoUser(context);
    // A fresh login's first open lands on the summary; the tests' own routes come after it.
    await openRoute(page, '/bw/market/summary');
    await expect(page.getByTestId('app-layout')).toBeVisible({ timeout: 60_000 });
  });

  test("the sector drill-down's issuer table shows its Bonds column whole at 1280×800", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const sectors = await apiGet<MarketSectorsResponse>(login, '/v2/market/sectors');
    const sector = [...sectors.sectors].sort((a, b) => b.bondCount - a.bondCount)[0]!;
    await openRoute(page, `/bw/sector/overview?sector=${sector.code}`);
    const issuers = page.getByTestId('issuer-table');
    await expect(issuers.locator('.ag-row').first()).toBeVisible({ timeout: 30_000 });
    await screenshot(page, 'sector-drilldown-1280');
    const edges = await issuers.evaluate((grid) => {
      const right = grid.querySelector('.ag-root-wrapper')!.getBoundingClientRect().right;
      const cells = [...grid.querySelectorAll<HTMLElement>('[col-id="bondCount"]')];
      return { right, cells: cells.map((c) => c.getBoundingClientRect().right), texts: cells.map((c) => c.innerText.trim()) };
    });
    expect(edges.cells.length).toBeGreaterThan(1); // the header and at least one row
    expect(edges.texts[0]).toBe('Bonds');
    for (const cellRight of edges.cells) expect(cellRight).toBeLessThanOrEqual(edges.right);
  });

  test('the new-issues calendar is as tall as its rows when a day has one deal', async ({ page }) => {
    const today = newYorkToday(new Date());
    const from = new Date(Date.parse(`${today}T12:00:00Z`) - 60 * 86_400_000).toISOString().slice(0, 10);
    const { deals } = await apiGet<DealListResponse>(login, `/v2/primary/deal?from=${from}&to=${today}`);
    const byDay = new Map<string, typeof deals>();
    for (const d of deals) {
      const key = newYorkToday(new Date(d.announcedAt));
      byDay.set(key, [...(byDay.get(key) ?? []), d]);
    }
    const single = [...byDay.values()].find((ds) => ds.length === 1)?.[0];
    expect(single, 'a day in the last 60 with exactly one deal').toBeDefined();
    const day = newYorkToday(new Date(single!.announcedAt));
    await openRoute(page, `/bw/primary/new-issues?from=${day}&to=${day}`);
    const grid = page.getByTestId('new-issues-grid');
    const rows = grid.locator('.ag-row[row-index]');
    const rowIndexes = () => rows.evaluateAll((els) => new Set(els.map((e) => e.getAttribute('row-index'))).size);
    await expect.poll(rowIndexes, { timeout: 30_000 }).toBe(single!.tranches.length);
    await screenshot(page, 'new-issues-one-deal');
    const height = (await grid.boundingBox())!.height;
    // A 28 px header, 26 px rows (at most five tranches) and a scroll bar: well under the old 420 px.
    expect(height).toBeLessThan(28 + 5 * 26 + 40);
    // Every row still shows: the last row's bottom is inside the grid.
    const last = await grid
      .locator(`.ag-row[row-index="${single!.tranches.length - 1}"]`)
      .first()
      .boundingBox();
    const box = (await grid.boundingBox())!;
    expect(last!.y + last!.height).toBeLessThanOrEqual(box.y + box.height);
  });
});
