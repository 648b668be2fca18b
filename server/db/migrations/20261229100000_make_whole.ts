import { type Kysely, sql } from 'kysely';

/**
 * The make-whole call a term sheet states, stored on the bond beside its call schedule: the spread
 * over Treasuries the redemption price is discounted at ("T+20 bp", "Treasury Rate plus 20 basis
 * points") and the last day it applies (the par call date it runs until, else the maturity). Both
 * null when no make-whole is stated or the bond did not come from a term sheet. Written when a deal
 * from a filing creates or taps the bond.
 *
 * And a callable's convexity to its workout date (the date of its yield to worst) in the market
 * state, beside `duration_to_worst` and `dv01_to_worst` (20261223100000_risk_to_worst); null for
 * floaters, whose convexity is not computed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bonds
    add column make_whole_spread_bp numeric(6,2) check (make_whole_spread_bp >= 0 and make_whole_spread_bp <= 1000),
    add column make_whole_until date`.execute(db);
  await sql`alter table bond_market_state add column convexity_to_worst numeric(12,5)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bond_market_state drop column convexity_to_worst`.execute(db);
  await sql`alter table bonds drop column make_whole_spread_bp, drop column make_whole_until`.execute(db);
}
