import { expect, test } from '@playwright/test';
import type { BondListResponse } from '../common/api/bond';
import type { HawkSubscription } from '../common/api/hawk';
import { addDays, businessDaysBetween } from '../common/calendar';
import { apiGet, apiSend, DEMO_USER, loginAsDemoUser, openRoute, screenshot, type LoggedIn } from './support/login';
import { messagesTo, waitForLink } from './support/outbox';

/**
 * Market hawk in a real browser against the real server: an alert fires (the evaluator job checks
 * a new rule on the bond's current state), its e-mail's disable link works in a browser that is
 * not signed in — naming the alert, with undo — and the subscription page creates an alert with
 * its 30-day preview, pauses and deletes it. "Create alert" from the bond table's row menu and the
 * sector overview's issuer and sector views opens the editor pre-filled for that target.
 */
test.describe('market hawk alerts', () => {
  test.setTimeout(120_000);
  let login: LoggedIn;
  let bondId: number;

  test.beforeEach(async ({ context }) => {
    login = await loginAsDemoUser(context);
    const bonds = await apiGet<BondListResponse>(login, '/v2/bond?limit=1&columns=description&sort=volume&sortDesc=true');
    bondId = bonds.rows[0]!.id;
  });

  test('the e-mail’s disable link turns the alert off without login, says which, and offers undo; a used link is refused', async ({
    browser,
  }) => {
    const before = messagesTo(DEMO_USER.email).length;
    const sub = await apiSend<HawkSubscription>(login, 'POST', '/v2/hawk/subscriptions', {
      name: `e2e disable ${Date.now()}`,
      rule: { kind: 'level', metric: 'price', direction: 'above', level: 0.01 },
      target: { kind: 'bond', bondId },
      frequency: { type: 'once' },
      channels: ['email'],
    });
    const { link, message } = await waitForLink(DEMO_USER.email, /\/bw\/alerts\/disable\//, { after: before, timeout: 60_000 });
    expect(message.subject).toContain('Market hawk');

    // The firing is marked on the bond's history chart, and the bondHistory.hideMarketHawk switch hides it.
    const signedIn = await browser.newContext();
    await loginAsDemoUser(signedIn);
    const chart = await signedIn.newPage();
    await openRoute(chart, `/bw/bond/${bondId}/history`);
    await expect(chart.getByTestId('hawk-markers')).toContainText('market-hawk alert', { timeout: 30_000 });
    await chart.getByTestId('toggle-hawk').click();
    await expect(chart.getByTestId('hawk-markers')).toHaveCount(0);
    await expect(chart.getByTestId('hawk-empty')).toHaveCount(0);
    await chart.getByTestId('toggle-hawk').click();
    await expect(chart.getByTestId('hawk-markers')).toBeVisible();
    await signedIn.close();

    const anonymous = await browser.newContext();
    const page = await anonymous.newPage();
    await page.goto(link);
    await expect(page.getByTestId('hawk-disable-done')).toContainText(`Price of ${sub.targetLabel} above 0.01`);
    const off = await apiGet<HawkSubscription>(login, `/v2/hawk/subscriptions/${sub.id}`);
    expect(off.disabledAt).not.toBeNull();
    await screenshot(page, 'alerts-disabled');
    await page.getByTestId('hawk-disable-undo').click();
    await expect(page.getByTestId('hawk-disable-undone')).toContainText(sub.targetLabel);
    expect((await apiGet<HawkSubscription>(login, `/v2/hawk/subscriptions/${sub.id}`)).disabledAt).toBeNull();

    await page.goto('about:blank');
    await page.goto(link);
    await expect(page.getByTestId('hawk-disable-error')).toContainText('already used');
    await anonymous.close();
    await apiSend(login, 'DELETE', `/v2/hawk/subscriptions/${sub.id}`);
  });

  test('the subscription page creates an alert from a template with its 30-day preview, pauses and deletes it', async ({ page }) => {
    await openRoute(page, `/bw/alerts/subscriptions?bondId=${bondId}`);
    await expect(page.getByTestId('hawk-kind')).toBeVisible({ timeout: 30_000 });
    const level = page.getByTestId('hawk-level');
    const count = page.getByTestId('hawk-preview-count');
    await level.fill('900');
    await expect(count).toHaveText('0', { timeout: 30_000 });
    // Above 0.01: every close of the window fires once (once per day) — one per business day with a close.
    await level.fill('0.01');
    await expect(count).not.toHaveText('0', { timeout: 30_000 });
    const preview = await page.getByTestId('hawk-preview').textContent();
    const [, from, to] = /\((\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})\)/.exec(preview ?? '')!;
    const businessDays = businessDaysBetween(addDays(from!, 1), to!).length;
    const fired = Number(await count.textContent());
    // Today's close may not be written yet.
    expect(fired).toBeGreaterThanOrEqual(businessDays - 1);
    expect(fired).toBeLessThanOrEqual(businessDays);
    await expect(page.getByTestId('hawk-preview')).toContainText('end-of-day evaluated prices');
    await screenshot(page, 'alerts-editor');
    await page.getByTestId('hawk-name').fill('e2e page alert');
    await page.getByTestId('hawk-save').click();
    const row = page.getByTestId('hawk-subscriptions').locator('tr', { hasText: 'e2e page alert' });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('hawk-status')).toHaveText('Active');
    await row.getByTestId('hawk-pause').click();
    await expect(row.getByTestId('hawk-status')).toHaveText('Paused');
    await screenshot(page, 'alerts-subscriptions');
    await row.getByTestId('hawk-delete').click();
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByTestId('hawk-subscriptions').locator('tr', { hasText: 'e2e page alert' })).toHaveCount(0);
  });

  test('the bond table’s row menu creates an alert on that row’s bond, which the subscription list then shows', async ({ page }) => {
    await openRoute(page, '/bw/bond');
    // The description is pinned left, the menu pinned right: each part of the row is its own element.
    const row0 = page.locator('.ag-row[row-index="0"]');
    const cell = row0.locator('[col-id="description"]').first();
    await expect(cell).not.toBeEmpty({ timeout: 30_000 });
    const rowBondId = Number(await row0.first().getAttribute('row-id'));
    const description = (await cell.textContent())!.trim();
    await row0.getByTestId('bond-row-menu').first().click();
    await page.getByTestId('bond-row-create-alert').click();
    // The menu opened the editor, not the bond (a click in the menu cell is not a row click).
    await expect(page).toHaveURL(new RegExp(`/bw/alerts/subscriptions\\?bondId=${rowBondId}&`));
    await expect(page.getByTestId('hawk-kind')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('hawk-summary')).toContainText(`Price of ${description} above 100`);
    const name = `e2e row menu ${Date.now()}`;
    await page.getByTestId('hawk-name').fill(name);
    await page.getByTestId('hawk-save').click();
    const row = page.getByTestId('hawk-subscriptions').locator('tr', { hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('hawk-status')).toHaveText('Active');
    const mine = await apiGet<{ subscriptions: HawkSubscription[] }>(login, '/v2/hawk/subscriptions');
    const saved = mine.subscriptions.find((s) => s.name === name)!;
    expect(saved.target).toEqual({ kind: 'bond', bondId: rowBondId });
    await apiSend(login, 'DELETE', `/v2/hawk/subscriptions/${saved.id}`);
  });

  test('the sector overview offers an alert on a sector’s new deals and on an issuer’s bonds', async ({ page }) => {
    const sectors = await apiGet<{ sectors: Array<{ code: string }> }>(login, '/v2/market/sectors');
    const code = sectors.sectors[0]!.code;
    await openRoute(page, `/bw/sector/overview?sector=${code}`);
    await page.getByTestId('sector-create-alert').click();
    await expect(page.getByTestId('hawk-summary')).toContainText(`A new deal is announced by the market (sector ${code})`, {
      timeout: 30_000,
    });
    await page.goBack();
    await page.getByTestId('issuer-table').locator('.ag-row[row-index="0"]').first().click();
    const title = await page.getByTestId('issuer-panel').locator('p').first().textContent();
    const issuerName = title!.split(' (')[0]!;
    await page.getByTestId('issuer-create-alert').click();
    await expect(page).toHaveURL(/\/bw\/alerts\/subscriptions\?issuerId=\d+/);
    await expect(page.getByTestId('hawk-summary')).toContainText(issuerName, { timeout: 30_000 });
    await expect(page.getByTestId('hawk-target-kind')).toHaveValue('issuer');
  });
});
