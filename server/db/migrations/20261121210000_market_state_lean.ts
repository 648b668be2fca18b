import { type Kysely, sql } from 'kysely';

/**
 * bond_market_state loses its ten single-column sort indexes. They served an ORDER BY of the
 * bond table in SQL; the table is now served from the in-memory snapshot (bondTableSnapshot.ts)
 * and no query sorts or ranges on those columns. Meanwhile every live tick rewrites all 30,000
 * rows of the table, and keeping ten extra B-trees current was about 2 s of the tick on PGlite
 * (bench/reprice.bench.ts). The as_of index, which the snapshot's freshness check uses, stays.
 */
const SORT_COLUMNS = [
  'price',
  'change_price',
  'yield_to_maturity',
  'yield_to_worst',
  'g_spread',
  't_spread',
  'volume',
  'duration',
  'confidence',
  'change_g_spread',
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const c of SORT_COLUMNS) await sql`drop index if exists ${sql.id(`bond_market_state_${c}_idx`)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of SORT_COLUMNS) {
    await sql`create index if not exists ${sql.id(`bond_market_state_${c}_idx`)} on bond_market_state (${sql.id(c)})`.execute(db);
  }
}
