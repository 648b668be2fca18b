/**
 * The `finra-public` market-data provider: FINRA's corporate bond universe (reference data,
 * ratings with their dates, last sales) and its end-of-day history, loaded through the provider
 * seam into the same tables the simulator fills, then repriced; then FINRA's Treasury securities
 * and their end-of-day history (treasuryLoader.ts). The days the history completes are closed
 * (closes.ts), as the simulator's days are. Each dataset's run is recorded
 * in the sources run log (last run, rows, error, data-through date) for the admin system page.
 */
import type { Kysely } from 'kysely';
import { addDays } from '../../../../common/calendar';
import type { FinraConfig } from '../../../config';
import type { Database } from '../../../db/schema';
import { repriceAfterImport } from '../../importers/reprice';
import type { BatchRequest, BatchResult, MarketDataProvider } from '../../market/provider';
import { recordSourceRun } from '../sourceState';
import { type FinraClientOptions, createFinraClient } from './client';
import { CORPORATES_DATASET, type DatasetLoad, HISTORY_DATASET, loadCorporates, loadHistory } from './loader';
import { TREASURIES_DATASET, TREASURY_HISTORY_DATASET, loadTreasuryHistory, loadTreasurySecurities } from './treasuryLoader';
import { FINRA_SOURCE } from './writer';
import { CLOSES_DATASET, strikeFinraCloses } from './closes';

/** The New York calendar day at `nowMs` (FINRA's trade dates are New York days). */
export function newYorkDay(nowMs: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(nowMs),
  );
}

export interface FinraProviderOptions extends FinraClientOptions {
  /** The clock (the job's); runs are recorded at its times. */
  now: () => number;
  pageLimit?: number;
  concurrency?: number;
}

/**
 * request.to is today (default: the clock's New York day); request.from the first history day
 * when history has never been loaded (default: config.historyDays, FINRA_HISTORY_DAYS, before today).
 */
export function finraPublicProvider(config: FinraConfig, options: FinraProviderOptions): MarketDataProvider {
  const client = createFinraClient(config, options);
  return {
    id: FINRA_SOURCE,
    supplies: ['reference', 'trades'],
    async loadBatch(db: Kysely<Database>, request: BatchRequest): Promise<BatchResult> {
      const today = request.to ?? newYorkDay(options.now());
      const load = {
        client,
        today,
        historyFrom: request.from ?? addDays(today, -config.historyDays),
        now: options.now,
        ...(options.pageLimit ? { pageLimit: options.pageLimit } : {}),
        ...(options.concurrency ? { concurrency: options.concurrency } : {}),
      };
      // Corporates first: history rows only attach to bonds already known.
      const corporates = await recorded(db, CORPORATES_DATASET, options.now, () => loadCorporates(db, load));
      const history = await recorded(db, HISTORY_DATASET, options.now, () => loadHistory(db, load));
      // The closes of the days the history completed, before the intraday reprice measures today
      // against the latest of them (closes.ts).
      await recorded(db, CLOSES_DATASET, options.now, async () => {
        const struck = await beforeFirstCurve(() => strikeFinraCloses(db, { historyFrom: load.historyFrom, now: options.now }));
        return { rows: struck?.prices ?? 0, skipped: 0, bondIds: [], dataThrough: struck?.through ?? null };
      });
      const touched = [...new Set([...corporates.bondIds, ...history.bondIds])];
      await beforeFirstCurve(() => repriceAfterImport(db, touched, new Date(options.now())));
      // Then FINRA's Treasuries, after the corporates are priced: kept beside the Treasury's own par
      // curve, not priced on (docs/data-sources.md), so their failure holds nothing else back.
      const treasuries = await recorded(db, TREASURIES_DATASET, options.now, () => loadTreasurySecurities(db, load));
      const treasuryHistory = await recorded(db, TREASURY_HISTORY_DATASET, options.now, () => loadTreasuryHistory(db, load));
      return {
        counts: { reference: corporates.rows, trades: history.rows },
        rejected: corporates.skipped + history.skipped + treasuries.skipped + treasuryHistory.skipped,
        touchedBondIds: touched,
        days: [],
      };
    },
  };
}

/**
 * Before the first Treasury curve there is nothing to price on: the data stays loaded and is
 * priced when the curve arrives (a new curve reprices every bond; the next run strikes the closes
 * still due). Any other failure is thrown on.
 */
async function beforeFirstCurve<T>(price: () => Promise<T>): Promise<T | null> {
  try {
    return await price();
  } catch (err) {
    if (!/No treasury curve/i.test((err as Error).message)) throw err;
    return null;
  }
}

/** Runs one dataset's load and records it (with its error, which is then thrown on). */
async function recorded(db: Kysely<Database>, dataset: string, now: () => number, run: () => Promise<DatasetLoad>): Promise<DatasetLoad> {
  const startedAt = new Date(now());
  try {
    const result = await run();
    await recordSourceRun(db, {
      source: FINRA_SOURCE,
      dataset,
      startedAt,
      finishedAt: new Date(now()),
      rows: result.rows,
      error: null,
      dataThrough: result.dataThrough,
    });
    return result;
  } catch (err) {
    await recordSourceRun(db, {
      source: FINRA_SOURCE,
      dataset,
      startedAt,
      finishedAt: new Date(now()),
      rows: 0,
      error: (err as Error).message,
      dataThrough: null,
    });
    throw err;
  }
}
