import { type Kysely, sql } from 'kysely';
import type { MarketIndexResponse } from '../../../../common/api/market';
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

/** One close of a basket bond, with the terms the return needs (numeric columns as text). */
export interface IndexClose {
  bond_id: number;
  day: string;
  clean_price: string;
  coupon: string;
  amount_outstanding: string;
}

/**
 * Where the index reads its two inputs: each class's basket chosen on a day, and the closes of
 * basket bonds over a range (by day). Directly from the database, or from the read model that
 * keeps both for the market's day (indexReadModel.ts): the same rows either way.
 */
export interface IndexInputs {
  basket(day: string, cls: 'IG' | 'HY'): Promise<number[]>;
  closes(ids: number[], from: string, to: string): Promise<IndexClose[]>;
}

export function directInputs(db: Kysely<Database>): IndexInputs {
  return {
    basket: (day, cls) => mostTraded(db, day, spRatingsIn(cls)),
    async closes(ids, from, to) {
      const prices = await sql<{
        bond_id: number;
        price_date: string | Date;
        clean_price: string;
        coupon: string;
        amount_outstanding: string;
      }>`
        select ep.bond_id, ep.price_date, ep.clean_price, b.coupon, b.amount_outstanding
        from evaluated_prices ep join bonds b on b.id = ep.bond_id
        where ep.bond_id in (${sql.join(ids)}) and ep.kind = 'eod'
          and ep.price_date between ${from}::date and ${to}::date
        order by ep.price_date`.execute(db);
      return prices.rows.map((p) => ({ ...p, day: isoDay(p.price_date)! }));
    },
  };
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
  if (!from || from > to) return { points: [] };
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
  if (ids.length === 0) return { points: [] };
  const prices = await inputs.closes(ids, from, to);
  const byDay = new Map<string, Map<number, number>>();
  const terms = new Map<number, { coupon: number; outstanding: number }>();
  for (const p of prices) {
    const d = p.day;
    let m = byDay.get(d);
    if (!m) byDay.set(d, (m = new Map()));
    m.set(p.bond_id, Number(p.clean_price));
    terms.set(p.bond_id, { coupon: Number(p.coupon), outstanding: Number(p.amount_outstanding) });
  }
  const days = [...byDay.keys()].sort();
  const level = { ig: 100, hy: 100 };
  const points: MarketIndexResponse['points'] = [];
  let prevDay: string | null = null;
  for (const d of days) {
    const period = periods.find((p) => d >= p.start && d <= p.end);
    if (!period) continue;
    const counts = { ig: 0, hy: 0 };
    if (prevDay) {
      const elapsed = (Date.parse(d) - Date.parse(prevDay)) / 86_400_000;
      for (const cls of ['ig', 'hy'] as const) {
        let weight = 0;
        let weightedReturn = 0;
        for (const id of period[cls]) {
          const p0 = byDay.get(prevDay)!.get(id);
          const p1 = byDay.get(d)!.get(id);
          if (p0 === undefined || p1 === undefined) continue;
          const t = terms.get(id)!;
          const w = t.outstanding * p0;
          weightedReturn += w * ((p1 - p0 + (t.coupon * 100 * elapsed) / ACCRUAL_BASIS) / p0);
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
  return { points };
}
