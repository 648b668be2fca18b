import { type Kysely, sql } from 'kysely';

/**
 * The current coupon of a floating-rate note (the index fixed at its last reset plus the quoted
 * margin), written by the pricing service: `bonds.coupon` holds no rate for floaters, so the bond
 * table showed them at 0. Null for fixed-rate and zero-coupon bonds, whose coupon is a term.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bond_market_state add column current_coupon numeric(12,9)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bond_market_state drop column current_coupon`.execute(db);
}
