import { expect, test } from '@playwright/test';
import type { BondListResponse } from '../common/api/bond';
import type { HawkSubscription } from '../common/api/hawk';
import type { UserListPage } from '../common/api/adminUsers';
import { apiGet, apiSend, apiSession, DEMO_ADMIN, DEMO_USER, loginAsDemoUser, openRoute, screenshot } from './support/login';

/**
 * The admin's market hawk statistics in a real browser against the real server: the demo user
 * states rules of three kinds (one paused), two of which fire at once (the evaluator job checks a
 * new rule on the bond's current state); an administrator opens /bw/admin/hawk/user-stats and
 * sees that user's rules by kind, active and paused, firings, organisation and the in-app deliveries.
 * Expected figures come from the user's own API (their subscriptions and firings), not the stats.
 */
test.describe('admin market hawk user stats', () => {
  test.setTimeout(120_000);
  // Wide enough for every column of the users grid (the grid renders only the columns in view).
  test.use({ viewport: { width: 2400, height: 1000 } });

  test('an admin sees the user’s rules by kind, active and paused, and the firings created here', async ({ page }) => {
    const user = await apiSession(DEMO_USER);
    const bonds = await apiGet<BondListResponse>(user, '/v2/bond?limit=2&columns=description&sort=volume&sortDesc=true');
    const [first, second] = bonds.rows.map((r) => r.id);
    const stamp = Date.now();
    const level = (bondId: number) => ({
      name: `e2e stats ${stamp} ${bondId}`,
      rule: { kind: 'level', metric: 'price', direction: 'above', level: 0.01 },
      target: { kind: 'bond', bondId },
      frequency: { type: 'once' },
      channels: ['in_app'],
    });
    const firing = [
      await apiSend<HawkSubscription>(user, 'POST', '/v2/hawk/subscriptions', level(first!)),
      await apiSend<HawkSubscription>(user, 'POST', '/v2/hawk/subscriptions', level(second!)),
    ];
    const paused = await apiSend<HawkSubscription>(user, 'POST', '/v2/hawk/subscriptions', {
      name: `e2e stats ${stamp} paused`,
      rule: { kind: 'tradeSize', minSize: 5_000_000 },
      target: { kind: 'bond', bondId: first },
      frequency: { type: 'every', cooldownMinutes: 60 },
      channels: ['in_app'],
      paused: true,
    });
    // Both level rules fire (once) at the evaluator's next pass.
    for (const sub of firing) {
      await expect
        .poll(async () => (await apiGet<{ firings: unknown[] }>(user, `/v2/hawk/firings?subscriptionId=${sub.id}`)).firings.length, {
          timeout: 60_000,
        })
        .toBe(1);
    }

    // What the stats should say, from the user's own lists.
    const subs = (await apiGet<{ subscriptions: HawkSubscription[] }>(user, '/v2/hawk/subscriptions')).subscriptions;
    const byKind = new Map<string, number>();
    for (const s of subs) byKind.set(s.rule.kind, (byKind.get(s.rule.kind) ?? 0) + 1);
    const firings = (await apiGet<{ firings: unknown[] }>(user, '/v2/hawk/firings')).firings.length;
    expect(byKind.get('level')).toBeGreaterThanOrEqual(2);
    expect(byKind.get('tradeSize')).toBeGreaterThanOrEqual(1);
    expect(firings).toBeGreaterThanOrEqual(2);

    const admin = await loginAsDemoUser(page.context(), undefined, DEMO_ADMIN);
    const listed = await apiGet<UserListPage>(admin, `/admin/users?q=${encodeURIComponent(DEMO_USER.email)}`);
    const organization = listed.users.find((u) => u.email === DEMO_USER.email)!.organization?.name ?? null;

    await openRoute(page, '/bw/admin/hawk/user-stats');
    const grid = page.getByTestId('hawk-stats-users');
    await expect(grid.locator('.ag-row', { hasText: DEMO_USER.email })).toHaveCount(1, { timeout: 30_000 });
    // A grid row may be split between pinned and scrolled parts: its cells are found by the row's id.
    const cell = (colId: string) => grid.locator(`.ag-row[row-id="${user.userId}"] [col-id="${colId}"]`);
    for (const [kind, n] of byKind) await expect(cell(kind)).toHaveText(String(n));
    await expect(cell('paused')).toHaveText(String(subs.filter((s) => s.paused).length));
    await expect(cell('active')).toHaveText(String(subs.filter((s) => !s.paused && s.disabledAt === null).length));
    await expect(cell('firings')).toHaveText(String(firings));
    await expect(cell('organization')).toHaveText(organization ?? '');
    // The user's organisation (or "none") counts at least this user's rules and firings.
    const orgRow = page
      .getByTestId('hawk-stats-orgs')
      .locator('tr', { has: page.locator('td', { hasText: new RegExp(`^${organization ?? 'none'}$`) }) });
    await expect(orgRow).toHaveCount(1);
    const [users, rules, orgFirings] = (await orgRow.locator('td').allTextContents()).slice(1).map(Number);
    expect(users).toBeGreaterThanOrEqual(1);
    expect(rules).toBeGreaterThanOrEqual(subs.length);
    expect(orgFirings).toBeGreaterThanOrEqual(firings);
    // The two firings' in-app deliveries are counted by channel and state.
    await expect(page.getByTestId('hawk-stats-channels').locator('tr', { hasText: 'in_app' })).toContainText('sent');
    await screenshot(page, 'admin-hawk-user-stats');

    for (const s of [...firing, paused]) await apiSend(user, 'DELETE', `/v2/hawk/subscriptions/${s.id}`);
  });
});
