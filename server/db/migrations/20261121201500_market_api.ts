import { type Kysely, sql } from 'kysely';

/**
 * Market API support (additive): the bond-table snapshot checks "did anything change?" every
 * second with max(bond_market_state.as_of) and max(bonds.updated_at) — index lookups instead of
 * scans of 30,000 rows — and refreshes only the rows changed since (as_of / updated_at ranges).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index bond_market_state_as_of_idx on bond_market_state (as_of)`.execute(db);
  await sql`create index bonds_updated_at_idx on bonds (updated_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists bonds_updated_at_idx`.execute(db);
  await sql`drop index if exists bond_market_state_as_of_idx`.execute(db);
}
