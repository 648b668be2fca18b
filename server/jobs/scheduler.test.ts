import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../test/testDatabase';
import { listJobRuns, Scheduler, type RecurringJob, type SchedulerTime } from './scheduler';

/** Time the test moves by hand: timers fire only when the test says so. */
function manualTime() {
  let nowMs = Date.UTC(2026, 10, 24, 12, 0, 0);
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
function heldJob(name: string) {
  const pending: Array<{ finish: () => void; fail: (e: Error) => void }> = [];
  let started = 0;
  let onStart: (() => void) | null = null;
  const job: RecurringJob = {
    name,
    intervalMs: 3000,
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
});
