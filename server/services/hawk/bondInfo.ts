/**
 * Issuer and identifiers of bonds for the evaluator (what a firing names and which issuer's rules
 * a bond answers to), cached per database: a pass looks up every repriced bond. They change only
 * by an admin's hand — an issuer merge moves the duplicate's bonds to the survivor, a bond edit
 * may change its issuer — and both move the bond's `updated_at`: refreshBondInfo, once per pass,
 * forgets the bonds updated since it last looked, and everything every few minutes (a long
 * transaction can commit an `updated_at` older than the newest already seen), on the pass's clock.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { defineCache } from '../caches/registry';

export interface BondInfo {
  issuerId: number;
  cusip: string;
  description: string;
}

interface BondCache {
  rows: Map<number, BondInfo>;
  /** max(bonds.updated_at) as the database's text when last looked (null: not yet). */
  stamp: string | null;
  /** When the rows were last all forgotten, on the callers' clock (ms). */
  clearedAt: number;
}

/** How long a cached bond is trusted without its `updated_at` having moved. */
export const BOND_INFO_TTL_MS = 5 * 60_000;

const bondCaches = defineCache<object, BondCache>({
  name: 'hawk.bondInfo',
  home: 'server/services/hawk/bondInfo.ts',
  per: 'database',
  key: 'bond id',
  lifetime: { ms: BOND_INFO_TTL_MS, clock: "caller's now" },
  invalidatedBy: ["a bond's updated_at moving (an admin's edit; checked on every pass)", 'a clock moving backwards'],
});

function cacheOf(db: Kysely<Database>): BondCache {
  // clearedAt is set by the first refresh, which forgets everything (stamp null) whenever it comes.
  return bondCaches.of(db, () => ({ rows: new Map(), stamp: null, clearedAt: 0 }));
}

/**
 * Forgets the bonds an admin changed since the last look (one index lookup when none did), and
 * everything when BOND_INFO_TTL_MS has passed since the last full forget by `now` (the pass's time).
 */
export async function refreshBondInfo(db: Kysely<Database>, now: Date): Promise<void> {
  const cache = cacheOf(db);
  const { rows } = await sql<{ m: string | null }>`select max(updated_at)::text as m from bonds`.execute(db);
  const stamp = rows[0]?.m ?? null;
  const nowMs = now.getTime();
  // A clock moved backwards (a test's, or a corrected one) forgets too rather than trusting for long.
  if (cache.stamp === null || nowMs - cache.clearedAt >= BOND_INFO_TTL_MS || nowMs < cache.clearedAt) {
    cache.rows.clear();
    cache.clearedAt = nowMs;
  } else if (stamp !== cache.stamp && cache.rows.size > 0) {
    const changed = await sql<{ id: number }>`select id from bonds where updated_at >= ${cache.stamp}::timestamptz`.execute(db);
    for (const r of changed.rows) cache.rows.delete(r.id);
  }
  cache.stamp = stamp;
}

/** The cache for `db`, filled with any of `ids` it lacked. */
export async function bondInfo(db: Kysely<Database>, ids: number[]): Promise<Map<number, BondInfo>> {
  const cache = cacheOf(db).rows;
  const missing = [...new Set(ids)].filter((id) => !cache.has(id));
  if (missing.length > 0) {
    const rows = await sql<{ id: number; issuer_id: number; cusip: string; description: string }>`
      select id, issuer_id, cusip, description from bonds where id = any(${missing}::int[])`.execute(db);
    for (const r of rows.rows) cache.set(r.id, { issuerId: r.issuer_id, cusip: r.cusip, description: r.description });
  }
  return cache;
}

/** A numeric column (node-postgres returns numerics as strings) as a number, null kept. */
export const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));
