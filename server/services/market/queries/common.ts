import { addDays } from '../../../../common/calendar';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { MOODY_RATINGS, SP_RATINGS, TENOR_BUCKETS, type TenorBucket } from '../../../../common/market';
import type { Database } from '../../../db/schema';
import { UNIVERSE_AS_OF_KEY } from '../../pricing/conventions';
import { defineCache } from '../../caches/registry';
import { marketClock } from './marketClock';
import { deepFreeze } from '../../caches/deepFreeze';

/** numeric/bigint columns arrive as strings: null-preserving conversion to number. */
export function n(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const v = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(v) ? v : null;
}

/** A `date` column as `YYYY-MM-DD` whatever the driver returned (string or Date). */
export function isoDay(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/** A timestamptz column as an ISO string. */
export function isoTime(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** Adds days to a `YYYY-MM-DD` date: the market calendar's, re-exported for the queries. */
export { addDays };

const DAY_MS = 86_400_000;

/** Remaining years from `asOfDay` to `maturity` (ACT/365.25), 4 decimals: distinct days stay distinct. */
export function yearsBetween(asOfDay: string, maturity: string): number {
  const days = (Date.parse(`${maturity}T00:00:00Z`) - Date.parse(`${asOfDay}T00:00:00Z`)) / DAY_MS;
  return Math.round((days / 365.25) * 1e4) / 1e4;
}

/** Maturity-date bounds (exclusive lower, inclusive upper) of a tenor bucket seen from `asOfDay`. */
export function tenorBounds(asOfDay: string, bucket: TenorBucket): { after: string; upTo: string | null } {
  const b = TENOR_BUCKETS.find((t) => t.id === bucket)!;
  const toDays = (y: number) => Math.round(y * 365.25);
  return {
    after: b.minYears === 0 ? asOfDay : addDays(asOfDay, toDays(b.minYears)),
    upTo: Number.isFinite(b.maxYears) ? addDays(asOfDay, toDays(b.maxYears)) : null,
  };
}

/** SQL condition: `maturity` (a date expression) falls in one of the buckets, seen from asOfDay. */
export function tenorCondition(maturity: RawBuilder<unknown>, asOfDay: string, buckets: readonly TenorBucket[]): RawBuilder<boolean> {
  const parts = buckets.map((bucket) => {
    const { after, upTo } = tenorBounds(asOfDay, bucket);
    return upTo
      ? sql<boolean>`(${maturity} > ${after}::date and ${maturity} <= ${upTo}::date)`
      : sql<boolean>`${maturity} > ${after}::date`;
  });
  return sql<boolean>`(${sql.join(parts, sql` or `)})`;
}

/** Rank on the S&P scale (1 = AAA), null for unrated: sorts ratings by credit, not alphabet. */
export function spRank(column: string): RawBuilder<number | null> {
  return sql<
    number | null
  >`array_position(${sql.raw(`array[${SP_RATINGS.map((r) => `'${r}'`).join(',')}]::text[]`)}, ${sql.ref(column)}::text)`;
}

/** Rank on the Moody's scale (1 = Aaa). */
export function moodyRank(column: string): RawBuilder<number | null> {
  return sql<
    number | null
  >`array_position(${sql.raw(`array[${MOODY_RATINGS.map((r) => `'${r}'`).join(',')}]::text[]`)}, ${sql.ref(column)}::text)`;
}

/** AND of conditions (true when none). */
export function and(conditions: RawBuilder<boolean>[]): RawBuilder<boolean> {
  return conditions.length === 0 ? sql<boolean>`true` : sql<boolean>`${sql.join(conditions, sql` and `)}`;
}

interface AsOfCache {
  at: number;
  value: { asOf: string | null; day: string };
}
/** The market state moves every few seconds in live mode; a 1 s cache spares a query per request. */
const AS_OF_TTL_MS = 1000;
const asOfCache = defineCache<object, AsOfCache>({
  name: 'market.asOf',
  home: 'server/services/market/queries/common.ts',
  per: 'database',
  key: '—',
  lifetime: { ms: AS_OF_TTL_MS, clock: 'market clock' },
  invalidatedBy: ['a reprice (seen within the lifetime)'],
});

/**
 * The time of the market state the APIs show (latest reprice in bond_market_state) and its UTC
 * day, which anchors remaining tenors; before any pricing, now.
 */
export async function marketAsOf(db: Kysely<Database>): Promise<{ asOf: string | null; day: string }> {
  const cached = asOfCache.get(db);
  if (cached && marketClock(db)() - cached.at < AS_OF_TTL_MS) return cached.value;
  return asOfCache.readOnce(db, db, () => readMarketAsOf(db));
}

async function readMarketAsOf(db: Kysely<Database>): Promise<AsOfCache['value']> {
  const { rows } = await sql<{ latest: Date | string | null; universe: string | null }>`
    select (select max(as_of) from bond_market_state) as latest,
           (select value #>> '{}' from app_settings where key = ${UNIVERSE_AS_OF_KEY}) as universe`.execute(db);
  const latest = isoTime(rows[0]?.latest ?? null);
  // The market's "as of" is its last full reprice; the day its latest figures belong to.
  const now = marketClock(db)();
  const value = { asOf: rows[0]?.universe ?? latest, day: (latest ?? new Date(now).toISOString()).slice(0, 10) };
  asOfCache.set(db, { at: now, value });
  return value;
}

/** The latest end-of-day price date on or before `day` (null when none). */
export async function eodDateOnOrBefore(db: Kysely<Database>, day: string): Promise<string | null> {
  const row = await sql<{ d: string | Date | null }>`
    select max(price_date) as d from evaluated_prices where kind = 'eod' and price_date <= ${day}::date`.execute(db);
  return isoDay(row.rows[0]?.d ?? null);
}

interface CachedRun {
  at: number;
  value: Promise<unknown>;
  /** Askers still waiting for a run in progress; the run stops when the last of them leaves. */
  waiting: number;
  settled: boolean;
  stop: AbortController;
}
const RESULT_CACHE_SIZE = 200;
const resultCaches = defineCache<object, Map<string, CachedRun>>({
  name: 'market.historyResults',
  home: 'server/services/market/queries/common.ts',
  per: 'database',
  key: 'what was asked plus the market day (series, index)',
  lifetime: { givenPerCall: 'the market history routes 60 s, the concession model 10 min', clock: 'market clock' },
  invalidatedBy: ["the next day's close (the key holds the market day)"],
  bound: RESULT_CACHE_SIZE,
});

/**
 * History scans run at most this many at a time per process (the rest wait their turn). Twenty
 * at once on PostgreSQL gained nothing over a few (the server's cores are the limit) but, on a
 * machine shared with the app, starved the HTTP process of CPU: /health's p99 rose to ~175 ms.
 * PGlite runs one query at a time anyway.
 */
export const HISTORY_SCAN_CONCURRENCY = 4;
const scanQueues = new WeakMap<object, { running: number; waiting: (() => void)[] }>();

async function limitScans<T>(db: Kysely<Database>, compute: () => Promise<T>): Promise<T> {
  let q = scanQueues.get(db);
  if (!q) scanQueues.set(db, (q = { running: 0, waiting: [] }));
  const queue = q;
  if (queue.running >= HISTORY_SCAN_CONCURRENCY) await new Promise<void>((resolve) => queue.waiting.push(resolve));
  else queue.running++;
  try {
    return await compute();
  } finally {
    // Hand the slot straight to the next waiter (running stays the same), or free it.
    const next = queue.waiting.shift();
    if (next) next();
    else queue.running--;
  }
}

/**
 * Memoises a history computation per database for `ttlMs` (key: what was asked plus the market
 * day). For the series and index endpoints, whose inputs are past closes that change at most
 * once a day; the TTL bounds how late today's close shows. Concurrent askers share one run, so a
 * burst of identical requests costs one scan (on PGlite, one turn of its single connection).
 */
export function cachedResult<T>(
  db: Kysely<Database>,
  key: string,
  ttlMs: number,
  compute: (signal: AbortSignal) => Promise<T>,
  /** The asker's signal (its client left): a run nobody waits for any more is stopped. */
  signal?: AbortSignal,
): Promise<T> {
  const cached = resultCaches.of(db, () => new Map());
  const hit = cached.get(key);
  const now = marketClock(db)();
  const run: CachedRun =
    hit && now - hit.at < ttlMs ? hit : { at: now, value: Promise.resolve(), waiting: 0, settled: false, stop: new AbortController() };
  if (run !== hit) {
    // Queued behind other scans, a run whose askers all left by its turn does not start.
    run.value = limitScans(db, () => {
      run.stop.signal.throwIfAborted();
      return compute(run.stop.signal);
    })
      // Every asker gets this one object: frozen, no asker can change another's answer, and
      // its text is reused (plugins/answerReuse.ts).
      .then(deepFreeze)
      .finally(() => {
        run.settled = true;
      });
    if (cached.size >= RESULT_CACHE_SIZE) cached.delete(cached.keys().next().value!);
    cached.set(key, run);
    run.value.catch(() => {
      if (cached.get(key) === run) cached.delete(key);
    });
  }
  if (!run.settled) {
    // An asker without a signal never leaves; one with a signal leaves when its client does.
    run.waiting += signal ? 1 : Number.POSITIVE_INFINITY;
    signal?.addEventListener(
      'abort',
      () => {
        run.waiting -= 1;
        if (run.waiting === 0 && !run.settled) run.stop.abort(new Error('every client of this computation left'));
      },
      { once: true },
    );
  }
  return run.value as Promise<T>;
}
