import { type Kysely, sql } from 'kysely';

/**
 * FINRA's Treasury datasets (`treasurySecurities`, `treasuryEndOfDayPriceYield`): each Treasury
 * security TRACE reports — bills, notes, bonds, TIPS, FRNs — with its benchmark term and last
 * sale, and its end-of-day last-sale price and yield per trade date. Kept beside the Treasury's
 * own par curve (`treasury_curve_points`), not in it: see docs/data-sources.md.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table treasury_securities (
      cusip char(9) primary key,
      finra_security_id bigint not null,
      symbol text,
      description text,
      sub_type text,
      benchmark_term text,
      coupon_type text,
      coupon numeric(10,6) not null check (coupon >= 0),
      maturity_date date not null,
      last_sale_price numeric(14,6),
      last_sale_yield numeric(12,8),
      last_trade_date date,
      source text not null default 'finra-public',
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index treasury_securities_benchmark_idx on treasury_securities (benchmark_term, maturity_date)`.execute(db);
  await sql`
    create table treasury_eod_prices (
      cusip char(9) not null references treasury_securities (cusip) on delete cascade,
      trade_date date not null,
      price numeric(14,6) not null check (price > 0),
      yield numeric(12,8),
      source text not null default 'finra-public',
      primary key (cusip, trade_date)
    )`.execute(db);
  await sql`create index treasury_eod_prices_day_idx on treasury_eod_prices (trade_date)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table treasury_eod_prices`.execute(db);
  await sql`drop table treasury_securities`.execute(db);
}
