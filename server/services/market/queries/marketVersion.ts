import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import { UNIVERSE_AS_OF_KEY } from '../../pricing/conventions';
import { isoTime } from './common';
import { marketClock } from './marketClock';
import { defineCache, type OwnedCache } from '../../caches/registry';

/**
 * What the market's read answers depend on, read at most once a second per database: the
 * bond-table snapshot refreshes when it moves, and answers memoised against it (the trade tape,
 * the summary's Treasury curve) are kept while it stays the same object. Every field is an index
 * lookup (max of an indexed column, one settings row).
 */
export interface MarketVersion {
  /** The latest figure's time (milliseconds): the market day and the answers' as-of. */
  asOf: string | null;
  maxId: number;
  /** The last full reprice (app_settings UNIVERSE_AS_OF_KEY). */
  universeAsOf: string | null;
  /** The newest trade's id: a trade printed or imported since moves it. */
  tradesMaxId: string | null;
  /** The latest Treasury curve write (import, live market, an administrator's correction). */
  treasuryUpdated: string | null;
  /**
   * The newest figure's time, bond edit and issuer edit (admin pages) as the database wrote them
   * (microseconds, as text): rows after them are what changed. Millisecond times, compared with
   * `>`, also matched every row written in the same millisecond as the newest — after a bulk write
   * (a seed, an import) all of them.
   */
  since: { priced: string | null; bonds: string | null; issuers: string | null };
}

export const MARKET_VERSION_CHECK_MS = 1000;

interface Holder {
  version?: MarketVersion;
  /** When the read that gave `version` started: it saw every commit made before then. */
  checkedAt: number;
  pending?: Promise<MarketVersion>;
  /** When the read under way started. */
  pendingFrom: number;
}
const holders = defineCache<object, Holder>({
  name: 'market.version',
  home: 'server/services/market/queries/marketVersion.ts',
  per: 'database',
  key: '—',
  lifetime: { ms: MARKET_VERSION_CHECK_MS, clock: 'market clock' },
  invalidatedBy: ['a reprice, a trade, a Treasury curve write, a bond or issuer edit (re-read after the lifetime)'],
});

function holderOf(db: Kysely<Database>): Holder {
  return holders.of(db, () => ({ checkedAt: 0, pendingFrom: 0 }));
}

const FIELDS = ['asOf', 'maxId', 'universeAsOf', 'tradesMaxId', 'treasuryUpdated'] as const;
const sameSince = (a: MarketVersion['since'], b: MarketVersion['since']) =>
  a.priced === b.priced && a.bonds === b.bonds && a.issuers === b.issuers;

async function readVersion(db: Kysely<Database>): Promise<MarketVersion> {
  const r = await sql<{
    a: Date | string | null;
    m: number | null;
    f: string | null;
    t: string | number | null;
    c: Date | string | null;
    ac: string | null;
    uc: string | null;
    ic: string | null;
  }>`
    select priced.a, priced.a::text as ac, (select max(id) from bonds) as m,
           (select value #>> '{}' from app_settings where key = ${UNIVERSE_AS_OF_KEY}) as f,
           (select max(id) from trades) as t,
           (select max(updated_at) from treasury_curve_points) as c,
           (select max(updated_at)::text from bonds) as uc,
           (select max(updated_at)::text from issuers) as ic
    from (select max(as_of) as a from bond_market_state) as priced`.execute(db);
  const row = r.rows[0]!;
  return {
    asOf: isoTime(row.a),
    maxId: row.m ?? 0,
    universeAsOf: row.f,
    tradesMaxId: row.t === null ? null : String(row.t),
    treasuryUpdated: isoTime(row.c),
    since: { priced: row.ac, bonds: row.uc, issuers: row.ic },
  };
}

/**
 * The market's version: the same object for as long as nothing in it moved, so it can key
 * memos (a WeakMap drops what was kept for an old version). Re-read at most once a second;
 * callers arriving while a read is under way share it — unless it started over a second ago by
 * the clock, when it may have missed a commit they must see and a new read starts. A read counts
 * as checked when it started, not when it finished: on a loaded machine a read can take longer
 * than the clock's step, and stamping its end would pass off a version read before a commit as
 * fresh after it.
 */
export async function marketVersion(db: Kysely<Database>): Promise<MarketVersion> {
  const h = holderOf(db);
  const now = marketClock(db)();
  if (h.version && now - h.checkedAt < MARKET_VERSION_CHECK_MS) return h.version;
  if (h.pending && now - h.pendingFrom < MARKET_VERSION_CHECK_MS) return h.pending;
  const read: Promise<MarketVersion> = readVersion(db)
    .then((fresh) => {
      // Reads may finish out of order: only a later-started one replaces what is known.
      if (now >= h.checkedAt) {
        const current = h.version;
        if (!current || FIELDS.some((f) => current[f] !== fresh[f]) || !sameSince(current.since, fresh.since)) h.version = fresh;
        h.checkedAt = now;
      }
      return h.version ?? fresh;
    })
    .finally(() => {
      if (h.pending === read) h.pending = undefined;
    });
  h.pending = read;
  h.pendingFrom = now;
  return read;
}

/**
 * Memoises `compute` per market version and key: kept while the version stays the same object,
 * gone with it. A failed computation is not kept. Bounded per version (oldest key first).
 */
export function perMarketVersion<T>(
  memos: OwnedCache<MarketVersion, Map<string, Promise<T>>>,
  version: MarketVersion,
  key: string,
  compute: () => Promise<T>,
  limit = 500,
): Promise<T> {
  const kept = memos.of(version, () => new Map());
  const hit = kept.get(key);
  if (hit) return hit;
  const value = compute();
  if (kept.size >= limit) kept.delete(kept.keys().next().value!);
  kept.set(key, value);
  const map = kept;
  value.catch(() => {
    if (map.get(key) === value) map.delete(key);
  });
  return value;
}
