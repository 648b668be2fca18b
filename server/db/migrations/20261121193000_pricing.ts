import { type Kysely, sql } from 'kysely';

/**
 * Evaluated pricing support (additive):
 * - one end-of-day evaluated price per bond and date, so an end-of-day reprice is an idempotent
 *   upsert rather than a delete-and-insert; keyed date first, so "the latest close before a day"
 *   and "every close of a day" are index scans (per-bond history uses the bond-first index);
 * - a partial index over the (rare) cancelled or corrected trades, so the pricing engine's
 *   in-process trade cache can learn of status changes on every tick without scanning trades.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index evaluated_prices_eod_uniq on evaluated_prices (price_date, bond_id) where kind = 'eod'`.execute(db);
  await sql`create index trades_inactive_idx on trades (id) where status <> 'active'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists trades_inactive_idx`.execute(db);
  await sql`drop index if exists evaluated_prices_eod_uniq`.execute(db);
}
