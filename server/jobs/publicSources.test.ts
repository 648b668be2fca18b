import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { type RecordedServer, handClock, startRecordedServer } from '../services/sources/recordedServer';
import { listSourceStates } from '../services/sources/sourceState';
import { createTestDatabase } from '../test/testDatabase';
import { recurringJobs } from './index';
import { edgarFwpJob, treasuryYieldCurveJob } from './publicSources';
import { listJobRuns, Scheduler, type SchedulerTime } from './scheduler';

/** 25 Nov 2026, 9:00 in New York; time moves only when the test says. */
const NOW = Date.UTC(2026, 10, 25, 14);
const handTime: SchedulerTime = { now: () => NOW, every: () => () => undefined };
const base = { DATA_DIR: '.tmp/config-test', JWT_SECRET: 'x'.repeat(40) };

describe('the public sources jobs', () => {
  let database: DatabaseHandle;
  let treasury: RecordedServer;
  let edgar: RecordedServer;
  beforeAll(async () => {
    database = await createTestDatabase();
    treasury = await startRecordedServer(join(process.cwd(), 'samples/replay/treasury'), () => NOW);
    edgar = await startRecordedServer(join(process.cwd(), 'samples/replay/edgar'), () => NOW);
  });
  afterAll(async () => {
    await treasury.close();
    await edgar.close();
    await database.close();
  });
  const config = (extra: Record<string, string> = {}) =>
    loadConfig({
      ...base,
      MARKET_SOURCE: 'public',
      TREASURY_BASE_URL: treasury.baseUrl,
      EDGAR_BASE_URL: edgar.baseUrl,
      EDGAR_START_DATE: '2026-11-23',
      ...extra,
    });

  it('are scheduled only when the market is public', () => {
    const names = (env: Record<string, string>) => recurringJobs(loadConfig({ ...base, ...env })).map((j) => j.name);
    expect(names({})).not.toContain('treasury-yield-curve');
    expect(names({ MARKET_SOURCE: 'public' })).toEqual(expect.arrayContaining(['treasury-yield-curve', 'edgar-fwp']));
  });

  it("load the Treasury's curve under the job's lease and record the run for the system page", async () => {
    const scheduler = new Scheduler(database.db, pino({ level: 'silent' }), handTime);
    await scheduler.tick(treasuryYieldCurveJob(config()));
    await scheduler.tick(treasuryYieldCurveJob(config()));
    const state = (await listSourceStates(database.db)).find((s) => s.source === 'treasury');
    // The first run loads the recorded days; the second finds nothing new and keeps the date.
    expect(state).toMatchObject({
      dataset: 'daily-par-yield-curve',
      cursor: '2025-06-23',
      lastRows: 0,
      totalRows: 169,
      lastError: null,
      dataThrough: '2025-06-23',
      runs: 2,
    });
    expect((await listJobRuns(database.db)).find((r) => r.name === 'treasury-yield-curve')).toMatchObject({ runs: 2, failures: 0 });
    await scheduler.stop();
  });

  it('refuse to poll EDGAR without SEC_USER_AGENT, saying so on the system page, and poll with it', async () => {
    const scheduler = new Scheduler(database.db, pino({ level: 'silent' }), handTime);
    const clock = handClock(NOW);
    edgar.requests.length = 0;
    await scheduler.tick(edgarFwpJob(config(), () => clock));
    expect(edgar.requests).toEqual([]);
    const refused = (await listSourceStates(database.db)).find((s) => s.source === 'edgar');
    expect(refused?.lastError).toMatch(/^SEC_USER_AGENT is not set/);
    expect((await listJobRuns(database.db)).find((r) => r.name === 'edgar-fwp')).toMatchObject({ failures: 1 });

    await scheduler.tick(edgarFwpJob(config({ SEC_USER_AGENT: 'Bondwise Tests ops@bondwise.example' }), () => clock));
    const polled = (await listSourceStates(database.db)).find((s) => s.source === 'edgar');
    expect(polled).toMatchObject({ lastError: null, lastRows: 3, dataThrough: '2026-11-24', cursor: '2026-11-24' });
    expect(edgar.requests.every((r) => r.userAgent === 'Bondwise Tests ops@bondwise.example')).toBe(true);
    await scheduler.stop();
  });
});
