import { type Kysely, sql } from 'kysely';

/**
 * The backtest of evaluated prices (server/services/accuracy): one row per trade with what the
 * product showed just before it, the two naive baselines, the trade adjusted to mid and the
 * dimensions the accuracy tables group by. Errors are stored (float8) so the aggregates are plain
 * SQL; no foreign key to trades, so the importers' bulk paths are untouched — the aggregates join
 * trades and so drop rows of trades deleted or cancelled since.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table trade_accuracy (
    trade_id bigint primary key,
    bond_id integer not null,
    execution_time timestamptz not null,
    trade_day date not null,
    side text not null,
    rating text,
    rating_bucket text not null,
    rating_class text not null,
    tenor_bucket text not null,
    size_bucket text not null,
    liquidity_bucket text not null,
    days_since_trade integer,
    half_spread float8 not null,
    mid_price float8 not null,
    model_price float8,
    model_as_of timestamptz,
    confidence integer,
    confidence_band text,
    model_error float8,
    last_trade_error float8,
    previous_close_error float8,
    evaluated_at timestamptz not null default now())`.execute(db);
  await sql`create index trade_accuracy_day_idx on trade_accuracy (trade_day)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table trade_accuracy`.execute(db);
}
