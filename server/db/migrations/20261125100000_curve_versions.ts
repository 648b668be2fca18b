import { type Kysely, sql } from 'kysely';

/**
 * Each version of a day's Treasury curve a bond was priced on. The live market rewrites today's
 * curve every tick but reprices only some bonds each tick, so "today's curve" is not the curve
 * every bond's figures were made on; the bond page's pricing calculator must re-price on the very
 * curve the server used, or the two disagree (an FRN's yield by several bp intraday).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table treasury_curve_versions (
    id integer generated always as identity primary key,
    curve_date date not null,
    digest text not null,
    points jsonb not null,
    created_at timestamptz not null default now(),
    unique (curve_date, digest))`.execute(db);
  await sql`alter table bond_market_state add column curve_version_id integer`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bond_market_state drop column curve_version_id`.execute(db);
  await sql`drop table treasury_curve_versions`.execute(db);
}
