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
 * its 30-day preview, pauses and deletes it.
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
});
