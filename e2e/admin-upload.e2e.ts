import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { DEMO_ADMIN, loginAsDemoUser, openRoute } from './support/login';

/**
 * The admin data upload in a real browser: a Treasury curve file imported with its report and
 * listed among past imports; a bond file with a bad row refused whole, its rejected row shown
 * by line with the reason and downloadable.
 */
test.describe('admin: data upload', () => {
  test.setTimeout(120_000);

  test('import a curve file; a file with a bad row is refused whole, the row named', async ({ page, context }) => {
    await loginAsDemoUser(context, undefined, DEMO_ADMIN);
    await openRoute(page, '/bw/admin/upload');
    await expect(page.getByTestId('admin-upload-page')).toBeVisible({ timeout: 30_000 });

    await page.locator('input[type="file"]').setInputFiles('samples/treasury-par-yield-curve.csv');
    const report = page.getByTestId('upload-report');
    await expect(report).toContainText('Imported', { timeout: 60_000 });
    await expect(report).toContainText('20 rows read, 20 imported, 0 rejected');
    await expect(page.getByTestId('upload-history')).toContainText('treasury-par-yield-curve.csv');

    // A bond file whose second row has an invalid CUSIP: nothing is imported.
    const [header, good] = (await readFile('samples/bonds-template.csv', 'utf8')).split('\n');
    const bad = good!.replace(/^ZQ1004AA3/, 'ZQ1004AA4');
    await page.getByText('Bond reference').click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'bonds-with-a-bad-row.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\n${good}\n${bad}\n`),
    });
    await expect(report).toContainText('Nothing was imported');
    await expect(page.getByTestId('upload-rejected')).toContainText('line 3');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the rejected rows' }).click();
    expect((await download).suggestedFilename()).toBe('rejected-rows-bonds.csv');
  });
});
