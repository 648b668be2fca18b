import { expect, test, type Page } from '@playwright/test';
import type { UiPreferences } from '../common/api/user';
import type { BondListResponse } from '../common/api/bond';
import { apiGet, apiSend, loginAsDemoUser, openRoute, screenshot, type LoggedIn } from './support/login';

/**
 * The bond table (/bw/bond) against the real server and simulated market: header sorts and
 * column visibility are the user's `bonds` preferences, saved 1 s after the change and restored
 * after a reload.
 */
const prefsPath = (login: LoggedIn) => `/v2/user/${encodeURIComponent(login.userId)}/preferences`;
const storedBonds = async (login: LoggedIn) =>
  (await apiGet<{ preferences: UiPreferences }>(login, prefsPath(login))).preferences.bonds ?? {};
const header = (page: Page, column: string) => page.locator(`.ag-header-cell[col-id="${column}"]`);
/** The CUSIP shown in a grid row (by row index). */
const cusipAt = (page: Page, index: number) => page.locator(`.ag-row[row-index="${index}"] [col-id="bondIdentifier"]`).first();

test.describe('bond table', () => {
  // A loaded CI machine can take tens of seconds per page load; the steps themselves are quick.
  test.setTimeout(150_000);
  let login: LoggedIn;

  test.beforeEach(async ({ context }) => {
    login = await loginAsDemoUser(context);
    await apiSend(login, 'PUT', prefsPath(login), { preferences: {} });
  });

  test('opens with volume descending, sorts by a clicked header and the sort survives a reload', async ({ page }) => {
    await openRoute(page, '/bw/bond');
    await expect(cusipAt(page, 0)).not.toBeEmpty({ timeout: 30_000 });
    await expect(header(page, 'volume')).toHaveAttribute('aria-sort', 'descending');
    const byVolume = await apiGet<BondListResponse>(login, '/v2/bond?limit=1&columns=bondIdentifier');
    await expect(cusipAt(page, 0)).toHaveText(byVolume.rows[0]!.bondIdentifier!);
    await screenshot(page, 'bond-table');

    await header(page, 'yieldToWorst').locator('.ag-header-cell-label').click();
    await expect(header(page, 'yieldToWorst')).toHaveAttribute('aria-sort', 'descending');
    const byYtw = await apiGet<BondListResponse>(login, '/v2/bond?limit=3&sort=yieldToWorst&sortDesc=true&columns=bondIdentifier');
    await expect(cusipAt(page, 0)).toHaveText(byYtw.rows[0]!.bondIdentifier!);
    await expect(cusipAt(page, 1)).toHaveText(byYtw.rows[1]!.bondIdentifier!);

    // Shift-click adds the secondary sort (the API's sort2).
    await header(page, 'coupon')
      .locator('.ag-header-cell-label')
      .click({ modifiers: ['Shift'] });
    await expect(header(page, 'coupon')).toHaveAttribute('aria-sort', 'descending');
    await expect
      .poll(() => storedBonds(login), { timeout: 10_000 })
      .toMatchObject({
        primarySort: 'yieldToWorst',
        primaryDescending: true,
        secondarySort: 'coupon',
        secondaryDescending: true,
      });

    await page.reload();
    await expect(cusipAt(page, 0)).not.toBeEmpty({ timeout: 30_000 });
    await expect(header(page, 'yieldToWorst')).toHaveAttribute('aria-sort', 'descending');
    await expect(header(page, 'coupon')).toHaveAttribute('aria-sort', 'descending');
    await expect(header(page, 'volume')).toHaveAttribute('aria-sort', 'none');
    await expect(cusipAt(page, 0)).toHaveText(byYtw.rows[0]!.bondIdentifier!);

    // A second click on the primary header flips it to ascending.
    await header(page, 'yieldToWorst').locator('.ag-header-cell-label').click();
    await expect(header(page, 'yieldToWorst')).toHaveAttribute('aria-sort', 'ascending');
    const ascending = await apiGet<BondListResponse>(login, '/v2/bond?limit=1&sort=yieldToWorst&sortDesc=false&columns=bondIdentifier');
    await expect(cusipAt(page, 0)).toHaveText(ascending.rows[0]!.bondIdentifier!);
  });

  test('a column hidden with the column chooser stays hidden after a reload', async ({ page }) => {
    await openRoute(page, '/bw/bond');
    await expect(cusipAt(page, 0)).not.toBeEmpty({ timeout: 30_000 });
    await expect(header(page, 'ticker')).toBeVisible();
    await page.getByTestId('column-chooser').click();
    await page.getByTestId('column-chooser-panel').getByRole('checkbox', { name: 'Ticker', exact: true }).uncheck();
    await expect(header(page, 'ticker')).toHaveCount(0);
    // Wait for the save itself: before it, visibleColumns is absent (the test starts from {}).
    await expect
      .poll(
        async () => {
          const saved = (await storedBonds(login)).visibleColumns;
          return saved === undefined ? 'not saved yet' : saved.includes('ticker') ? 'ticker saved' : 'saved without ticker';
        },
        { timeout: 10_000 },
      )
      .toBe('saved without ticker');
    await page.reload();
    await expect(cusipAt(page, 0)).not.toBeEmpty({ timeout: 30_000 });
    await expect(header(page, 'ticker')).toHaveCount(0);
    await expect(header(page, 'price')).toBeVisible();
  });

  test('filters and quick search narrow the list; a row click opens the bond', async ({ page }) => {
    await openRoute(page, '/bw/bond?callable=true&rating=HY');
    await expect(cusipAt(page, 0)).not.toBeEmpty({ timeout: 30_000 });
    const filtered = await apiGet<BondListResponse>(login, '/v2/bond?limit=1&callable=true&rating=HY&columns=bondIdentifier');
    await expect(page.getByTestId('bond-count')).toHaveText(`${filtered.total.toLocaleString('en-US')} bonds`);
    const cusip = filtered.rows[0]!.bondIdentifier!;
    await page.getByTestId('filter-q').fill(cusip);
    await expect(page.getByTestId('bond-count')).toHaveText('1 bond');
    await expect(cusipAt(page, 0)).toHaveText(cusip);
    await cusipAt(page, 0).click();
    await expect.poll(() => new URL(page.url()).hash).toBe(`#/bw/bond/${filtered.rows[0]!.id}/pricing`);
    await expect(page.getByTestId('calculator')).toBeVisible();
  });

  test('live updates: a value that changed on the server by the next refresh replaces the cell and flashes it', async ({ page }) => {
    // The e2e market is static (LIVE_MARKET=false): move the first row's price in the responses after the first page.
    let pages = 0;
    await page.route('**/v2/bond?**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as BondListResponse;
      pages++;
      if (pages > 1 && body.offset === 0 && body.rows[0]) body.rows[0].price = 123.456 + (pages % 2) / 1000;
      await route.fulfill({ response, json: body });
    });
    await openRoute(page, '/bw/bond');
    await expect(cusipAt(page, 0)).not.toBeEmpty({ timeout: 30_000 });
    const price = page.locator('.ag-row[row-index="0"] [col-id="price"]').first();
    await expect(price).toHaveText(/^123\.45[67]$/, { timeout: 20_000 });
    // Each refresh moves it again; the moved cell flashes.
    await expect(page.locator('.ag-cell-data-changed, .ag-cell-data-changed-animation').first()).toBeAttached({ timeout: 15_000 });
  });
});
