/**
 * `priceHistory`: end-of-day evaluated prices for every business day of a range — a year for 3,000 bonds is ~780k rows inside the first start's seed budget.
 *
 * Everything is computed in memory from each day's trades and curve: trades are read in chunks
 * of a few weeks as the days advance (a sliding window), each trade's implied spread is computed
 * once for all the days it counts in, and rows are written a few days per statement. On PostgreSQL the next batch is
 * computed while the previous one is being written.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { MS_PER_DAY, TRADE_WINDOW_DAYS } from './conventions';
import { addDays, businessDaysBetween, closeInstant, dayStartMs } from '../../../common/calendar';
import { FIXING_LOOKBACK_DAYS, loadCurves } from './curves';
import type { CarriedBasis } from './basis';
import { loadClose, previousCloseDate } from './closes';
import { evaluateUniverse } from './evaluate';
import { forgetPastDays } from './reprice';
import { loadTerms } from './terms';
import { TradeBook, loadTrades } from './trades';
import { closeFlags, type TradeFlagChange, writeTradeFlags } from './tradeFlags';
import { type PricedItem, writeEvaluatedPrices } from './write';

export interface PriceHistoryResult {
  days: number;
  prices: number;
  failed: number;
  /** The first few bonds the analytics could not price, and why. */
  failures: { bondId: number; day: string; error: string }[];
  elapsedMs: number;
  /** Where the time went: reading trades and terms, pricing in memory, waiting for writes. */
  timingsMs: { read: number; compute: number; write: number };
}

/** Rows per write statement (several days of a 3,000-bond universe). */
const ROWS_PER_BATCH = 12_000;
/** Business days of trades read per chunk. */
const CHUNK_DAYS = 20;

/** The instant a day's close is struck at: the end of its UTC day, so every trade of the day counts. */
export function closeTime(day: string): Date {
  return closeInstant(day);
}

/**
 * Prices every bond at the close of each business day from `fromDate` to `toDate` (inclusive,
 * 'YYYY-MM-DD'), upserting evaluated_prices (kind 'eod'). Idempotent. (daily_bond_stats belongs to
 * whoever writes trades: the simulator and the importers.)
 * `progress(done, total)` is called after each day.
 */
export async function priceHistory(
  db: Kysely<Database>,
  fromDate: string,
  toDate: string,
  progress?: (done: number, total: number) => void,
): Promise<PriceHistoryResult> {
  const started = performance.now();
  const days = businessDaysBetween(fromDate, toDate);
  const timings = { read: 0, compute: 0, write: 0 };
  if (days.length === 0) return { days: 0, prices: 0, failed: 0, failures: [], elapsedMs: 0, timingsMs: timings };
  let mark = performance.now();
  const lap = (key: keyof typeof timings) => {
    const now = performance.now();
    timings[key] += now - mark;
    mark = now;
  };
  const entries = await loadTerms(db, null);
  const curves = await loadCurves(db, addDays(days[0]!, -TRADE_WINDOW_DAYS - 1 - FIXING_LOOKBACK_DAYS), days[days.length - 1]!);
  lap('read');

  // Each bond's basis filter runs from close to close (basis.ts): seeded from the stored close
  // before the range when there is one, then carried in memory.
  const carried = new Map<number, CarriedBasis>();
  const before = await previousCloseDate(db, days[0]!);
  if (before) for (const [id, close] of await loadClose(db, before)) if (close.basis) carried.set(id, close.basis);
  const book = new TradeBook();
  let loadedToMs = dayStartMs(days[0]!) - TRADE_WINDOW_DAYS * MS_PER_DAY;
  let pending: Promise<void> = Promise.resolve();
  let items: PricedItem[] = [];
  let flags: TradeFlagChange[] = [];
  let prices = 0;
  let failed = 0;
  const failures: PriceHistoryResult['failures'] = [];
  const flush = async () => {
    const batch = items;
    const flagBatch = flags;
    items = [];
    flags = [];
    lap('compute');
    await pending;
    pending = writeEvaluatedPrices(db, 'eod', batch).then(() => writeTradeFlags(db, flagBatch));
    lap('write');
    // Surface a failed write at the next await rather than as an unhandled rejection.
    pending.catch(() => undefined);
  };

  for (let k = 0; k < days.length; k++) {
    const day = days[k]!;
    const asOf = closeTime(day);
    if (asOf.getTime() >= loadedToMs) {
      lap('compute');
      const chunkEnd = closeTime(days[Math.min(k + CHUNK_DAYS - 1, days.length - 1)]!).getTime() + 1;
      book.add(await loadTrades(db, { fromMs: loadedToMs, toMs: chunkEnd }));
      loadedToMs = chunkEnd;
      lap('read');
    }
    book.prune(asOf.getTime() - (TRADE_WINDOW_DAYS + 1) * MS_PER_DAY);
    const result = evaluateUniverse(
      entries,
      (id, from, to) => book.window(id, from, to),
      curves,
      asOf,
      undefined,
      true,
      (id) => carried.get(id),
    );
    for (const e of result.evaluations) carried.set(e.bondId, e.basis);
    // Each close decides its own day's prints before the next day is priced from them (tradeFlags.ts).
    const dayFromMs = dayStartMs(day) - 1;
    for (const c of closeFlags(result.evaluations, (id) => book.window(id, dayFromMs, asOf.getTime()))) flags.push(c);
    failed += result.failed.length;
    for (const f of result.failed) if (failures.length < 20) failures.push({ ...f, day });
    for (const e of result.evaluations) items.push({ day, asOf, evaluation: e });
    prices += result.evaluations.length;
    if (items.length >= ROWS_PER_BATCH) await flush();
    progress?.(k + 1, days.length);
  }
  await flush();
  await pending;
  lap('write');
  forgetPastDays(db);
  return { days: days.length, prices, failed, failures, elapsedMs: performance.now() - started, timingsMs: timings };
}
