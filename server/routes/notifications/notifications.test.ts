import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/database';
import { signAccessToken } from '../../plugins/auth';
import { createNotifications } from '../../services/notifications/notifications';
import { ManualPollTimers } from '../../test/pollTimers';
import { createTestApp, signedIn, TEST_JWT_SECRET, type TestContext } from '../../test/testApp';

const START = Date.parse('2026-11-20T12:00:00Z');
const HOLD = 25_000;

describe('GET /v2/user/notification/poll', () => {
  let ctx: TestContext;
  let clock = START;
  const timers = new ManualPollTimers();
  let ann: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clock, pollTimers: timers });
    ann = await signedIn(ctx, 'ann');
    await signedIn(ctx, 'bob');
  });
  afterAll(() => ctx.close());

  const poll = (headers: Record<string, string>, cursor?: string) =>
    ctx.app.inject({ method: 'GET', url: `/v2/user/notification/poll${cursor === undefined ? '' : `?cursor=${cursor}`}`, headers });
  const notify = (userIds: string[], payload: Record<string, unknown> = {}) =>
    createNotifications(ctx.app.db, userIds, { type: 'other', category: 'other', payload, at: new Date(clock) });
  /** Waits until n polls are held (registered with the hub and their hold timer set). */
  const held = async (n: number) => {
    await expect.poll(() => ctx.app.notificationHub.heldPolls, { timeout: 10_000, interval: 5 }).toBe(n);
    await expect.poll(() => timers.delays.length, { timeout: 10_000, interval: 5 }).toBe(n);
  };

  it('without a cursor answers at once: nothing yet, and the cursor "0" to hold on next', async () => {
    const res = await poll(ann);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ notifications: [], cursor: '0' });
  });

  it('answers at once with what is newer than the cursor, oldest first, with §3 fields', async () => {
    const [first, second] = [(await notify(['ann'], { n: 1 }))[0]!, (await notify(['ann', 'bob'], { n: 2 }))[0]!];
    const res = await poll(ann, '0');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.notifications).toEqual([
      { id: first, type: 'other', category: 'other', timestamp: new Date(START).toISOString(), payload: { n: 1 } },
      { id: second, type: 'other', category: 'other', timestamp: new Date(START).toISOString(), payload: { n: 2 } },
    ]);
    expect(body.cursor).toBe(second);
    expect((await poll(ann)).json().cursor).toBe(second);
  });

  it('holds a poll with nothing newer and hands it the notification committed for its user', async () => {
    const cursor = (await poll(ann)).json().cursor as string;
    const pending = poll(ann, cursor);
    await held(1);
    expect(timers.delays).toEqual([HOLD]);
    await notify(['bob'], { for: 'bob' });
    const [id] = await ctx.app.db.transaction().execute((trx) =>
      createNotifications(trx, ['ann'], {
        type: 'unreadmessage',
        category: 'primary_deal_messaging',
        payload: { dealId: 7 },
        at: new Date(ctx.app.now()),
      }),
    );
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.json().notifications.map((n: { id: string; payload: object }) => [n.id, n.payload])).toEqual([[id, { dealId: 7 }]]);
    expect(res.json().cursor).toBe(id);
    expect(timers.delays).toEqual([]);
    expect(ctx.app.notificationHub.heldPolls).toBe(0);
  });

  it('a rolled-back notification wakes nobody; after the hold the poll answers empty with its own cursor', async () => {
    const cursor = (await poll(ann)).json().cursor as string;
    const pending = poll(ann, cursor);
    await held(1);
    await ctx.app.db
      .transaction()
      .execute(async (trx) => {
        await createNotifications(trx, ['ann'], { type: 'other', category: 'other', at: new Date(ctx.app.now()) });
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(timers.fire()).toBe(1);
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ notifications: [], cursor });
  });

  it('replays what a client missed for 7 days, not older', async () => {
    await signedIn(ctx, 'cy');
    const cy = await signedIn(ctx, 'cy');
    await createNotifications(ctx.app.db, ['cy'], {
      type: 'other',
      category: 'other',
      payload: { old: true },
      at: new Date(clock - 8 * 86_400_000),
    });
    const [recent] = await createNotifications(ctx.app.db, ['cy'], {
      type: 'markethawkalert',
      category: 'markethawk',
      payload: { old: false },
      at: new Date(clock - 6 * 86_400_000),
    });
    for (const cursor of ['0', undefined]) {
      const body = (await poll(cy, cursor)).json();
      expect(body.notifications.map((n: { id: string }) => n.id)).toEqual([recent]);
    }
  });

  it('refuses a malformed cursor with 400 naming it, and an anonymous caller with 401', async () => {
    for (const bad of ['abc', '-1', '1.5', '99999999999999999999', '']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/v2/user/notification/poll?cursor=${encodeURIComponent(bad)}`,
        headers: ann,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error, bad).toMatch(/cursor/);
    }
    expect((await poll({}, '0')).statusCode).toBe(401);
  });

  it('a token that expires while the poll is held ends it with 401', async () => {
    const token = await signAccessToken(TEST_JWT_SECRET, { userId: 'ann', scopes: ['user'], ttlSeconds: 60 }, () => clock);
    const cursor = (await poll(ann)).json().cursor as string;
    const pending = poll({ authorization: `Bearer ${token}` }, cursor);
    await held(1);
    // The hold is cut to the token's remaining life.
    expect(timers.delays).toEqual([HOLD]);
    clock += 25_000;
    timers.fire();
    expect((await pending).statusCode).toBe(200);
    const again = poll({ authorization: `Bearer ${token}` }, cursor);
    await held(1);
    expect(timers.delays).toEqual([HOLD]);
    clock += 20_000;
    const last = (await poll(ann)).json().cursor as string;
    expect(last).toBe(cursor);
    const third = poll({ authorization: `Bearer ${token}` }, cursor);
    await held(2);
    expect(timers.delays.sort((a, b) => a - b)).toEqual([15_000, HOLD]);
    clock += 15_000;
    timers.fire(15_000);
    const res = await third;
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatch(/expired/);
    timers.fire();
    expect((await again).statusCode).toBe(401);
    clock = START;
  });

  it('closing the app answers held polls at once', async () => {
    const other = await createTestApp({}, { now: () => clock, pollTimers: new ManualPollTimers(), database: ctx.database });
    const pending = other.app.inject({ method: 'GET', url: '/v2/user/notification/poll?cursor=0', headers: await signedIn(ctx, 'dee') });
    await expect.poll(() => other.app.notificationHub.heldPolls, { timeout: 10_000, interval: 5 }).toBe(1);
    await other.close();
    expect((await pending).json()).toEqual({ notifications: [], cursor: '0' });
  });
});

describe.skipIf(process.env.TEST_DB_ENGINE !== 'postgres')('two instances on one PostgreSQL', () => {
  let a: TestContext;
  let b: TestContext;
  let secondPool: { close(): Promise<void> };

  beforeAll(async () => {
    a = await createTestApp({}, { pollTimers: new ManualPollTimers() });
    // Instance B: its own pool and its own LISTEN connection on the same database.
    const handle = openPostgres(a.database.url!, 5);
    secondPool = handle;
    b = await createTestApp({}, { pollTimers: new ManualPollTimers(), database: handle });
  });
  afterAll(async () => {
    await b.close();
    await secondPool.close();
    await a.close();
  });

  it('a notification created through instance A reaches the poll held on instance B', async () => {
    const eve = await signedIn(a, 'eve');
    const pending = b.app.inject({ method: 'GET', url: '/v2/user/notification/poll?cursor=0', headers: eve });
    await expect.poll(() => b.app.notificationHub.heldPolls, { timeout: 10_000, interval: 5 }).toBe(1);
    const [id] = await a.app.db
      .transaction()
      .execute((trx) =>
        createNotifications(trx, ['eve'], { type: 'other', category: 'other', payload: { via: 'A' }, at: new Date(a.app.now()) }),
      );
    const res = await pending;
    expect(res.statusCode).toBe(200);
    expect(res.json().notifications).toMatchObject([{ id, payload: { via: 'A' } }]);
  });
});
