import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import type { Filing } from '../common/api/edgar';
import type { DealDetailResponse } from '../common/api/primary';
import { apiGet, DEMO_ADMIN, loginAsDemoUser, openRoute, screenshot } from './support/login';

/**
 * A term sheet from upload to deal in a real browser: an admin uploads an FWP whose price
 * disagrees with its yield, sees the problem on its field beside the document, corrects it, creates
 * the issuer, and makes the priced deal, which then has its page like any other deal.
 */
test.describe('admin: EDGAR term sheets', () => {
  test.setTimeout(120_000);

  test('upload, review, correct, create the issuer and make the deal', async ({ page, context }) => {
    const login = await loginAsDemoUser(context, undefined, DEMO_ADMIN);
    // A reference line of its own makes this a new document on a server the suite already used.
    const text = `${await readFile('samples/fwp/contoso-price-contradicts-yield.txt', 'utf8')}\nRef: e2e ${Date.now()}\n`;

    await openRoute(page, '/bw/admin/edgar');
    await expect(page.getByTestId('admin-edgar-page')).toBeVisible({ timeout: 30_000 });
    await page.locator('input[type="file"]').setInputFiles({ name: 'contoso.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
    const result = page.getByTestId('edgar-upload-result');
    await expect(result).toContainText('needs review');
    await expect(result).toContainText('tranches[0].priceToPublic');
    await result.getByRole('link').click();

    await expect(page.getByTestId('filing-status')).toHaveText('needs review', { timeout: 30_000 });
    await expect(page.getByTestId('filing-source')).toContainText('Contoso Bank Corp.');
    const price = page.getByTestId('filing-tranche-0').getByLabel('Price to public');
    await expect(page.getByTestId('filing-tranche-0')).toContainText('99.967');
    await price.fill('99.967');
    await page.getByTestId('filing-save').click();
    await expect(page.getByTestId('filing-status')).toHaveText('parsed');
    await screenshot(page, 'admin-edgar-filing');

    await page.getByText('New issuer').click();
    await page.getByLabel(/^Ticker for/).fill('CNTSE');
    await page.getByTestId('filing-industry').click();
    await page.getByRole('option').first().click();
    await page.getByTestId('filing-make-deal').click();
    await expect(page.getByTestId('filing-status')).toHaveText('imported');
    const id = Number(new URL(page.url()).hash.split('/').pop());
    const filing = await apiGet<Filing>(login, `/admin/edgar/${id}`);
    expect(filing).toMatchObject({ status: 'imported', matchedIssuer: { ticker: 'CNTSE', name: 'Contoso Bank Corp.' } });

    // The deal made from the sheet has its page like any deal.
    const deal = await apiGet<DealDetailResponse>(login, `/v2/primary/deal/${filing.dealId}`);
    expect(deal.deal.status).toBe('priced');
    await openRoute(page, `/bw/primary/pricing/${filing.dealId}`);
    await expect(page.getByTestId('deal-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('tranches-grid').locator('.ag-row').first()).toBeVisible();
  });
});
