/**
 * End-of-day closes on FINRA's public data. The simulator's closes are struck by its live ticks
 * (each finished day) and its history backfill; public data has neither, so without this the
 * stored closes that the market index, history charts, the accuracy backtest and market hawk read
 * would never exist. After each history pass the days it completed are closed here, through the
 * same `priceHistory` the backfill uses: oldest first, each chunk carrying the basis filter's
 * state on from the close before it.
 *
 * A cursor (the last day closed) is saved after each chunk, so a day is struck once, a crash
 * resumes at the chunk it stopped in (re-striking it is an upsert), and days that could not be
 * priced yet (no Treasury curve loaded) are struck by a later run.
 */
import { type Kysely, sql } from 'kysely';
import { addDays, businessDaysBetween } from '../../../../common/calendar';
import type { Database } from '../../../db/schema';
import { priceHistory } from '../../pricing/index';
import { readCursor, saveCursor } from '../sourceState';
import { HISTORY_DATASET } from './loader';
import { FINRA_SOURCE } from './writer';

/** The closes' cursor in source_states: `{ through }`, the last business day closed. */
export const CLOSES_DATASET = 'endOfDayCloses';
/** Business days priced per chunk (then the cursor is saved), as the simulator's backfill does. */
const DAYS_PER_CHUNK = 20;

export interface ClosesStruck {
  days: number;
  prices: number;
  /** The last day closed, or null when nothing has been closed yet. */
  through: string | null;
}

/** The last whole trade date the history pass loaded, or null before its first day. */
async function historyThrough(db: Kysely<Database>): Promise<string | null> {
  const saved = await readCursor(db, FINRA_SOURCE, HISTORY_DATASET);
  return saved ? (JSON.parse(saved) as { through: string }).through : null;
}

/** The first New York day on or after `from` with a FINRA print, or null. */
async function firstPrintDay(db: Kysely<Database>, from: string): Promise<string | null> {
  const { rows } = await sql<{ d: string | null }>`
    select to_char(min(execution_time at time zone 'America/New_York'), 'YYYY-MM-DD') as d from trades
    where source = ${FINRA_SOURCE} and execution_time >= (${from}::date + time '00:00') at time zone 'America/New_York'`.execute(db);
  return rows[0]?.d ?? null;
}

/**
 * Strikes the closes of every business day after the last one closed through the last whole day
 * of history loaded. The first run starts at the first day with a FINRA print on or after
 * `historyFrom` (an earlier day has nothing to price from; a last sale of years ago is not a
 * reason to close every day since). Throws what pricing throws, the cursor left at the last
 * chunk done.
 */
export async function strikeFinraCloses(db: Kysely<Database>, options: { historyFrom: string; now: () => number }): Promise<ClosesStruck> {
  const saved = await readCursor(db, FINRA_SOURCE, CLOSES_DATASET);
  let through = saved ? (JSON.parse(saved) as { through: string }).through : null;
  const last = await historyThrough(db);
  const first = through ? addDays(through, 1) : await firstPrintDay(db, options.historyFrom);
  const result: ClosesStruck = { days: 0, prices: 0, through };
  if (!last || !first || first > last) return result;
  const days = businessDaysBetween(first, last);
  for (let i = 0; i < days.length; i += DAYS_PER_CHUNK) {
    const chunk = days.slice(i, i + DAYS_PER_CHUNK);
    const priced = await priceHistory(db, chunk[0]!, chunk[chunk.length - 1]!);
    through = chunk[chunk.length - 1]!;
    await saveCursor(db, FINRA_SOURCE, CLOSES_DATASET, JSON.stringify({ through }), new Date(options.now()));
    result.days += priced.days;
    result.prices += priced.prices;
    result.through = through;
  }
  return result;
}
