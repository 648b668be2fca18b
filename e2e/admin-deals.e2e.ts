import { expect, test } from '@playwright/test';
import type { AdminDeal } from '../common/api/adminDeals';
import type { IssuerSearchResponse } from '../common/api/issuer';
import { apiGet, DEMO_ADMIN, loginAsDemoUser, openRoute, screenshot } from './support/login';

/**
 * Deal administration in a real browser against the real server: an admin announces a deal with
 * two tranches, sets a tranche's IPT, moves the deal to IPT and back, and each change shows in the
 * audit trail.
 */
test.describe('admin: deals', () => {
  test.setTimeout(120_000);

  test('announce a deal, edit a tranche, add and undo a timeline step; every change audited', async ({ page, context }) => {
    const login = await loginAsDemoUser(context, undefined, DEMO_ADMIN);
    const [issuer] = (await apiGet<IssuerSearchResponse>(login, '/v2/issuer?q=a&limit=1')).issuers;
    expect(issuer, 'the simulated market has issuers').toBeTruthy();

    await openRoute(page, '/bw/admin/deal');
    await expect(page.getByTestId('admin-deals-page')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('new-deal').click();
    await page.getByTestId('new-deal-issuer').fill(issuer!.ticker);
    await page
      .getByRole('option', { name: new RegExp(`^${issuer!.ticker} — `) })
      .first()
      .click();
    await page.getByLabel('Bookrunners (comma-separated)').fill('GS, MS');
    await page.getByRole('button', { name: 'Add tranche' }).click();
    await page.getByTestId('new-deal-create').click();
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#\/bw\/admin\/deal\/\d+$/);
    const id = Number(new URL(page.url()).hash.split('/').pop());
    const deal = () => apiGet<AdminDeal>(login, `/admin/deal/${id}`);
    await expect(page.getByTestId('admin-deal-status')).toHaveText('Announced', { timeout: 30_000 });
    const created = await deal();
    expect(created).toMatchObject({ issuer: { id: issuer!.id }, bookrunners: ['GS', 'MS'], source: 'admin' });
    expect(created.tranches.map((t) => [t.tenorYears, t.sizeMm])).toEqual([
      [5, 500],
      [10, 1000],
    ]);

    // A tranche's IPT, saved on its own row.
    const row = page.getByTestId(`admin-tranche-${created.tranches[1]!.id}`);
    await row.getByLabel('IPT bp').fill('135');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('admin-deal-audit')).toContainText('deal.tranche_update');
    expect((await deal()).tranches[1]!.iptSpreadBp).toBe(135);

    // The next stage now, then undone.
    await page.getByTestId('admin-deal-add-status').click();
    await expect(page.getByTestId('admin-deal-status')).toHaveText('IPT');
    await expect(page.getByTestId('admin-deal-timeline')).toContainText('IPT ·');
    await screenshot(page, 'admin-deal');
    await page.getByRole('button', { name: 'Undo last step' }).click();
    await expect(page.getByTestId('admin-deal-status')).toHaveText('Announced');
    const actions = (await deal()).audit.map((a) => a.action);
    expect(actions).toEqual(['deal.status_undo', 'deal.status_add', 'deal.tranche_update', 'deal.create']);

    // The server's refusal shows with its reason: a deal cannot price without priced spreads.
    await page.getByTestId('admin-deal-next-status').click();
    await page.getByRole('option', { name: 'Priced' }).click();
    await page.getByTestId('admin-deal-add-status').click();
    await expect(page.getByTestId('admin-deal-error')).toContainText('priced spread');

    // The same changes in the audit log, filtered to this deal.
    await openRoute(page, '/bw/admin/audit-log');
    await page.getByLabel('Subject type').fill('deal');
    await page.getByLabel('Subject id').fill(String(id));
    await page.getByTestId('audit-log-apply').click();
    const log = page.getByTestId('audit-log');
    await expect(log.locator('tbody tr')).toHaveCount(4);
    await expect(log.locator('tbody tr').first()).toContainText('deal.status_undo');
    await expect(log).toContainText('admin@bondwise.local');
  });
});
