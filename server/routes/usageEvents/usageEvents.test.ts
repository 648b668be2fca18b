import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_EVENT_PATHS } from '../../../common/api/usage';
import { createTestApp, signedIn, TEST_CLOCK_START, type TestContext } from '../../test/testApp';

/**
 * The analytics proxy path: a batch's valid events are stored with the server's idea of who sent
 * them, malformed ones come back by index, oversized batches are 413, other users' ids are refused,
 * and a flood from one client meets 429.
 */
describe('analytics batches', () => {
  // The app's clock stands still at the start (access tokens are signed on the real clock).
  const NOW = TEST_CLOCK_START;
  let ctx: TestContext;
  let user: { authorization: string };
  const deviceId = 'device-0123456789';
  const event = (name: string, extra: object = {}) => ({ name, time: NOW - 1_000, deviceId, path: '/bw/bond', ...extra });
  const send = (events: unknown[], headers = user) =>
    ctx.app.inject({ method: 'POST', url: USAGE_EVENT_PATHS.batch, headers, payload: { events } });
  const stored = () =>
    ctx.database.db
      .selectFrom('analytics_events')
      .select(['user_id', 'name', 'path', 'role_type', 'properties', 'forward', 'occurred_at'])
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
    user = await signedIn(ctx, 'analyst-1');
    await sql`update users set profile = ${JSON.stringify({ roleType: 'buy-side', roleFunction: 'portfolio manager' })}::jsonb
      where id = 'analyst-1'`.execute(ctx.database.db);
  });
  afterAll(() => ctx.close());

  it('stores the valid events of a batch beside the malformed ones, with the role from the server', async () => {
    const res = await send([
      event('page.view'),
      event('BAD NAME'),
      event('bond_table.sort', { properties: { column: 'ytw', descending: true, rows: 3 } }),
      { name: 'page.view' },
      event('page.view', { userId: 'someone-else' }),
      event('page.view', { time: NOW - 8 * 24 * 3600_000 }),
      event('page.view', { properties: { note: 'x'.repeat(256) } }),
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accepted).toBe(2);
    expect(body.rejected.map((r: { index: number }) => r.index)).toEqual([1, 3, 4, 5, 6]);
    expect(body.rejected[0].error).toMatch(/^name:/);
    expect(body.rejected[1].error).toMatch(/^(time|deviceId):/);
    expect(body.rejected[2].error).toMatch(/^userId:/);
    expect(body.rejected[3].error).toMatch(/^time:/);
    expect(body.rejected[4].error).toMatch(/^properties\.note:/);
    const rows = await stored();
    expect(rows.map((r) => r.name)).toEqual(['page.view', 'bond_table.sort']);
    expect(rows[1]).toMatchObject({
      user_id: 'analyst-1',
      path: '/bw/bond',
      role_type: 'buy-side',
      properties: { column: 'ytw', descending: true, rows: 3 },
      // `mixpanel` is off by default: nothing goes to a vendor without the operator's say.
      forward: false,
    });
    expect(new Date(rows[0]!.occurred_at).getTime()).toBe(NOW - 1_000);
  });

  it('answers 413 to more than 50 events and stores none of them', async () => {
    const before = (await stored()).length;
    const res = await send(Array.from({ length: 51 }, () => event('page.view')));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatch(/at most 50/);
    expect((await stored()).length).toBe(before);
  });

  it('answers 413 to a body over the size limit, in the { error } shape', async () => {
    const huge = Array.from({ length: 50 }, () =>
      event('page.view', { properties: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'v'.repeat(200)])) }),
    );
    const res = await send(huge);
    expect(res.statusCode).toBe(413);
    expect(typeof res.json().error).toBe('string');
  });

  it('refuses an anonymous batch and an empty one', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: USAGE_EVENT_PATHS.batch, payload: { events: [event('page.view')] } })).statusCode,
    ).toBe(401);
    const empty = await send([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/events/);
  });

  it('marks events for forwarding when the user has the mixpanel feature', async () => {
    const other = await signedIn(ctx, 'analyst-2');
    await sql`insert into feature_levels (scope, scope_id, feature, level) values ('user', 'analyst-2', 'mixpanel', 2)`.execute(
      ctx.database.db,
    );
    expect((await send([event('page.view')], other)).json().accepted).toBe(1);
    const row = await ctx.database.db
      .selectFrom('analytics_events')
      .select('forward')
      .where('user_id', '=', 'analyst-2')
      .executeTakeFirstOrThrow();
    expect(row.forward).toBe(true);
  });

  it('meets 429 when one client floods the path', async () => {
    const flooder = await signedIn(ctx, 'analyst-3');
    const statuses: number[] = [];
    for (let i = 0; i < 65; i++) statuses.push((await send([event('page.view')], flooder)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses).toContain(429);
  });
});
