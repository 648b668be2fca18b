/**
 * Writes FINRA's Treasury pages, inside the caller's transaction (with the cursor): securities
 * upserted by CUSIP (an unchanged one is not touched), each last sale — the security's and the
 * history's — one end-of-day row per security and day, never twice. They stay beside the
 * Treasury's own par curve, not in it (docs/data-sources.md says why).
 */
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Database } from '../../../db/schema';
import type { EodPrint, TreasurySecurity } from './records';
import { FINRA_SOURCE } from './writer';

type Trx = Transaction<Database> | Kysely<Database>;

export async function writeTreasurySecurities(
  trx: Trx,
  securities: TreasurySecurity[],
  now: Date,
): Promise<{ written: number; prices: number }> {
  if (securities.length === 0) return { written: 0, prices: 0 };
  const col = <T>(f: (s: TreasurySecurity) => T) => securities.map(f);
  const written = await sql`
    insert into treasury_securities (cusip, finra_security_id, symbol, description, sub_type, benchmark_term, coupon_type, coupon,
      maturity_date, last_sale_price, last_sale_yield, last_trade_date, source, updated_at)
    select u.cusip, u.finra_id, u.symbol, u.description, u.sub_type, u.benchmark_term, u.coupon_type, u.coupon, u.maturity_date,
      u.price, u.yield, u.last_day, ${FINRA_SOURCE}, ${now}::timestamptz
    from unnest(${col((s) => s.cusip)}::text[], ${col((s) => s.finraId)}::bigint[], ${col((s) => s.symbol)}::text[],
      ${col((s) => s.description)}::text[], ${col((s) => s.subType)}::text[], ${col((s) => s.benchmarkTerm)}::text[],
      ${col((s) => s.couponType)}::text[], ${col((s) => s.couponRatePct)}::numeric[], ${col((s) => s.maturityDate)}::date[],
      ${col((s) => s.lastSale?.price ?? null)}::numeric[], ${col((s) => s.lastSale?.yieldPct ?? null)}::numeric[],
      ${col((s) => s.lastSale?.date ?? null)}::date[])
      as u(cusip, finra_id, symbol, description, sub_type, benchmark_term, coupon_type, coupon, maturity_date, price, yield, last_day)
    on conflict (cusip) do update set finra_security_id = excluded.finra_security_id, symbol = excluded.symbol,
      description = excluded.description, sub_type = excluded.sub_type, benchmark_term = excluded.benchmark_term,
      coupon_type = excluded.coupon_type, coupon = excluded.coupon, maturity_date = excluded.maturity_date,
      last_sale_price = excluded.last_sale_price, last_sale_yield = excluded.last_sale_yield,
      last_trade_date = excluded.last_trade_date, updated_at = excluded.updated_at
      where (treasury_securities.benchmark_term, treasury_securities.coupon, treasury_securities.maturity_date,
             treasury_securities.last_sale_price, treasury_securities.last_sale_yield, treasury_securities.last_trade_date)
        is distinct from (excluded.benchmark_term, excluded.coupon, excluded.maturity_date, excluded.last_sale_price,
             excluded.last_sale_yield, excluded.last_trade_date)`.execute(trx);
  const prices = await writeTreasuryPrices(
    trx,
    securities.flatMap((s) =>
      s.lastSale ? [{ cusip: s.cusip, tradeDate: s.lastSale.date, price: s.lastSale.price, yieldPct: s.lastSale.yieldPct }] : [],
    ),
  );
  return { written: Number(written.numAffectedRows ?? 0), prices };
}

/** End-of-day rows of known securities, one per security and day; returns how many were new. */
export async function writeTreasuryPrices(trx: Trx, prints: EodPrint[]): Promise<number> {
  if (prints.length === 0) return 0;
  const result = await sql`
    insert into treasury_eod_prices (cusip, trade_date, price, yield, source)
    select distinct on (u.cusip, u.day) u.cusip, u.day, u.price, u.yield, ${FINRA_SOURCE}
    from unnest(${prints.map((p) => p.cusip)}::text[], ${prints.map((p) => p.tradeDate)}::date[], ${prints.map((p) => p.price)}::numeric[],
      ${prints.map((p) => p.yieldPct)}::numeric[]) as u(cusip, day, price, yield)
    where exists (select 1 from treasury_securities s where s.cusip = u.cusip)
    on conflict (cusip, trade_date) do nothing`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
