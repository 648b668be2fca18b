import { type Kysely, sql } from 'kysely';

/**
 * Market hawk's state rules' loosest thresholds in the database, one row per bond with state
 * rules (its own, its custom tables', its issuer's), so the evaluator's read of a reprice returns
 * only the rows of bonds that may trip a rule: at 100,000 bonds, shipping and splitting every
 * rewritten row was most of a quiet tick. The evaluator rewrites them whenever it builds a new
 * rule index or a bond's issuer may have changed, and stamps them (hawk_state_bounds_token); a
 * read whose stamp is not the stored one takes every row.
 *
 * Price, spreads and their moves are numeric, compared with the state's own numerics. Yields,
 * yield moves and volume ratios are converted in the evaluator (× 100, × 10,000, 1 + v / 100),
 * so each has the float8 threshold compared with the state converted as the evaluator converts
 * it, behind a numeric pre-check (`*_pre`) set a little looser, which spares converting every
 * row. Null: no rule of that kind. See server/services/hawk/boundsTable.ts.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table hawk_state_bounds (
    bond_id integer primary key,
    always boolean not null,
    above_price numeric, below_price numeric, move_price numeric,
    above_g_spread numeric, below_g_spread numeric, move_g_spread numeric,
    above_t_spread numeric, below_t_spread numeric, move_t_spread numeric,
    above_yield float8, above_yield_pre numeric,
    below_yield float8, below_yield_pre numeric,
    move_yield float8, move_yield_pre numeric,
    confidence_below float8,
    volume_ratio float8, volume_ratio_pre numeric)`.execute(db);
  await sql`create table hawk_state_bounds_token (
    only_row boolean primary key default true check (only_row),
    token text not null)`.execute(db);
  // The one row always exists: a rewrite locks it first (boundsTable.ts).
  await sql`insert into hawk_state_bounds_token (token) values ('')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table hawk_state_bounds_token`.execute(db);
  await sql`drop table hawk_state_bounds`.execute(db);
}
