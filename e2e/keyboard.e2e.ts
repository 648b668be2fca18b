import { test, type Locator, type Page } from '@playwright/test';
import type { BondListResponse } from '../common/api/bond';
import type { CalculatorResponse } from '../common/api/newIssueCalculator';
import { formatPrice } from '../common/format';
import { SECTORS } from '../common/market';
import { expect } from './support/accounts';
import { apiGet, apiSend, loginAsDemoUser, openRoute } from './support/login';

/**
 * The main flows from the keyboard alone (issue 34, item 5): no clicks, only Tab, arrows, Enter
 * and typing, as a person without a mouse or with a screen reader works.
 */

/** Presses Tab until `target` (or a control inside it) has the focus, as a person tabbing through the page does. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) return;
  }
  throw new Error(`${String(target)} did not get the focus after ${limit} presses of Tab`);
}

/** Opens the focused select with the arrow key, moves `steps` options down and takes the option with Enter; returns its label. */
async function chooseWithArrows(page: Page, select: Locator, steps: number): Promise<string> {
  await expect(select).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  return select.inputValue();
}

test.describe('keyboard alone', () => {
  test('the new-issue calculator: mode, sector, rating and an override chosen from the keyboard price as the server does', async ({
    page,
    context,
  }) => {
    const login = await loginAsDemoUser(context);
    await openRoute(page, '/bw/primary/pricing');
    await expect(page.getByTestId('calculator-page')).toBeVisible({ timeout: 30_000 });

    await tabTo(page, page.getByRole('radio', { name: 'Issuer' }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Sector and rating' })).toBeChecked();

    await page.keyboard.press('Tab');
    const sectorName = await chooseWithArrows(page, page.getByRole('combobox', { name: 'Sector', exact: true }), 2);
    const sector = SECTORS.find((s) => s.name === sectorName)?.code;
    expect(sector, `a sector was chosen (${sectorName})`).toBeDefined();
    await page.keyboard.press('Tab');
    const rating = await chooseWithArrows(page, page.getByRole('combobox', { name: 'Rating (S&P)' }), 3);

    const concession = page.getByTestId('tranche-0').getByLabel('Concession, bp');
    await tabTo(page, concession);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('0');

    const server = await apiSend<CalculatorResponse>(login, 'POST', '/v2/primary/calculator', {
      sector,
      rating,
      tranches: [{ tenorYears: 10, sizeMm: 1000, concessionBp: 0 }],
    });
    await expect(page.getByTestId('tranche-0-price')).toHaveText(formatPrice(server.tranches[0]!.price), { timeout: 30_000 });
  });

  test('the alert editor: a level typed, the alert named and saved, then paused and deleted from its row, all from the keyboard', async ({
    page,
    context,
  }) => {
    const login = await loginAsDemoUser(context);
    const bonds = await apiGet<BondListResponse>(login, '/v2/bond?limit=1&columns=description&sort=volume&sortDesc=true');
    await openRoute(page, `/bw/alerts/subscriptions?bondId=${bonds.rows[0]!.id}`);
    await expect(page.getByTestId('hawk-kind')).toBeVisible({ timeout: 30_000 });

    await tabTo(page, page.getByTestId('hawk-level'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('0.01');
    await expect(page.getByTestId('hawk-preview-count')).not.toHaveText('0', { timeout: 30_000 });
    const name = `e2e keyboard alert ${Date.now()}`;
    await tabTo(page, page.getByTestId('hawk-name'));
    await page.keyboard.type(name);
    await tabTo(page, page.getByTestId('hawk-save'));
    await page.keyboard.press('Enter');

    const row = page.getByTestId('hawk-subscriptions').locator('tr', { hasText: name });
    await expect(row.getByTestId('hawk-status')).toHaveText('Active');
    await tabTo(page, row.getByTestId('hawk-pause'));
    await page.keyboard.press('Enter');
    await expect(row.getByTestId('hawk-status')).toHaveText('Paused');
    await tabTo(page, row.getByTestId('hawk-delete'));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByTestId('confirm-delete'));
    await page.keyboard.press('Enter');
    await expect(row).toHaveCount(0);
  });
});
