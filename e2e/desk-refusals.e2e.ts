import { expect, test, type Page } from '@playwright/test';
import type { BondListResponse } from '../common/api/bond';
import { apiGet, loginAsDemoUser, openRoute, type LoggedIn } from './support/login';

/**
 * No developer text on screen (issue 34, item 2): the refusals a person meets in the alert
 * editor, the bond calculator, a cut-short disable link and the sign-in and bond-table forms read
 * as sentences about what they typed — never a validator's words, a field path or an engine's
 * field name. (Every contract's refusals are walked in web/api/formRefusals.test.ts.)
 */
const RAW =
  /Invalid (?:option|input|string)|expected one of|received|Too (?:small|big)|\b\w+\.\w+:|cleanPrice|gSpread|tSpread|non-positive|not a disable code/;

async function shownText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

test.describe('refusals read as sentences', () => {
  let login: LoggedIn;
  let bondId: number;

  test.beforeEach(async ({ context }) => {
    login = await loginAsDemoUser(context);
    const bonds = await apiGet<BondListResponse>(login, '/v2/bond?limit=1&columns=description&sort=volume&sortDesc=true');
    bondId = bonds.rows[0]!.id;
  });

  test('the alert editor names metrics in the market’s words, keeps a chosen option, and says what is missing', async ({ page }) => {
    await openRoute(page, `/bw/alerts/subscriptions?bondId=${bondId}`);
    await expect(page.getByTestId('hawk-kind')).toBeVisible({ timeout: 30_000 });
    const metric = page.getByLabel('Metric', { exact: true }).first();
    await expect(metric).toHaveValue('Price');
    // Clicking the chosen option again keeps it (it used to deselect, and the rule fell apart).
    await metric.click();
    await expect(page.getByRole('option', { name: 'G-spread' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'gSpread' })).toHaveCount(0);
    await page.getByRole('option', { name: 'Price' }).click();
    await expect(metric).toHaveValue('Price');
    // An empty level is named as the field a person sees, not as rule.level.
    await page.getByTestId('hawk-level').fill('');
    await expect(page.getByTestId('hawk-preview-invalid')).toHaveText('Level is required.');
    expect(await shownText(page)).not.toMatch(RAW);
  });

  test('the calculator refuses a price below zero in words and shows no figure beside it', async ({ page }) => {
    await openRoute(page, `/bw/bond/${bondId}/pricing`);
    await expect(page.getByTestId('calc-ytm')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('calc-price').fill('-97');
    await expect(page.getByTestId('calc-error')).toContainText('Enter a clean price above zero');
    await expect(page.getByTestId('calc-yield')).toHaveValue('');
    await page.getByTestId('calc-price').fill('abc');
    await expect(page.getByTestId('calc-error')).toBeVisible();
    expect(await shownText(page)).not.toMatch(RAW);
  });

  test('a cut-short disable link says to open the whole link', async ({ browser }) => {
    const anonymous = await browser.newContext();
    const page = await anonymous.newPage();
    await openRoute(page, '/bw/alerts/disable/abc');
    await expect(page.getByTestId('hawk-disable-error')).toContainText('open the whole link from the alert e-mail');
    expect(await shownText(page)).not.toMatch(RAW);
    await anonymous.close();
  });

  test('the sign-in form and a bad API query are refused in sentences', async ({ browser }) => {
    const anonymous = await browser.newContext();
    const page = await anonymous.newPage();
    await openRoute(page, '/bw/login');
    await page
      .getByLabel(/e-mail/i)
      .first()
      .fill('not-an-address');
    await page
      .getByLabel(/password/i)
      .first()
      .fill('x');
    await page
      .getByRole('button', { name: /sign in|log in/i })
      .first()
      .click();
    await expect(page.locator('body')).toContainText(/e-mail/i);
    expect(await shownText(page)).not.toMatch(RAW);
    await anonymous.close();
  });
});
