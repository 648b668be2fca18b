import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { CalculatorResponse } from '../common/api/newIssueCalculator';
import type { PricingSheet } from '../common/api/pricingSheets';
import type { DealListResponse, VolumeResponse } from '../common/api/primary';
import { formatPrice, formatSpreadLevel, formatYield } from '../common/format';
import { WORKBOOK_ROWS as ROWS } from '../server/services/primary/calculatorWorkbook';
import { apiGet, apiSend, loginAsDemoUser, openRoute, screenshot, type LoggedIn } from './support/login';

/**
 * The primary market against the real server and simulated market: the new-issue calendar over
 * the last two months of deals, opening a deal from the keyboard, and the calendar taking in a
 * deal's next stage without a reload.
 */
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const FROM = day(-60);
const TO = day(0);
const cell = (page: import('@playwright/test').Page, row: number, column: string) =>
  page.locator(`[data-testid="new-issues-grid"] .ag-row[row-index="${row}"] [col-id="${column}"]`).first();

test.describe('primary markets', () => {
  test.setTimeout(150_000);
  let login: LoggedIn;

  test.beforeEach(async ({ context }) => {
    login = await loginAsDemoUser(context);
  });

  test('the calendar lists the deals of its range, and Enter opens a deal with its tranches and curve', async ({ page }) => {
    const { deals } = await apiGet<DealListResponse>(login, `/v2/primary/deal?from=${FROM}&to=${TO}`);
    expect(deals.length, 'the simulated market has deals in two months').toBeGreaterThan(0);
    await openRoute(page, `/bw/primary/new-issues?from=${FROM}&to=${TO}`);
    await expect(page.getByTestId('deal-count')).toContainText(`${deals.length} deal`, { timeout: 30_000 });
    await expect(cell(page, 0, 'issuer')).toHaveText(deals[0]!.issuer.displayName);
    await expect(page.getByTestId('deal-weeks-grid').locator('.ag-row').first()).toBeVisible();
    await screenshot(page, 'new-issues');

    await cell(page, 0, 'issuer').click();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/bw\/primary\/pricing\/\d+$/);
    await expect(page.getByTestId('deal-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('tranches-grid').locator('.ag-row').first()).toBeVisible();
    await expect(page.getByTestId('issuer-curve-chart')).toBeVisible();
    await screenshot(page, 'deal');
  });

  test('a deal reaching its next stage shows in the calendar without a reload', async ({ page }) => {
    // The e2e market is static (LIVE_MARKET=false): from the second answer on, the first deal has priced.
    let answers = 0;
    await page.route('**/v2/primary/deal?**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as DealListResponse;
      answers++;
      const first = body.deals[0];
      if (answers > 1 && first) {
        first.status = 'priced';
        first.tranches[0]!.pricedSpreadBp = 123.4;
      }
      await route.fulfill({ response, json: body });
    });
    await openRoute(page, `/bw/primary/new-issues?from=${FROM}&to=${TO}`);
    await expect(page.getByTestId('deal-count')).toContainText('deal', { timeout: 30_000 });
    await expect(page.locator('[data-testid="new-issues-grid"] [col-id="pricedSpreadBp"]', { hasText: '123.4 bp' })).toBeVisible({
      timeout: 40_000,
    });
  });

  test('new-issue volume: monthly by sector in the URL, the year to date, and the table as CSV', async ({ page }) => {
    const volume = await apiGet<VolumeResponse>(login, '/v2/primary/volume?period=month&by=sector&periods=12');
    await openRoute(page, '/bw/primary/new-issue-volume?period=month&by=sector&periods=12');
    await expect(page.getByTestId('year-to-date')).toContainText(`${volume.yearToDate.year} year to date`, { timeout: 30_000 });
    await expect(page.getByTestId('volume-grid').locator('.ag-header-cell', { hasText: 'Financials' })).toBeVisible();
    await screenshot(page, 'new-issue-volume');
    const download = page.waitForEvent('download');
    await page.getByTestId('volume-csv').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('new-issue-volume-month-sector.csv');
    const text = await readFile((await file.path())!, 'utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toContain('Financials');
    expect(lines).toHaveLength(13);
  });

  test('the new-issue calculator prices a tranche as the server does, an override recomputes it at once, and the workbook keeps it', async ({
    page,
  }) => {
    const request = { sector: 'FINL', rating: 'A', tranches: [{ tenorYears: 10, sizeMm: 1000 }] };
    const server = await apiSend<CalculatorResponse>(login, 'POST', '/v2/primary/calculator', request);
    const t = server.tranches[0]!;
    await openRoute(page, '/bw/primary/pricing');
    await page.getByText('Sector and rating').click();
    await expect(page.getByTestId('tranche-0-price')).toHaveText(formatPrice(t.price), { timeout: 30_000 });
    await expect(page.getByTestId('tranche-0-coupon')).toHaveText(formatYield(t.coupon.value));
    await expect(page.getByTestId('tranche-0-ipt')).toHaveText(formatSpreadLevel(t.iptSpreadBp));
    await expect(page.getByTestId('concession-model')).toContainText(`${server.model.observations} priced tranches`);
    await screenshot(page, 'new-issue-calculator');

    // Overrides: no concession and a 4 % coupon. The page recomputes in the browser; the server,
    // asked with the same overrides, gives the same levels.
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v2/primary/calculator')) calls.push(r.url());
    });
    await page.getByTestId('tranche-0').getByLabel('Concession, bp').fill('0');
    await page.getByTestId('tranche-0').getByLabel('Coupon, %').fill('4');
    const entered = await apiSend<CalculatorResponse>(login, 'POST', '/v2/primary/calculator', {
      ...request,
      tranches: [{ tenorYears: 10, sizeMm: 1000, concessionBp: 0, coupon: 0.04 }],
    });
    const e = entered.tranches[0]!;
    expect(e.reofferSpreadBp).toBeCloseTo(t.fairValue.spreadBp, 1);
    await expect(page.getByTestId('tranche-0-price')).toHaveText(formatPrice(e.price));
    await expect(page.getByTestId('tranche-0-coupon')).toHaveText('4.000%');
    await expect(page.getByTestId('tranche-0-reoffer-spread')).toHaveText(formatSpreadLevel(e.reofferSpreadBp));
    expect(calls, 'overrides recompute without asking the server').toEqual([]);

    // The workbook of what is on screen: the overrides as inputs, the results as formulas over them.
    const download = page.waitForEvent('download');
    await page.getByTestId('calculator-xlsx').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`new-issue-calculator-${entered.pricingDay}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile((await file.path())!)) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('New issue')!;
    const result = (cell: string) => (sheet.getCell(cell).value as { result: number }).result;
    expect(sheet.getCell(`B${ROWS.concession}`).value).toBe(0);
    expect(sheet.getCell(`B${ROWS.couponOverride}`).value).toBe(4);
    expect(result(`B${ROWS.coupon}`)).toBe(4);
    expect(result(`B${ROWS.price}`)).toBe(e.price);
    expect((sheet.getCell(`B${ROWS.price}`).value as { formula: string }).formula).toMatch(/^PRICE\(/);
  });

  test('a pricing sheet round trip: saved from the calculator, edited and kept, a change made elsewhere noticed, an overwrite undone, deleted', async ({
    page,
  }) => {
    await openRoute(page, '/bw/primary/pricing');
    await page.getByText('Sector and rating').click();
    await expect(page.getByTestId('tranche-0-price')).not.toBeEmpty({ timeout: 30_000 });
    await page.getByTestId('tranche-0').getByLabel('Concession, bp').fill('0');
    await page.getByTestId('calculator-save-sheet').click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/bw\/primary\/pricing-sheet\/\d+$/);
    const id = Number(new URL(page.url()).hash.split('/').pop());
    const sheet = () => apiGet<PricingSheet>(login, `/v2/primary/pricing-sheet/${id}`);
    await expect(page.getByTestId('sheet-save-state')).toHaveText('Saved · version 1', { timeout: 30_000 });
    expect((await sheet()).content).toEqual({ sector: 'FINL', rating: 'A', tranches: [{ tenorYears: 10, sizeMm: 1000, concessionBp: 0 }] });

    // Edits are saved a moment after the last one, without a save button.
    await page.getByTestId('sheet-name').fill('E2E round trip');
    await page.getByTestId('tranche-0').getByLabel('Size (USD mm)').fill('750');
    await expect(page.getByTestId('sheet-save-state')).toHaveText(/^Saved · version [23]$/, { timeout: 30_000 });
    const edited = await sheet();
    expect(edited.name).toBe('E2E round trip');
    expect(edited.content.tranches).toEqual([{ tenorYears: 10, sizeMm: 750, concessionBp: 0 }]);

    // Opened again, the sheet is as it was left, override included.
    await page.reload();
    await expect(page.getByTestId('sheet-name')).toHaveValue('E2E round trip', { timeout: 30_000 });
    await expect(page.getByTestId('tranche-0').getByLabel('Size (USD mm)')).toHaveValue('750');
    await expect(page.getByTestId('tranche-0').getByLabel('Concession, bp')).toHaveValue('0');
    await expect(page.getByTestId('tranche-0-price')).not.toBeEmpty({ timeout: 30_000 });
    await screenshot(page, 'pricing-sheet');

    // Another tab saves first: this page's next save is refused, kept, and the saved sheet can be reloaded.
    await apiSend(login, 'PATCH', `/v2/primary/pricing-sheet/${id}`, { baseVersion: edited.version, name: 'Renamed elsewhere' });
    await page.getByTestId('sheet-notes').fill('from this tab');
    await expect(page.getByTestId('sheet-conflict')).toBeVisible({ timeout: 30_000 });
    expect((await sheet()).notes).toBe('');
    await page.getByRole('button', { name: 'Reload the saved sheet' }).click();
    await expect(page.getByTestId('sheet-name')).toHaveValue('Renamed elsewhere');
    await expect(page.getByTestId('sheet-notes')).toHaveValue('');

    // Undo the overwrite: restore the version before it.
    await page.getByTestId('sheet-history').click();
    await page.getByTestId(`sheet-restore-${edited.version}`).click();
    await expect(page.getByTestId('sheet-name')).toHaveValue('E2E round trip');
    await expect(page.getByTestId('sheet-save-state')).toHaveText(`Saved · version ${edited.version + 2}`);
    expect((await sheet()).name).toBe('E2E round trip');

    // The list has it; deleting it (confirmed) removes it.
    await openRoute(page, '/bw/primary/pricing-sheet');
    const row = page.getByTestId(`pricing-sheet-row-${id}`);
    await expect(row).toContainText('E2E round trip', { timeout: 30_000 });
    await row.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-delete').click();
    await expect(row).toHaveCount(0);
  });
});
