import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import type { MissingGroupsResponse } from '../common/api/tradesMissingBonds';
import { E2E_BASE_URL } from './support/environment';
import { apiGet, DEMO_ADMIN, loginAsDemoUser, openRoute, screenshot, type LoggedIn } from './support/login';

/** Uploads TRACE text as the admin, through the real upload API (multipart). */
async function uploadTrace(admin: LoggedIn, name: string, text: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const res = await fetch(`${E2E_BASE_URL}/admin/upload/trace`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.accessToken}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

/**
 * Trades on an unknown CUSIP, in a real browser: a TRACE file whose bond is not in the market is
 * imported, the admin finds its identifier waiting, creates the bond from the reference template's
 * fields, and the trades attach.
 */
test.describe('admin: trades missing bonds', () => {
  test.setTimeout(120_000);

  test('an admin creates the bond of a waiting identifier and its trades attach', async ({ context, page }) => {
    const admin = await loginAsDemoUser(context, undefined, DEMO_ADMIN);
    const trace = (await readFile('samples/trace-enhanced.txt', 'utf8')).split('\n');
    await uploadTrace(admin, 'alpine-trades.txt', [trace[0], ...trace.filter((l) => l.includes('|ZQ1009AB0|'))].join('\n'));
    const waiting = (await apiGet<MissingGroupsResponse>(admin, '/admin/trades-missing-bonds?q=ZQ1009AB0')).groups[0]!;
    expect(waiting.trades).toBeGreaterThan(0);

    const [header, ...rows] = (await readFile('samples/bonds.csv', 'utf8')).trim().split('\n');
    const values = rows.find((r) => r.startsWith('ZQ1009AB0'))!.split(',');
    const fields = Object.fromEntries(header!.split(',').map((name, i) => [name, values[i] ?? '']));

    await openRoute(page, '/bw/admin/trades-missing-bonds');
    await page.getByLabel('Identifier starts with').fill('ZQ1009');
    await page.locator('[data-testid="missing-group"][data-identifier="ZQ1009AB0"]').click();
    const panel = page.getByTestId('missing-identifier');
    await panel.getByRole('tab', { name: 'Create the bond' }).click();
    await expect(panel.getByTestId('bond-field-cusip')).toHaveValue('ZQ1009AB0');
    for (const [name, value] of Object.entries(fields)) {
      if (name !== 'cusip' && value) await panel.getByTestId(`bond-field-${name}`).fill(value);
    }
    // A wrong field is refused by name first.
    await panel.getByTestId('bond-field-maturity_date').fill('2019-01-01');
    await panel.getByTestId('create-submit').click();
    await expect(panel.getByTestId('missing-identifier-error')).toContainText('maturity');
    await panel.getByTestId('bond-field-maturity_date').fill(fields.maturity_date!);
    await panel.getByTestId('create-submit').click();
    await expect(page.getByTestId('missing-bonds-done')).toContainText(`${waiting.trades} trade(s) of ZQ1009AB0 attached`, {
      timeout: 30_000,
    });
    await expect(page.locator('[data-testid="missing-group"][data-identifier="ZQ1009AB0"]')).toHaveCount(0);
    await screenshot(page, 'admin-trades-missing-bonds');
  });
});
