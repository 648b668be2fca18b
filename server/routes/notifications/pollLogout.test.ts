import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../db/database';
import { SESSION_ENDED } from '../../services/accounts/sessions';
import { createNotifications } from '../../services/notifications/notifications';
import { ManualPollTimers } from '../../test/pollTimers';
import { createTestApp, TEST_CLOCK_START, type TestContext } from '../../test/testApp';
import { authHeader, createAccount, login, post } from '../auth/accountsTestKit';

const POLL = '/v2/user/notification/poll';

/** Issue 33: a poll held at logout delivered a notification created after it. */
describe('logout ends the long-polls its session holds', () => {
  let ctx: TestContext;
  const timers = new ManualPollTimers();
  const clock = TEST_CLOCK_START;

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clock, pollTimers: timers });
    await createAccount(ctx, 'dora@example.com');
  });
  afterAll(() => ctx.close());

  const held = (n: number) => expect.poll(() => ctx.app.notificationHub.heldPolls, { timeout: 10_000, interval: 5 }).toBe(n);

  it("a poll held by the session that logs out answers at once with 401, another session's poll stays held and gets what comes next", async () => {
    const leaving = await login(ctx, 'dora@example.com');
    const staying = await login(ctx, 'dora@example.com');
    const ended = ctx.app.inject({ method: 'GET', url: `${POLL}?cursor=0`, headers: authHeader(leaving) });
    const other = ctx.app.inject({ method: 'GET', url: `${POLL}?cursor=0`, headers: authHeader(staying) });
    await held(2);

    expect((await post(ctx, '/auth/logout', {}, authHeader(leaving))).statusCode).toBe(200);
    // No hold timer fired: the logout itself answered the poll.
    const res = await ended;
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: SESSION_ENDED });
    expect(ctx.app.notificationHub.heldPolls).toBe(1);

    const [id] = await ctx.app.db.transaction().execute((trx) =>
      createNotifications(trx, [leaving.userId], {
        type: 'other',
        category: 'other',
        payload: { after: 'logout' },
        at: new Date(ctx.app.now()),
      }),
    );
    const stayed = await other;
    expect(stayed.statusCode).toBe(200);
    expect(stayed.json().notifications).toMatchObject([{ id, payload: { after: 'logout' } }]);
    expect(timers.fire()).toBe(0);
  });
});

describe.skipIf(process.env.TEST_DB_ENGINE !== 'postgres')('logout on one instance, the poll held on another', () => {
  let a: TestContext;
  let b: TestContext;
  let secondPool: { close(): Promise<void> };

  beforeAll(async () => {
    a = await createTestApp({}, { pollTimers: new ManualPollTimers() });
    const handle = openPostgres(a.database.url!, 5);
    secondPool = handle;
    b = await createTestApp({}, { pollTimers: new ManualPollTimers(), database: handle });
    await createAccount(a, 'ezra@example.com');
  });
  afterAll(async () => {
    await b.close();
    await secondPool.close();
    await a.close();
  });

  it('the poll held on instance B answers 401 when its session logs out through instance A', async () => {
    const auth = await login(a, 'ezra@example.com');
    const pending = b.app.inject({ method: 'GET', url: `${POLL}?cursor=0`, headers: authHeader(auth) });
    await expect.poll(() => b.app.notificationHub.heldPolls, { timeout: 10_000, interval: 5 }).toBe(1);
    expect((await post(a, '/auth/logout', {}, authHeader(auth))).statusCode).toBe(200);
    const res = await pending;
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: SESSION_ENDED });
  });
});
