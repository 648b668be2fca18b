import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvents } from '../services/events';
import { insertTestUniverse, type TestUniverse } from '../services/market/queries/testUniverse';
import { createTestApp, signedIn, type TestContext } from '../test/testApp';
import { hawkJob } from './hawk';
import { listJobRuns, Scheduler, type SchedulerTime } from './scheduler';

const T0 = Date.parse('2026-11-20T21:10:00Z');

/** The scheduler's clock, a minute after the app's: what a run reads is the scheduler's time. */
const RUN_AT = T0 + 60_000;
/** Timers that never fire: any run here was started by an event, not by the interval. */
const noTimers: SchedulerTime = { now: () => RUN_AT, every: () => () => {} };

describe('market hawk job: woken by its events', () => {
  let ctx: TestContext;
  let u: TestUniverse;
  let alice: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => T0 });
    u = await insertTestUniverse(ctx.database.db, { bonds: 6, historyDays: 2, asOfDay: '2026-11-20' });
    alice = await signedIn(ctx, 'hawk-wake');
  });
  afterAll(() => ctx.close());

  it('a block trade committed as its event fires the alert at once, the job’s interval never elapsing', async () => {
    const db = ctx.database.db;
    const bondId = u.bondIds[3]!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/hawk/subscriptions',
      headers: alice,
      payload: {
        rule: { kind: 'tradeSize', minSize: 5_000_000 },
        target: { kind: 'bond', bondId },
        frequency: { type: 'every', cooldownMinutes: 1 },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const subscriptionId = res.json().id as number;
    const scheduler = new Scheduler(db, pino({ level: 'silent' }), noTimers);
    const job = hawkJob(ctx.config);
    scheduler.start(job);
    await scheduler.listen([job]);
    try {
      // An event it does not read wakes nothing (the one run below is the trade's).
      await recordEvents(db, [{ type: 'user.logged_in', subjectId: 'x', payload: {} }]);
      const ran = scheduler.nextRunEnd(job.name);
      await recordEvents(db, [
        {
          type: 'trade.new',
          subjectId: String(bondId),
          payload: {
            tradeId: 'wake-1',
            bondId,
            price: 100,
            quantity: 5_000_000,
            quantityCapped: true,
            executionTime: new Date(T0).toISOString(),
          },
        },
      ]);
      await ran;
      const firings = await db.selectFrom('hawk_firings').selectAll().where('subscription_id', '=', subscriptionId).execute();
      expect(firings).toHaveLength(1);
      expect(firings[0]).toMatchObject({ bond_id: bondId, message: 'Trade of 5MM+ at 100.000' });
      const notes = await db.selectFrom('notifications').select(['type', 'created_at']).where('type', '=', 'markethawkalert').execute();
      expect(notes).toHaveLength(1);
      // Delivered at the scheduler's time, not the machine's.
      expect(notes[0]!.created_at.getTime()).toBe(RUN_AT);
      // One run, under the job's lease like an interval's tick, recorded there.
      expect((await listJobRuns(db)).find((r) => r.name === 'market-hawk')).toMatchObject({ runs: 1, lastError: null });
    } finally {
      await scheduler.stop();
    }
  });
});
