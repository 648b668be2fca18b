/**
 * The simulator's persisted state: everything live mode needs to continue the market from where
 * the seed (or another instance) left it. Kept in one app_settings row, so no instance holds
 * market state only in memory.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { CurveFactors, SpreadFactors } from './model';

export const SIMULATOR_STATE_KEY = 'market_simulator';

export interface SimulatorState {
  version: 1;
  seed: number;
  /** Last business day whose full session has been simulated (history or a live day). */
  lastDay: string;
  /** Live ticks run so far (keys each tick's random stream). */
  tick: number;
  /** Hidden curve factors now, and spread factors with issuers keyed by issuer id. */
  curve: CurveFactors;
  spreads: SpreadFactors;
  /** Deals started by live mode (numbers their random streams). */
  liveDeals: number;
  /** The day live ticks are trading (null until the first tick after a seed or a finished day). */
  liveDay?: string | null;
  /** Last tick slot applied (floor(time / tick length)): a slot is applied once, by one instance. */
  slot?: number;
  /** Last curve written by live mode (decimals at TREASURY_TENORS), for curve.moved changes. */
  lastYields?: number[];
  /** Live deals started on the current live day (capped per day). */
  dealsToday?: { day: string; count: number };
  /** Live deals walking through their statuses: the hidden plan and when the next step is due. */
  pendingDeals?: Record<string, PendingDeal>;
  /** Wall-clock time of the last tick (ISO). */
  updatedAt: string;
}

/** A live deal in progress. */
export interface PendingDeal {
  issuerId: number;
  ticker: string;
  /** Index into DEAL_STATUSES of the status reached. */
  step: number;
  nextAt: string;
  /** Total order book at pricing. */
  book: number;
  tranches: {
    trancheId: number;
    tenor: number;
    size: number;
    coupon: number;
    ipt: number;
    guidance: number;
    priced: number;
    concession: number;
    orderBook: number;
    bond: import('./bonds').SimBond;
    notch: number;
    moodyNotch: number;
  }[];
}

/** Reads the state, or null before the market was seeded. */
export async function loadState(db: Kysely<Database>): Promise<SimulatorState | null> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', SIMULATOR_STATE_KEY).executeTakeFirst();
  if (!row) return null;
  const v = typeof row.value === 'string' ? JSON.parse(row.value) : row.value;
  return v as SimulatorState;
}

/** Writes the state (insert or replace), stamped with its own updatedAt (the caller's clock). */
export async function saveState(db: Kysely<Database>, state: SimulatorState): Promise<void> {
  const value = JSON.stringify(state);
  await db
    .insertInto('app_settings')
    .values({ key: SIMULATOR_STATE_KEY, value, updated_at: new Date(state.updatedAt) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date(state.updatedAt) }))
    .execute();
}
