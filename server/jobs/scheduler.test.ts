import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { recordEvents } from '../services/events';
import { createTestDatabase } from '../test/testDatabase';
import { listJobRuns, Scheduler, type RecurringJob, type SchedulerTime } from './scheduler';

/** Time the test moves by hand: timers fire only when the test says so. */
const T0 = Date.UTC(2026, 10, 24, 12, 0, 0);

function manualTime() {
  let nowMs = T0;
  const timers: Array<{ ms: number; tick: () => void }> = [];
  const time: SchedulerTime = {
    now: () => nowMs,
    every(ms, tick) {
      const timer = { ms, tick };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  };
  return { time, fire: () => timers.forEach((t) => t.tick()), advance: (ms: number) => (nowMs += ms) };
}

/** A job whose runs the test finishes (or fails) one at a time. */
function heldJob(name: string, wakeOn?: string[]) {
  const pending: Array<{ finish: () => void; fail: (e: Error) => void }> = [];
  let started = 0;
  let onStart: (() => void) | null = null;
  const job: RecurringJob = {
    name,
    intervalMs: 3000,
    ...(wakeOn ? { wakeOn } : {}),
    run: () => {
      started++;
      onStart?.();
      return new Promise<void>((finish, fail) => pending.push({ finish, fail }));
    },
  };
  /** Resolves when the next run begins (after the scheduler took the lease in the database). */
  const nextStart = () => new Promise<void>((resolve) => (onStart = resolve));
  return {
    job,
    nextStart,
    started: () => started,
    finishNext: () => pending.shift()!.finish(),
    failNext: (e: Error) => pending.shift()!.fail(e),
  };
}

const log = pino({ level: 'silent' });
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the job scheduler', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('never starts a job again while its previous run is still going, and records each run', async () => {
    const t = manualTime();
    const scheduler = new Scheduler(handle.db, log, t.time);
    const slow = heldJob('slow-backfill');
    scheduler.start(slow.job);
    const began = slow.nextStart();
    t.fire();
    await began;
    expect(slow.started()).toBe(1);
    // Three more ticks while the first run is held: none starts a second run.
    for (let i = 0; i < 3; i++) {
      t.fire();
      await settle();
    }
    expect(slow.started()).toBe(1);
    t.advance(10_000);
    slow.finishNext();
    await scheduler.tick(slow.job); // the run in flight ends (the same promise)
    const [run] = (await listJobRuns(handle.db)).filter((r) => r.name === 'slow-backfill');
    expect(run).toMatchObject({ lastDurationMs: 10_000, lastError: null, runs: 1, failures: 0 });
    expect(run!.lastFinishedAt!.getTime() - run!.lastStartedAt!.getTime()).toBe(10_000);
    // The next tick starts a new run.
    const again = slow.nextStart();
    const next = scheduler.tick(slow.job);
    await again;
    expect(slow.started()).toBe(2);
    slow.finishNext();
    await next;
    await scheduler.stop();
  });

  it('a job that names its lease length holds the lease that long, so a long first load is not taken over mid-run', async () => {
    const t = manualTime();
    const scheduler = new Scheduler(handle.db, log, t.time);
    const load = heldJob('long-first-load');
    load.job.leaseMs = 30 * 60_000;
    scheduler.start(load.job);
    const began = load.nextStart();
    t.fire();
    await began;
    // On the scheduler's clock: the lease runs out 30 minutes after it was taken, not 3 intervals (9 s).
    const lease = await handle.db
      .selectFrom('job_leases')
      .select('expires_at')
      .where('name', '=', 'long-first-load')
      .executeTakeFirstOrThrow();
    expect(lease.expires_at.toISOString()).toBe(new Date(T0 + 30 * 60_000).toISOString());
    load.finishNext();
    await scheduler.stop();
  });

  it('a run reads the scheduler’s clock, and sees it move while it runs', async () => {
    const t = manualTime();
    const scheduler = new Scheduler(handle.db, log, t.time);
    const seen: number[] = [];
    const job: RecurringJob = {
      name: 'clock-reader',
      intervalMs: 3000,
      run: async (_db, { now }) => {
        seen.push(now());
        t.advance(90_000);
        seen.push(now());
      },
    };
    await scheduler.tick(job);
    expect(seen).toEqual([T0, T0 + 90_000]);
    await scheduler.stop();
  });

  it('a failing run records its error and the next run clears it', async () => {
    const t = manualTime();
    const scheduler = new Scheduler(handle.db, log, t.time);
    const flaky = heldJob('flaky-import');
    let began = flaky.nextStart();
    const first = scheduler.tick(flaky.job);
    await began;
    flaky.failNext(new Error('SMTP server refused the connection'));
    await first;
    let [run] = (await listJobRuns(handle.db)).filter((r) => r.name === 'flaky-import');
    expect(run).toMatchObject({ lastError: 'SMTP server refused the connection', runs: 1, failures: 1 });
    began = flaky.nextStart();
    const second = scheduler.tick(flaky.job);
    await began;
    flaky.finishNext();
    await second;
    [run] = (await listJobRuns(handle.db)).filter((r) => r.name === 'flaky-import');
    expect(run).toMatchObject({ lastError: null, runs: 2, failures: 1 });
    await scheduler.stop();
  });

  it('an event it waits on runs a job at once, with no timer firing; a burst during the run adds one run', async () => {
    const t = manualTime();
    const scheduler = new Scheduler(handle.db, log, t.time);
    const evaluator = heldJob('wake-evaluator', ['test.trade']);
    // A second woken job: its start proves every notice committed before its event was handled.
    const sentinel = heldJob('wake-sentinel', ['test.sentinel']);
    scheduler.start(evaluator.job);
    scheduler.start(sentinel.job);
    await scheduler.listen([evaluator.job, sentinel.job]);
    await recordEvents(handle.db, [{ type: 'test.other', payload: {} }]);
    let began = evaluator.nextStart();
    await recordEvents(handle.db, [{ type: 'test.trade', payload: {} }]);
    await began; // the timer never fired: the event's NOTIFY started the run
    expect(evaluator.started()).toBe(1);
    // Five more events, each its own commit and NOTIFY, while the run is held.
    for (let i = 0; i < 5; i++) await recordEvents(handle.db, [{ type: 'test.trade', payload: { i } }]);
    const heard = sentinel.nextStart();
    await recordEvents(handle.db, [{ type: 'test.sentinel', payload: {} }]);
    await heard;
    sentinel.finishNext();
    expect(evaluator.started()).toBe(1);
    // The run ends: exactly one more follows (the held run may have read before the burst committed).
    began = evaluator.nextStart();
    evaluator.finishNext();
    await began;
    const ended = scheduler.nextRunEnd('wake-evaluator');
    evaluator.finishNext();
    await ended;
    await settle();
    expect(evaluator.started()).toBe(2);
    expect(scheduler.runInProgress('wake-evaluator')).toBeUndefined();
    // An event of another type woke nothing.
    expect((await listJobRuns(handle.db)).find((r) => r.name === 'wake-evaluator')).toMatchObject({ runs: 2 });
    await scheduler.stop();
  });

  it('a woken job still runs only under its lease: another instance holding it runs it instead', async () => {
    const t = manualTime();
    const scheduler = new Scheduler(handle.db, log, t.time);
    const evaluator = heldJob('wake-leased', ['test.leased']);
    const sentinel = heldJob('wake-leased-sentinel', ['test.leased-sentinel']);
    await scheduler.listen([evaluator.job, sentinel.job]);
    await handle.db
      .insertInto('job_leases')
      .values({ name: 'wake-leased', owner: 'another-instance', expires_at: new Date(T0 + 3_600_000) })
      .execute();
    await recordEvents(handle.db, [{ type: 'test.leased', payload: {} }]);
    const heard = sentinel.nextStart();
    await recordEvents(handle.db, [{ type: 'test.leased-sentinel', payload: {} }]);
    await heard;
    sentinel.finishNext();
    await scheduler.runInProgress('wake-leased'); // the woken tick, refused its lease
    expect(evaluator.started()).toBe(0);
    // An hour on, on the scheduler's clock, the other instance's lease has run out: this one runs it.
    t.advance(3_600_001);
    const began = evaluator.nextStart();
    const run = scheduler.tick(evaluator.job);
    await began;
    expect(evaluator.started()).toBe(1);
    evaluator.finishNext();
    await run;
    await scheduler.stop();
  });
});
