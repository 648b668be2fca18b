/**
 * The public sources' jobs of this branch (MARKET_SOURCE=public): the Treasury's daily par yield
 * curve and the SEC EDGAR FWP poller. Each runs hourly under its lease (one instance polls, which
 * also keeps the SEC's limit of 10 requests a second "regardless of the number of machines"), and
 * records each run — rows, error, data-through date — in source_states for the admin system page.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { sourceCursor } from '../services/sources/cursorStore';
import { EDGAR_SOURCE, pollEdgar } from '../services/sources/edgar/edgarPoller';
import { type SourceClock, timerClock } from '../services/sources/sourceHttp';
import { readCursor, recordSourceRun } from '../services/sources/sourceState';
import { TREASURY_SOURCE, loadTreasuryCurve } from '../services/sources/treasury/treasuryLoader';
import type { JobContext, RecurringJob } from './scheduler';

const HOUR = 3_600_000;

type Source = { source: string; dataset: string };

/**
 * Runs one source's load and records the run; a failure is recorded, then thrown so the
 * scheduler counts it too. The data-through date is the cursor's (a day of data) when the load
 * did not say.
 */
async function recorded(
  db: Kysely<Database>,
  context: JobContext,
  which: Source,
  load: () => Promise<{ rows: number; dataThrough: string | null }>,
): Promise<void> {
  const startedAt = new Date(context.now());
  let outcome: { rows: number; dataThrough: string | null } = { rows: 0, dataThrough: null };
  let error: string | null = null;
  try {
    outcome = await load();
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
    outcome.dataThrough = await readCursor(db, which.source, which.dataset);
  }
  await recordSourceRun(db, {
    ...which,
    startedAt,
    finishedAt: new Date(context.now()),
    rows: outcome.rows,
    error,
    dataThrough: outcome.dataThrough,
  });
  if (error !== null) throw new Error(error);
}

/** The clock a run's requests wait on: real timers reading the scheduler's time (tests pass their own). */
type ClockFor = (now: () => number) => SourceClock;

export function treasuryYieldCurveJob(config: Config, clockFor: ClockFor = timerClock): RecurringJob {
  return {
    name: 'treasury-yield-curve',
    intervalMs: HOUR,
    run: (db, context) =>
      recorded(db, context, TREASURY_SOURCE, async () => {
        const result = await loadTreasuryCurve(db, {
          baseUrl: config.treasury.baseUrl,
          backfillYears: config.treasury.backfillYears,
          clock: clockFor(context.now),
          cursor: sourceCursor(db, TREASURY_SOURCE.source, TREASURY_SOURCE.dataset, context.now),
        });
        return { rows: result.days, dataThrough: result.dataThrough };
      }),
  };
}

export function edgarFwpJob(config: Config, clockFor: ClockFor = timerClock): RecurringJob {
  return {
    name: 'edgar-fwp',
    intervalMs: HOUR,
    run: (db, context) =>
      recorded(db, context, EDGAR_SOURCE, async () => {
        const result = await pollEdgar(db, {
          baseUrl: config.edgar.baseUrl,
          userAgent: config.edgar.userAgent,
          startDate: config.edgar.startDate,
          clock: clockFor(context.now),
          cursor: sourceCursor(db, EDGAR_SOURCE.source, EDGAR_SOURCE.dataset, context.now),
        });
        // Unreadable filings (a PDF-only FWP) do not fail the run: each is kept, with why, in edgar_feed_filings.
        return { rows: result.queued, dataThrough: result.dataThrough };
      }),
  };
}

/** The public sources' jobs when the public market is on. */
export function publicSourceJobs(config: Config): RecurringJob[] {
  return config.marketSource === 'public' ? [treasuryYieldCurveJob(config), edgarFwpJob(config)] : [];
}
