import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { insertAccuracyFixture } from '../services/accuracy/testFixtures';
import { createTestDatabase } from '../test/testDatabase';
import { accuracyBacktestJob } from './accuracyBacktest';
import { listJobRuns, Scheduler, type SchedulerTime } from './scheduler';

/** Time that moves only when the test fires the timers. */
const handTime: SchedulerTime = { now: () => Date.UTC(2026, 10, 26, 12), every: () => () => undefined };

describe('the accuracy-backtest job', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await insertAccuracyFixture(database.db);
  });
  afterAll(() => database.close());

  it('evaluates the trades not yet evaluated under its lease, and records the run', async () => {
    const scheduler = new Scheduler(database.db, pino({ level: 'silent' }), handTime);
    const job = accuracyBacktestJob();
    await scheduler.tick(job);
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom('trade_accuracy')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirst()
        )?.n,
      );
    // The fixture's six active trades (the cancelled one is left out).
    expect(await count()).toBe(6);
    await scheduler.tick(job);
    expect(await count()).toBe(6);
    const runs = (await listJobRuns(database.db)).find((r) => r.name === 'accuracy-backtest');
    expect(runs).toMatchObject({ runs: 2, failures: 0, lastError: null });
    await scheduler.stop();
  });
});
