/**
 * The market simulator: a seeded, reproducible corporate bond market (issuers, bonds, treasury
 * curves, trades, deals) written to the database, and the state live mode continues from.
 *
 * `seedUniverse(db, { bonds, historyDays, seed })` is the one entry point the seeder, the
 * benchmarks and other parts' tests use to build a universe.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { addDays, businessDayOnOrBefore, newYorkToday } from '../../../../common/calendar';
import { writeTradeHistory } from './history';
import { pricingApi } from './pricingSeam';
import { setBackfill } from './backfill';
import { saveState } from './state';
import { generateUniverse, type Universe } from './universe';
import { writeReference } from './writeReference';

export { generateUniverse, type Universe } from './universe';
export { newYorkToday } from '../../../../common/calendar';
export { runPriceBackfill, getBackfill } from './backfill';
export { loadState, saveState, type SimulatorState, SIMULATOR_STATE_KEY } from './state';

/** Default master seed: the same market on every fresh install unless SIM_SEED says otherwise. */
export const DEFAULT_SEED = 20261121;

export interface SeedUniverseOptions {
  /** Total bonds (default 3,000). */
  bonds?: number;
  /** Issuers (default bonds / 10, at least 20). */
  issuers?: number;
  /** Business days of history (default 260). */
  historyDays?: number;
  seed?: number;
  /** Last day of history (ISO); default the last business day before today in New York. */
  endDate?: string;
  /**
   * Run the pricing service's end-of-day pricing over the history and build bond_market_state (default true
   * when B's module is present). Tests of other parts that price themselves can turn it off.
   */
  price?: boolean;
  /**
   * Price only the last N business days now and leave the older ones to the background backfill
   * (`runPriceBackfill`); default: the whole window now.
   */
  pricedDays?: number;
  /** Progress per stage: label, done, total. */
  progress?: (label: string, done: number, total: number) => void;
  /** The app's clock: "today" for the default end of history, and the state's write time. */
  now: () => number;
}

export interface SeedSummary {
  seed: number;
  startDate: string;
  endDate: string;
  days: number;
  issuers: number;
  bonds: number;
  deals: number;
  trades: number;
  dailyStats: number;
  priced: boolean;
  seconds: number;
  /** Database ids, by universe index. */
  issuerIds: number[];
  bondIds: number[];
}

/** The default end of history: the last business day strictly before today in New York. */
export function defaultEndDate(now: Date): string {
  return businessDayOnOrBefore(addDays(newYorkToday(now), -1));
}

/**
 * Builds a simulated universe into `db`: reference data, curves, deals, trades and daily stats
 * for the history window, then (with B's pricing) evaluated prices and bond_market_state, and
 * finally the simulator state live mode continues from.
 */
export async function seedUniverse(db: Kysely<Database>, opts: SeedUniverseOptions): Promise<SeedSummary> {
  // Elapsed time for the summary's log line, not the time of day: not the app's clock.
  const started = performance.now();
  const seed = opts.seed ?? DEFAULT_SEED;
  const progress = opts.progress ?? (() => {});
  const endDate = opts.endDate ?? defaultEndDate(new Date(opts.now()));
  progress('Generating the market', 0, 1);
  const universe = generateUniverse({
    seed,
    bonds: opts.bonds ?? 3000,
    issuers: opts.issuers,
    historyDays: opts.historyDays ?? 260,
    endDate,
  });
  progress('Generating the market', 1, 1);
  progress('Writing reference data', 0, 1);
  const ids = await writeReference(db, universe);
  progress('Writing reference data', 1, 1);
  const counts = await writeTradeHistory(db, seed, universe.days, universe.bonds, universe.issuers, ids.bondIds, (d, t) =>
    progress('Simulating trades', d, t),
  );
  const startDate = universe.days[0]!.date;
  let priced = false;
  const pricing = opts.price === false ? null : await pricingApi();
  if (pricing) {
    const n = universe.days.length;
    const now = Math.min(n, Math.max(1, opts.pricedDays ?? n));
    const firstPriced = universe.days[n - now]!.date;
    await pricing.priceHistory(db, firstPriced, endDate, (d, t) => progress('Evaluated prices', d, t));
    // The first start's days were priced from a cold state: the backfill prices the whole history
    // oldest first and re-prices them at its end, so every close carries the state of the one before.
    await setBackfill(db, now < n ? { from: startDate, to: endDate } : null, new Date(opts.now()));
    await pricing.repriceUniverse(db, pricing.closeTime(endDate));
    priced = true;
  }
  await saveState(db, finalState(universe, ids.issuerIds, new Date(opts.now())));
  return {
    seed,
    startDate,
    endDate,
    days: universe.days.length,
    issuers: universe.issuers.length,
    bonds: universe.bonds.length,
    deals: universe.deals.length,
    trades: counts.trades,
    dailyStats: counts.stats,
    priced,
    seconds: (performance.now() - started) / 1000,
    issuerIds: ids.issuerIds,
    bondIds: ids.bondIds,
  };
}

/** The live state at the end of the window, issuer factors re-keyed by database id. */
function finalState(u: Universe, issuerIds: number[], now: Date) {
  const last = u.days[u.days.length - 1]!;
  const issuers: Record<string, number> = {};
  for (const [k, v] of Object.entries(last.spreads.issuers)) issuers[String(issuerIds[Number(k)]!)] = v;
  return {
    version: 1 as const,
    seed: u.options.seed,
    lastDay: last.date,
    tick: 0,
    curve: last.curve,
    spreads: { market: last.spreads.market, sectors: last.spreads.sectors, issuers },
    liveDeals: 0,
    updatedAt: now.toISOString(),
  };
}
