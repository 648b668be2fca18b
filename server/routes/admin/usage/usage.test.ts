import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageResponse } from '../../../../common/api/usage';
import { rolledThrough, rollUpUsage } from '../../../services/usage/rollup';
import { insertOrganization, insertUser } from '../../../test/factories';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';

/**
 * The usage dashboards over constructed events: two organisations, three people over two weeks,
 * a funnel from sign-up to the first alert; every figure below is counted by hand from the rows.
 */
describe('admin usage dashboards', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let user: { authorization: string };
  const get = (query: string, headers = admin) => ctx.app.inject({ method: 'GET', url: `/admin/usage${query}`, headers });

  beforeAll(async () => {
    // The app's day, which a range left without its end ends on.
    ctx = await createTestApp({}, { now: () => Date.parse('2026-11-25T15:00:00Z') });
    admin = await signedIn(ctx, 'usage-admin', { admin: true });
    user = await signedIn(ctx, 'usage-user');
    const db = ctx.database.db;
    // The callers themselves signed up long before the range.
    await sql`update users set created_at = '2026-01-05T00:00:00Z' where id in ('usage-admin', 'usage-user')`.execute(db);
    await insertOrganization(db, 'org-a', { name: 'Alpha Capital', token: 'tok-a' });
    await insertOrganization(db, 'org-b', { name: 'Beta Bank', token: 'tok-b' });
    for (const [id, org, created] of [
      ['p1', 'org-a', '2026-11-02T10:00:00Z'],
      ['p2', 'org-a', '2026-11-03T10:00:00Z'],
      ['p3', 'org-b', '2026-11-04T10:00:00Z'],
    ] as const) {
      await insertUser(db, id, { organizationId: org, createdAt: created });
    }
    // p1 and p2 logged in; only p1 created an alert.
    await sql`insert into events (type, subject_id, payload) values ('user.logged_in', 'p1', '{}'), ('user.logged_in', 'p2', '{}')`.execute(
      db,
    );
    const ev = (user: string, org: string, at: string, name: string, route?: string, role = 'buy-side') => ({
      received_at: at,
      occurred_at: at,
      user_id: user,
      organization_id: org,
      role_type: role,
      role_function: 'trader',
      device_id: `device-${user}`,
      name,
      path: null,
      properties: JSON.stringify(route ? { route } : {}),
      forward: false,
    });
    await db
      .insertInto('analytics_events')
      .values([
        // Week of Mon 2 Nov: p1 (2 page views, a sort), p2 (1 page view).
        ev('p1', 'org-a', '2026-11-02T12:00:00Z', 'page.view', '/bw/bond'),
        ev('p1', 'org-a', '2026-11-02T12:01:00Z', 'page.view', '/bw/market/summary'),
        ev('p1', 'org-a', '2026-11-02T12:02:00Z', 'bond_table.sort'),
        ev('p2', 'org-a', '2026-11-03T09:00:00Z', 'page.view', '/bw/bond'),
        // Week of Mon 9 Nov: p1 again (an alert), p3 for the first time (sell-side).
        ev('p1', 'org-a', '2026-11-10T09:00:00Z', 'alert.created'),
        ev('p3', 'org-b', '2026-11-11T09:00:00Z', 'page.view', '/bw/bond', 'sell-side'),
        ev('p3', 'org-b', '2026-11-11T09:05:00Z', 'memory.usage', undefined, 'sell-side'),
        // Outside the range asked for below.
        ev('p2', 'org-a', '2026-12-01T09:00:00Z', 'page.view', '/bw/bond'),
      ])
      .execute();
  });
  afterAll(() => ctx.close());

  it('counts active users, organisations, roles, pages, features, the funnel and retention over the range', async () => {
    const res = await get('?from=2026-11-01&to=2026-11-30');
    expect(res.statusCode).toBe(200);
    expectNovemberFigures(res.json());
  });

  it('gives the same figures from the daily roll-ups once the days are closed, and reads the days after them raw', async () => {
    const db = ctx.database.db;
    // On 1 December the roll-up job summarises 2–30 November (the first event's day onwards).
    const rolled = await rollUpUsage(db, Date.parse('2026-12-01T12:00:00Z'));
    expect(rolled[0]).toBe('2026-11-02');
    expect(rolled.at(-1)).toBe('2026-11-30');
    expect(await rolledThrough(db)).toBe('2026-12-01');
    expect(await rollUpUsage(db, Date.parse('2026-12-01T18:00:00Z'))).toEqual([]);
    // The November events are gone from the raw table here (the product keeps them), so these
    // figures can only come from the roll-ups.
    await sql`delete from analytics_events where received_at < '2026-12-01'`.execute(db);
    expectNovemberFigures((await get('?from=2026-11-01&to=2026-11-30')).json());
    // A range over both: November rolled up, 1 December (p2's page view) raw.
    const both = (await get('?from=2026-11-01&to=2026-12-01')).json();
    expect(both.events).toBe(8);
    expect(both.daily.at(-1)).toEqual({ day: '2026-12-01', activeUsers: 1, events: 1 });
    expect(both.pages[0]).toEqual({ route: '/bw/bond', views: 4, users: 3 });
    expect(both.byOrganization[0]).toEqual({ organizationId: 'org-a', name: 'Alpha Capital', activeUsers: 2, events: 6 });
  });

  function expectNovemberFigures(u: UsageResponse) {
    expect(u.events).toBe(7);
    expect(u.daily).toEqual([
      { day: '2026-11-02', activeUsers: 1, events: 3 },
      { day: '2026-11-03', activeUsers: 1, events: 1 },
      { day: '2026-11-10', activeUsers: 1, events: 1 },
      { day: '2026-11-11', activeUsers: 1, events: 2 },
    ]);
    expect(u.weekly).toEqual([
      { week: '2026-11-02', activeUsers: 2 },
      { week: '2026-11-09', activeUsers: 2 },
    ]);
    expect(u.byOrganization).toEqual([
      { organizationId: 'org-a', name: 'Alpha Capital', activeUsers: 2, events: 5 },
      { organizationId: 'org-b', name: 'Beta Bank', activeUsers: 1, events: 2 },
    ]);
    expect(u.byRole[0]).toEqual({ roleType: 'buy-side', roleFunction: 'trader', activeUsers: 2, events: 5 });
    expect(u.pages).toEqual([
      { route: '/bw/bond', views: 3, users: 3 },
      { route: '/bw/market/summary', views: 1, users: 1 },
    ]);
    // Page views and the memory ping are not features.
    expect(u.features).toEqual([
      { name: 'alert.created', events: 1, users: 1 },
      { name: 'bond_table.sort', events: 1, users: 1 },
    ]);
    expect(u.funnel).toEqual({ signedUp: 3, loggedIn: 2, createdAlert: 1 });
    // Cohort of 2 Nov: p1 and p2; p1 came back the next week. Cohort of 9 Nov: p3.
    expect(u.retention[0]).toMatchObject({ cohort: '2026-11-02', users: 2 });
    expect(u.retention[0]!.active.slice(0, 2)).toEqual([1, 0.5]);
    expect(u.retention[1]).toMatchObject({ cohort: '2026-11-09', users: 1 });
  }

  it('refuses a backwards or over-long range naming the field, given or ended today, and non-admins', async () => {
    for (const [query, error] of [
      ['?from=2026-11-30&to=2026-11-01', 'Invalid querystring.from: must not be after to (2026-11-01)'],
      ['?from=2020-01-01&to=2026-11-01', 'Invalid querystring.to: the range may span at most 366 days'],
      // Without an end, the range ends on the app's day: the start is what was typed, so it is named.
      ['?from=2026-11-28', 'Invalid querystring.from: must not be after to (2026-11-25)'],
      ['?from=1990-01-01', 'Invalid querystring.from: the range may span at most 366 days'],
    ] as const) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error });
    }
    expect((await get('?from=2026-02-30')).statusCode).toBe(400);
    expect((await get('', user)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/usage' })).statusCode).toBe(401);
  });
});
