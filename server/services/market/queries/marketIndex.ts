import { type Kysely, sql } from 'kysely';
import type { MarketIndexResponse, MarketWeighting } from '../../../../common/api/market';
import { spRatingsIn } from '../../../../common/market';
import type { Database } from '../../../db/schema';
import { compositeRatingOnSql } from '../compositeRating';
import { lastRatingChangeJoin } from './segments';
import { addDays, isoDay, marketAsOf } from './common';

/** Basket size per class, trailing volume window and day basis of the coupon accrual. */
export const INDEX_CONSTITUENTS = 100;
export const INDEX_WINDOW_DAYS = 30;
const ACCRUAL_BASIS = 365;

interface Period {
  start: string;
  end: string;
  ig: number[];
  hy: number[];
}

/** First days of each month from `from` to `to`, starting with `from` itself. */
function rebalanceDates(from: string, to: string): string[] {
  const out = [from];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  for (;;) {
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
    const d = `${y}-${String(m).padStart(2, '0')}-01`;
    if (d > to) return out;
    out.push(d);
  }
}

/** A bond's closes (clean price by day) with the terms its return needs. */
export interface BondCloses {
  coupon: number;
  outstanding: number;
  byDay: Map<string, number>;
}

/**
 * Where the index reads its inputs: each class's basket chosen on a day, the closes of basket
 * bonds (at least those in the range; more is harmless) and the days in a range on which any of
 * them closed. Directly from the database, or from the read model that keeps them for the
 * market's day (indexReadModel.ts): the same values either way.
 */
export interface IndexInputs {
  basket(day: string, cls: 'IG' | 'HY'): Promise<number[]>;
  closes(ids: number[], from: string, to: string): Promise<Map<number, BondCloses>>;
  closeDays(ids: number[], from: string, to: string): Promise<string[]>;
}

export function directInputs(db: Kysely<Database>): IndexInputs {
  return {
    basket: (day, cls) => mostTraded(db, day, spRatingsIn(cls)),
    async closes(ids, from, to) {
      const rows = await sql<{
        bond_id: number;
        price_date: string | Date;
        clean_price: string;
        coupon: string;
        amount_outstanding: string;
      }>`
        select ep.bond_id, ep.price_date, ep.clean_price, b.coupon, b.amount_outstanding
        from evaluated_prices ep join bonds b on b.id = ep.bond_id
        where ep.bond_id in (${sql.join(ids)}) and ep.kind = 'eod'
          and ep.price_date between ${from}::date and ${to}::date`.execute(db);
      return closesByBond(rows.rows);
    },
    async closeDays(ids, from, to) {
      const rows = await sql<{ d: string | Date }>`
        select distinct price_date as d from evaluated_prices
        where bond_id in (${sql.join(ids)}) and kind = 'eod' and price_date between ${from}::date and ${to}::date
        order by d`.execute(db);
      return rows.rows.map((r) => isoDay(r.d)!);
    },
  };
}

/** Close rows (numeric columns as text) gathered by bond. */
function closesByBond(
  rows: { bond_id: number; price_date: string | Date; clean_price: string; coupon: string; amount_outstanding: string }[],
): Map<number, BondCloses> {
  const out = new Map<number, BondCloses>();
  for (const r of rows) {
    let bond = out.get(r.bond_id);
    if (!bond) out.set(r.bond_id, (bond = { coupon: Number(r.coupon), outstanding: Number(r.amount_outstanding), byDay: new Map() }));
    bond.byDay.set(isoDay(r.price_date)!, Number(r.clean_price));
  }
  return out;
}

/** The most traded bonds of one class (by the ratings in force on `day`: point in time) over the window before `day`. */
async function mostTraded(db: Kysely<Database>, day: string, ratings: string[]): Promise<number[]> {
  const rows = await sql<{ bond_id: number }>`
    select d.bond_id from daily_bond_stats d join bonds b on b.id = d.bond_id ${lastRatingChangeJoin}
    where d.trade_date > ${addDays(day, -INDEX_WINDOW_DAYS)}::date and d.trade_date <= ${day}::date
      and ${compositeRatingOnSql('b', sql`${day}::date`, sql.ref('rc.last_change'))} = any(${ratings}::text[])
      and b.maturity_date > ${addDays(day, 31)}::date
    group by d.bond_id order by sum(d.volume) desc, d.bond_id limit ${INDEX_CONSTITUENTS}`.execute(db);
  return rows.rows.map((r) => r.bond_id);
}

