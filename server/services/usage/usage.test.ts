import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageResponse } from '../../../common/api/usage';
import type { DatabaseHandle } from '../../db/database';
import { insertOrganization, insertUser } from '../../test/factories';
import { createTestDatabase } from '../../test/testDatabase';
import { rolledThrough, rollUpUsage } from './rollup';
import { usageDashboards } from './usage';

/**
 * The read model's edges, on hand-counted events: a person in two organisations and roles, one
 * with none at all (nulls), activity on the 31st and the 1st (first and last bit of a month's
 * mask), ranges starting mid-month and mid-week, weeks across a month's end, and a range crossing
 * today (2 December), which is always read raw. Each range's figures are written out by hand below
 * and must come out the same from the raw events, and from the read model after the roll-up with
 * the rolled raw events deleted.
 */
describe('usage dashboards over the read model', () => {
  let handle: DatabaseHandle;
  const NOW = Date.parse('2026-12-02T12:00:00Z');

  beforeAll(async () => {
    handle = await createTestDatabase();
    const db = handle.db;
    await insertOrganization(db, 'org-x', { name: 'Xeno Fund', token: 'tok-x' });
    await insertOrganization(db, 'org-y', { name: 'Ypsilon Bank', token: 'tok-y' });
    for (const [id, org, created] of [
      ['q1', 'org-x', '2026-10-20T10:00:00Z'],
      ['q2', 'org-x', '2026-11-15T10:00:00Z'],
      ['q3', null, '2026-11-10T10:00:00Z'],
      ['q4', 'org-y', '2026-12-01T10:00:00Z'],
    ] as const) {
      await insertUser(db, id, { organizationId: org, createdAt: created });
    }
    await sql`insert into events (type, subject_id, payload)
      values ('user.logged_in', 'q1', '{}'), ('user.logged_in', 'q2', '{}'), ('user.logged_in', 'q4', '{}')`.execute(db);
    type Who = [user: string, org: string | null, roleType: string | null, roleFunction: string | null];
    const q1x: Who = ['q1', 'org-x', 'buy-side', 'trader'];
    const q1y: Who = ['q1', 'org-y', 'sell-side', 'sales'];
    const q2: Who = ['q2', 'org-x', 'buy-side', 'trader'];
    const q3: Who = ['q3', null, null, null];
    const q4: Who = ['q4', 'org-y', 'buy-side', 'trader'];
    const ev = ([user, org, roleType, roleFunction]: Who, at: string, name: string, route?: string) => ({
      received_at: at,
      occurred_at: at,
      user_id: user,
      organization_id: org,
      role_type: roleType,
      role_function: roleFunction,
      device_id: `device-${user}`,
      name,
      path: null,
      properties: JSON.stringify(route ? { route } : {}),
      forward: false,
    });
    await db
      .insertInto('analytics_events')
      .values([
        ev(q1x, '2026-10-31T23:59:59Z', 'page.view', '/bw/bond'), // 1: Sat 31 Oct, week of 26 Oct
        ev(q1x, '2026-11-01T00:00:00Z', 'page.view', '/bw/bond'), // 2: Sun 1 Nov, still the week of 26 Oct
        ev(q1y, '2026-11-02T08:00:00Z', 'bond_table.sort'), // 3: q1 in another organisation and role
        ev(q2, '2026-11-02T09:00:00Z', 'page.view', '/bw/alerts'), // 4
        ev(q2, '2026-11-02T09:01:00Z', 'memory.usage'), // 5: not a feature
        ev(q3, '2026-11-16T10:00:00Z', 'alert.created'), // 6
        ev(q3, '2026-11-16T10:05:00Z', 'page.view', '/bw/help'), // 7
        ev(q3, '2026-11-17T10:00:00Z', 'page.view', '/bw/help'), // 8
        ev(q1x, '2026-11-30T10:00:00Z', 'page.view', '/bw/alerts'), // 9: Mon 30 Nov
        ev(q2, '2026-12-01T10:00:00Z', 'alert.created'), // 10
        ev(q4, '2026-12-02T08:00:00Z', 'page.view', '/bw/bond'), // 11: today
        ev(q1x, '2026-12-02T09:00:00Z', 'page.view', '/bw/bond'), // 12: today
        ev(q2, '2026-12-02T10:00:00Z', 'bond_table.sort'), // 13: today
        ev(q2, '2026-12-02T10:01:00Z', 'bond_table.sort'), // 14: today
      ])
      .execute();
  });
  afterAll(() => handle.close());

  const retention = (cohort: string, users: number, active: number[]) => ({
    cohort,
    users,
    active: [...active, ...Array.from({ length: 9 - active.length }, () => 0)],
  });

  /** 1 Nov – 2 Dec (today): events 2–14. */
  function expectNovemberToToday(u: UsageResponse) {
    expect(u.events).toBe(13);
    expect(u.daily).toEqual([
      { day: '2026-11-01', activeUsers: 1, events: 1 },
      { day: '2026-11-02', activeUsers: 2, events: 3 },
      { day: '2026-11-16', activeUsers: 1, events: 2 },
      { day: '2026-11-17', activeUsers: 1, events: 1 },
      { day: '2026-11-30', activeUsers: 1, events: 1 },
      { day: '2026-12-01', activeUsers: 1, events: 1 },
      { day: '2026-12-02', activeUsers: 3, events: 4 },
    ]);
    // The week of 26 Oct holds only 1 Nov here (31 Oct is outside the range).
    expect(u.weekly).toEqual([
      { week: '2026-10-26', activeUsers: 1 },
      { week: '2026-11-02', activeUsers: 2 },
      { week: '2026-11-16', activeUsers: 1 },
      { week: '2026-11-30', activeUsers: 3 },
    ]);
    expect(u.byOrganization).toEqual([
      { organizationId: 'org-x', name: 'Xeno Fund', activeUsers: 2, events: 8 },
      { organizationId: 'org-y', name: 'Ypsilon Bank', activeUsers: 2, events: 2 },
      { organizationId: null, name: null, activeUsers: 1, events: 3 },
    ]);
    expect(u.byRole).toEqual([
      { roleType: 'buy-side', roleFunction: 'trader', activeUsers: 3, events: 9 },
      { roleType: null, roleFunction: null, activeUsers: 1, events: 3 },
      { roleType: 'sell-side', roleFunction: 'sales', activeUsers: 1, events: 1 },
    ]);
    // Equal views are listed by route.
    expect(u.pages).toEqual([
      { route: '/bw/bond', views: 3, users: 2 },
      { route: '/bw/alerts', views: 2, users: 2 },
      { route: '/bw/help', views: 2, users: 1 },
    ]);
    expect(u.features).toEqual([
      { name: 'bond_table.sort', events: 3, users: 2 },
      { name: 'alert.created', events: 2, users: 2 },
    ]);
    // Signed up 1 Nov – 2 Dec: q2, q3, q4; q2 and q4 logged in; q2 and q3 created an alert.
    expect(u.funnel).toEqual({ signedUp: 3, loggedIn: 2, createdAlert: 2 });
    expect(u.retention).toEqual([
      retention('2026-10-26', 1, [1, 1, 0, 0, 0, 1]),
      retention('2026-11-02', 1, [1, 0, 0, 0, 1]),
      retention('2026-11-16', 1, [1]),
      retention('2026-11-30', 1, [1]),
    ]);
  }

  /** 2 – 30 Nov, closed days only, starting on the 2nd: events 3–9. */
  function expectNovemberSecondToThirtieth(u: UsageResponse) {
    expect(u.events).toBe(7);
    expect(u.daily).toEqual([
      { day: '2026-11-02', activeUsers: 2, events: 3 },
      { day: '2026-11-16', activeUsers: 1, events: 2 },
      { day: '2026-11-17', activeUsers: 1, events: 1 },
      { day: '2026-11-30', activeUsers: 1, events: 1 },
    ]);
    expect(u.weekly).toEqual([
      { week: '2026-11-02', activeUsers: 2 },
      { week: '2026-11-16', activeUsers: 1 },
      { week: '2026-11-30', activeUsers: 1 },
    ]);
    expect(u.byOrganization).toEqual([
      { organizationId: 'org-x', name: 'Xeno Fund', activeUsers: 2, events: 3 },
      { organizationId: null, name: null, activeUsers: 1, events: 3 },
      { organizationId: 'org-y', name: 'Ypsilon Bank', activeUsers: 1, events: 1 },
    ]);
    expect(u.byRole).toEqual([
      { roleType: 'buy-side', roleFunction: 'trader', activeUsers: 2, events: 3 },
      { roleType: null, roleFunction: null, activeUsers: 1, events: 3 },
      { roleType: 'sell-side', roleFunction: 'sales', activeUsers: 1, events: 1 },
    ]);
    // q1's page view of 1 Nov is outside: no /bw/bond.
    expect(u.pages).toEqual([
      { route: '/bw/alerts', views: 2, users: 2 },
      { route: '/bw/help', views: 2, users: 1 },
    ]);
    expect(u.features).toEqual([
      { name: 'alert.created', events: 1, users: 1 },
      { name: 'bond_table.sort', events: 1, users: 1 },
    ]);
    // Signed up 2 – 30 Nov: q2 and q3; q2 logged in; both created an alert (q2's on 1 Dec,
    // after the range: the funnel's first alert is at any time).
    expect(u.funnel).toEqual({ signedUp: 2, loggedIn: 1, createdAlert: 2 });
    expect(u.retention).toEqual([retention('2026-11-02', 2, [1, 0, 0, 0, 0.5]), retention('2026-11-16', 1, [1])]);
  }

  /** 31 Oct alone (the last bit of a month's mask): event 1. */
  function expectHalloween(u: UsageResponse) {
    expect(u.events).toBe(1);
    expect(u.daily).toEqual([{ day: '2026-10-31', activeUsers: 1, events: 1 }]);
    expect(u.weekly).toEqual([{ week: '2026-10-26', activeUsers: 1 }]);
    expect(u.byOrganization).toEqual([{ organizationId: 'org-x', name: 'Xeno Fund', activeUsers: 1, events: 1 }]);
    expect(u.byRole).toEqual([{ roleType: 'buy-side', roleFunction: 'trader', activeUsers: 1, events: 1 }]);
    expect(u.pages).toEqual([{ route: '/bw/bond', views: 1, users: 1 }]);
    expect(u.features).toEqual([]);
    expect(u.funnel).toEqual({ signedUp: 0, loggedIn: 0, createdAlert: 0 });
    expect(u.retention).toEqual([retention('2026-10-26', 1, [1])]);
  }

  const ranges = (db = handle.db) => ({
    toToday: () => usageDashboards(db, '2026-11-01', '2026-12-02'),
    november: () => usageDashboards(db, '2026-11-02', '2026-11-30'),
    halloween: () => usageDashboards(db, '2026-10-31', '2026-10-31'),
  });

  it('counts every figure from the raw events before any roll-up', async () => {
    const r = ranges();
    expectNovemberToToday(await r.toToday());
    expectNovemberSecondToThirtieth(await r.november());
    expectHalloween(await r.halloween());
  });

  it('counts the same figures from the read model once the days are closed, with today still raw', async () => {
    const db = handle.db;
    // 31 days a run: 31 Oct – 30 Nov, then 1 Dec.
    const rolled = [...(await rollUpUsage(db, NOW)), ...(await rollUpUsage(db, NOW))];
    expect(rolled).toHaveLength(32);
    expect(rolled[0]).toBe('2026-10-31');
    expect(rolled.at(-1)).toBe('2026-12-01');
    expect(await rolledThrough(db)).toBe('2026-12-02');
    // The rolled days' raw events are gone here (the product keeps them), so those figures can
    // only come from the read model; today's four events are still raw.
    await sql`delete from analytics_events where received_at < '2026-12-02'`.execute(db);
    const r = ranges();
    expectNovemberToToday(await r.toToday());
    expectNovemberSecondToThirtieth(await r.november());
    expectHalloween(await r.halloween());
  });
});
