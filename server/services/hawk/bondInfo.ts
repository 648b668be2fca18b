/**
 * Issuer and identifiers of bonds for the evaluator (what a firing names and which issuer's rules
 * a bond answers to), cached per database: they do not change once a bond is issued, and a pass
 * looks up every repriced bond.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

export interface BondInfo {
  issuerId: number;
  cusip: string;
  description: string;
}

const bondCaches = new WeakMap<object, Map<number, BondInfo>>();

/** The cache for `db`, filled with any of `ids` it lacked. */
export async function bondInfo(db: Kysely<Database>, ids: number[]): Promise<Map<number, BondInfo>> {
  let cache = bondCaches.get(db);
  if (!cache) bondCaches.set(db, (cache = new Map()));
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