/**
 * The IG and HY active indexes (like the FINRA/Bloomberg active corporate indexes): on the
 * first day of each month (and at `from`) each basket is reset to the 100 bonds of its class
 * with the most volume over the trailing 30 days; every day the basket's total return — price
 * change plus coupon accrual over the days elapsed, per bond, weighted by market value
 * (outstanding × previous price) over bonds priced on both days — chains the level from 100.
 * When a priced basket bond of the range has no amount outstanding, every return of the answer
 * is weighted by the previous price alone ({@link indexWeighting}).
 */
export async function marketIndex(
  db: Kysely<Database>,
  q: { from?: string | undefined; to?: string | undefined },
  signal?: AbortSignal,
  inputs: IndexInputs = directInputs(db),
): Promise<MarketIndexResponse> {
  // Never past the data: the monthly walk below is bounded by what exists, whatever was asked.
  const lastDay = (await marketAsOf(db)).day;
  const to = q.to && q.to < lastDay ? q.to : lastDay;
  const asked = q.from ?? addDays(to, -365);
  // Start at the first close on or after the asked day, so the first basket has volume to rank.
  const first = await sql<{ d: string | Date | null }>`
    select min(price_date) as d from evaluated_prices where kind = 'eod' and price_date >= ${asked}::date`.execute(db);
  const from = isoDay(first.rows[0]?.d ?? null);
  if (!from || from > to) return { points: [], weighting: 'amountOutstanding' };
  const starts = rebalanceDates(from, to);
  const periods: Period[] = [];
  for (const [k, start] of starts.entries()) {
    signal?.throwIfAborted();
    const selection = k === 0 ? start : addDays(start, -1);
    periods.push({
      start,
      end: starts[k + 1] ? addDays(starts[k + 1]!, -1) : to,
      ig: await inputs.basket(selection, 'IG'),
      hy: await inputs.basket(selection, 'HY'),
    });
  }
  const ids = [...new Set(periods.flatMap((p) => [...p.ig, ...p.hy]))];
  if (ids.length === 0) return { points: [], weighting: 'amountOutstanding' };
  // Only each period's basket is read on each day: a year of closes of every bond ever in a
  // basket is never walked (it held the event loop for up to 0.4 s a request; issue 33).
  const [closes, days] = await Promise.all([inputs.closes(ids, from, to), inputs.closeDays(ids, from, to)]);
  const weighting = indexWeighting(closes, from, to);
  const level = { ig: 100, hy: 100 };
  const points: MarketIndexResponse['points'] = [];
  let prevDay: string | null = null;
  let k = 0;
  for (const d of days) {
    while (k < periods.length && periods[k]!.end < d) k++;
    const period = periods[k];
    if (!period || d < period.start) continue;
    const counts = { ig: 0, hy: 0 };
    if (prevDay) {
      const elapsed = (Date.parse(d) - Date.parse(prevDay)) / 86_400_000;
      for (const cls of ['ig', 'hy'] as const) {
        let weight = 0;
        let weightedReturn = 0;
        for (const id of period[cls]) {
          const bond = closes.get(id);
          const p0 = bond?.byDay.get(prevDay);
          const p1 = bond?.byDay.get(d);
          if (bond === undefined || p0 === undefined || p1 === undefined) continue;
          const w = weighting === 'equal' ? p0 : bond.outstanding * p0;
          weightedReturn += w * ((p1 - p0 + (bond.coupon * 100 * elapsed) / ACCRUAL_BASIS) / p0);
          weight += w;
          counts[cls]++;
        }
        if (weight > 0) level[cls] *= 1 + weightedReturn / weight;
      }
    }
    points.push({
      date: d,
      ig: period.ig.length ? Math.round(level.ig * 1e6) / 1e6 : null,
      hy: period.hy.length ? Math.round(level.hy * 1e6) / 1e6 : null,
      igConstituents: prevDay ? counts.ig : period.ig.length,
      hyConstituents: prevDay ? counts.hy : period.hy.length,
    });
    prevDay = d;
  }
  return { points, weighting };
}

/**
 * By market value only when every basket bond with a close in the range has an amount
 * outstanding: one of unknown size (0: FINRA's public data has none) would weigh nothing, and a
 * basket of such bonds would leave the level at 100 whatever their prices did. Then each return
 * is weighted by price alone, as if every bond were held at the same face; one rule for both
 * classes and every period, so the chained levels compare.
 */
function indexWeighting(closes: Map<number, BondCloses>, from: string, to: string): MarketWeighting {
  for (const bond of closes.values()) {
    if (bond.outstanding > 0) continue;
    // The read model keeps a bond's closes of every day: only those in the range count.
    for (const day of bond.byDay.keys()) if (day >= from && day <= to) return 'equal';
  }
  return 'amountOutstanding';
}
