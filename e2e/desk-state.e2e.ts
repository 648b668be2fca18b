import { test, type Page } from '@playwright/test';
import type { BondListResponse } from '../common/api/bond';
import { HEALTH_FAST_RECHECK_MS } from '../common/constants';
import type { HawkSubscription } from '../common/api/hawk';
import type { DealMessage } from '../common/api/messages';
import type { DealListResponse } from '../common/api/primary';
import type { StatusBadges } from '../common/api/user';
import { createAccount, expect, loginThroughPage } from './support/accounts';
import { apiGet, apiSend, apiSession, DEMO_ADMIN, screenshot, type LoggedIn } from './support/login';
import { waitForLink } from './support/outbox';
import { advanceClock, pauseClock, pendingRequests } from './support/pageClock';
import { setMaintenance } from './support/server';

/**
 * State that never goes stale (issue 34, item 1): a badged section opened directly (a reload, an
 * e-mail's link) clears its badge; the alert list refreshes when its alert fires and when the
 * e-mailed disable link is used in another tab; the messages inbox names deals by issuer and
 * tranches and marks what it shows read; open tabs leave the maintenance page as soon as it ends.
 */
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function topBond(api: LoggedIn): Promise<number> {
  const bonds = await apiGet<BondListResponse>(api, '/v2/bond?limit=1&columns=description&sort=volume&sortDesc=true');
  return bonds.rows[0]!.id;
}

/** Opens a route as a bookmark or reload does: a fresh load of the app at that address. */
async function openDirectly(page: Page, path: string): Promise<void> {
  // The login page's own move to the summary ends first, so it cannot undo this one.
  await expect.poll(() => new URL(page.url()).hash).toBe('#/bw/market/summary');
  await page.goto(`/app/#${path}`);
  await page.reload();
  await expect.poll(() => new URL(page.url()).hash).toBe(`#${path}`);
}

const badgesOf = async (api: LoggedIn, section: string) =>
  (await apiGet<StatusBadges>(api, `/v2/user/${api.userId}/status-badges`)).items.find((i) => i.section === section)?.activeBadges ?? [];

test.describe('state that never goes stale', () => {
  test.setTimeout(150_000);

  test('opening Alerts directly (a reload) clears its badge', async ({ page }) => {
    const person = await createAccount();
    const api = await apiSession(person);
    const bondId = await topBond(api);
    await apiSend<HawkSubscription>(api, 'POST', '/v2/hawk/subscriptions', {
      rule: { kind: 'level', metric: 'price', direction: 'above', level: 0.01 },
      target: { kind: 'bond', bondId },
      frequency: { type: 'once' },
      channels: ['in_app'],
    });
    await expect.poll(() => badgesOf(api, 'alerts'), { timeout: 60_000 }).toContain('unseenAlerts');

    await loginThroughPage(page, person.email, person.password);
    await openDirectly(page, '/bw/alerts/history');
    await expect(page.getByTestId('nav-alerts')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => badgesOf(api, 'alerts')).toEqual([]);
    await expect(page.getByTestId('nav-alerts')).not.toHaveAttribute('data-badges', /unseenAlerts/);
  });

  test('the alert list shows a firing without a reload, and the e-mailed disable link used in another tab', async ({ page, context }) => {
    const person = await createAccount();
    const api = await apiSession(person);
    const bondId = await topBond(api);
    await loginThroughPage(page, person.email, person.password);
    await openDirectly(page, '/bw/alerts/subscriptions');
    await expect(page.getByTestId('hawk-empty')).toBeVisible({ timeout: 30_000 });
    await page.waitForRequest((r) => r.url().includes('/v2/user/notification/poll?cursor='));

    // Created elsewhere (the API stands in for another tab): only the firing's notification tells this page.
    const sub = await apiSend<HawkSubscription>(api, 'POST', '/v2/hawk/subscriptions', {
      rule: { kind: 'level', metric: 'price', direction: 'above', level: 0.01 },
      target: { kind: 'bond', bondId },
      frequency: { type: 'every', cooldownMinutes: 60 },
      channels: ['in_app', 'email'],
    });
    const row = page.getByTestId(`hawk-row-${sub.id}`);
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row.locator('td').nth(3)).not.toHaveText('—');
    await expect(row.getByTestId('hawk-status')).toHaveText('Active');

    const { link } = await waitForLink(person.email, /\/bw\/alerts\/disable\//, { timeout: 60_000 });
    const mail = await context.newPage();
    await mail.goto(link);
    await expect(mail.getByTestId('hawk-disable-done')).toBeVisible();
    await expect(row.getByTestId('hawk-status')).toHaveText('Disabled');
    await screenshot(page, 'desk-alert-list-refreshed');
  });

  test('the messages inbox names deals by issuer and tranches and marks what it shows read', async ({ page }) => {
    const reader = await createAccount();
    const readerApi = await apiSession(reader);
    const admin = await apiSession(DEMO_ADMIN);
    const { deals } = await apiGet<DealListResponse>(readerApi, `/v2/primary/deal?from=${day(-90)}&to=${day(0)}`);
    const deal = deals[0]!;
    await apiSend(readerApi, 'PUT', `/v2/primary/message/follow/${deal.id}`);
    await apiSend<DealMessage>(admin, 'POST', '/v2/primary/message', {
      dealId: deal.id,
      message: 'Books above 3x, guidance revised',
      recipients: { followers: true },
    });

    await loginThroughPage(page, reader.email, reader.password);
    const markReads: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/v2/primary/message/mark-read')) markReads.push(r.url());
    });
    await openDirectly(page, '/bw/primary/messages');
    const name = page.getByTestId('inbox-deal-name').first();
    await expect(name).toContainText(deal.issuer.displayName, { timeout: 30_000 });
    await expect(name).not.toHaveText(/^Deal \d+$/);
    await expect.poll(() => markReads.length, { timeout: 20_000 }).toBe(1);
    await expect(page.getByTestId('inbox-unread')).toHaveCount(0);
    await expect(page.getByTestId('nav-primary')).not.toHaveAttribute('data-badges', /unreadMessages/);
    await screenshot(page, 'desk-inbox');
  });

  // An API call that met the maintenance gate switched the tab to the maintenance page while the
  // next health check was still the slow one (30 s), so the tab stayed up to 30 s after the end.
  test('an open tab leaves the maintenance page as soon as maintenance ends', async ({ page }) => {
    const person = await createAccount();
    const healthPending = pendingRequests(page, '/health');
    await page.clock.install();
    await loginThroughPage(page, person.email, person.password);
    await page.goto('/app/#/bw/market/summary');
    await expect(page.getByTestId('summary-grid')).toBeVisible();
    // From here the page's timers run only as the test moves its clock: the health check due
    // every 30 s cannot come by chance while the machine is slow.
    await pauseClock(page);
    try {
      await setMaintenance(true);
      // A call the page makes meets the gate (the open tab learns at its next call or check).
      await page.goto('/app/#/bw/alerts/history');
      await expect(page.getByTestId('maintenance')).toBeVisible({ timeout: 60_000 });
    } finally {
      await setMaintenance(false);
    }
    // The fast re-check (every HEALTH_FAST_RECHECK_MS while in maintenance) is due within this.
    await advanceClock(page, HEALTH_FAST_RECHECK_MS + 500, healthPending);
    await expect(page.getByTestId('maintenance')).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).hash).toBe('#/bw/market/summary');
    await expect(page.getByTestId('app-layout')).toBeVisible();
  });
});
