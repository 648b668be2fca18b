import { type Kysely, sql } from 'kysely';

/**
 * A callable's risk to its workout date (the date of its yield to worst), beside the
 * to-maturity `duration` and `dv01`, which keep their meaning: desks and index providers quote a
 * callable trading to a call by its duration to that call. Equal to the to-maturity figures for
 * bonds with no live call (and for floaters, to the next reset). Written by the pricing service.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bond_market_state add column duration_to_worst numeric(10,5), add column dv01_to_worst numeric(12,7)`.execute(db);
  await sql`create index bond_market_state_duration_to_worst_idx on bond_market_state (duration_to_worst)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index bond_market_state_duration_to_worst_idx`.execute(db);
  await sql`alter table bond_market_state drop column duration_to_worst, drop column dv01_to_worst`.execute(db);
}
