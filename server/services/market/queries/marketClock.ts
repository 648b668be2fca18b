/**
 * The clock of a database's market read models: the market version's and the bond-table
 * snapshot's once-a-second re-checks, and the lifetimes of the read caches (the market's as-of,
 * filtered counts, price and market history, cached results, the pricing engine's bond terms).
 * buildApp gives each database the app's clock, so tests move time instead of waiting for a cache
 * to age.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

const clocks = new WeakMap<object, () => number>();

/**
 * A database no app was built on (a test of a read model alone, a script) ages its caches on the
 * machine's clock: they only measure how long an answer has been kept, never the time of day.
 */
// eslint-disable-next-line no-restricted-syntax -- the fallback above: elapsed time of caches without an app
const machineClock: () => number = Date.now;

/** Gives this database's market read models the app's clock. */
export function useMarketClock(db: Kysely<Database>, now: () => number): void {
  clocks.set(db, now);
}

/** The clock of this database's market read models (the app's, once buildApp gave it). */
export function marketClock(db: Kysely<Database>): () => number {
  return clocks.get(db) ?? machineClock;
}
