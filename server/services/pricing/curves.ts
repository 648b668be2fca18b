/**
 * Treasury par curves by date for the pricing engine: the asOf curve every bond is priced off,
 * and the curves of past days that turn past trades into spreads.
 */
import { formatDate, prepareCurve, type Curve, type DayNumber } from '@analytics/index';
import { indexRateProxy } from '../../../common/pricingConventions';
import type { IndexFixings } from './measures';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { addDays } from '../../../common/calendar';
import { defineCache } from '../caches/registry';

/** A curve with its date and a key that changes whenever its points do (for caches). */
export interface DatedCurve {
  date: string;
  curve: Curve;
  key: string;
}

/** Curves by date with "the latest curve on or before a day" look-up. */
export interface CurveBook {
  /** Curve dates ascending. */
  dates: string[];
  curves: Map<string, Curve>;
  /** The curve in force on `day` (latest curve date ≤ day), or null when none is that old. */
  on(day: string): DatedCurve | null;
  /**
   * The curve at a moment of `day`'s session: `step` of {@link INTRADAY_STEPS} (1 = early, the
   * last = the close) along the straight line from the previous curve date's yields to the day's.
   * Only closes are published, and between them the line is the best guess of where the curve
   * was when a trade printed. The day's own curve when there is no earlier one, or `day` has none.
   */
  at(day: string, step: number): DatedCurve | null;
}

/** Steps of a session the intraday curve is interpolated at (trades are bucketed to them). */
export const INTRADAY_STEPS = 8;

/** Builds a {@link CurveBook} from raw points (also used by callers holding curves in memory). */
export function curveBook(points: { curve_date: string; tenor: string; years: number; yield: number }[]): CurveBook {
  const byDate = new Map<string, { tenor: string; years: number; yield: number }[]>();
  for (const p of points) {
    let list = byDate.get(p.curve_date);
    if (!list) byDate.set(p.curve_date, (list = []));
    list.push({ tenor: p.tenor, years: p.years, yield: p.yield });
  }
  const curves = new Map<string, Curve>();
  for (const [date, list] of byDate) curves.set(date, prepareCurve(list));
  const dates = [...curves.keys()].sort();
  const memo = new Map<string, DatedCurve | null>();
  const intraday = new Map<string, { close: string; curve: DatedCurve }>();
  return {
    dates,
    curves,
    on(day) {
      const hit = memo.get(day);
      if (hit !== undefined) return hit;
      // Binary search for the last date ≤ day.
      let lo = 0;
      let hi = dates.length - 1;
      let found = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (dates[mid]! <= day) {
          found = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      let out: DatedCurve | null = null;
      if (found >= 0) {
        const date = dates[found]!;
        const curve = curves.get(date)!;
        out = { date, curve, key: `${date}:${curve.tenors.join(',')}:${curve.yields.join(',')}` };
      }
      memo.set(day, out);
      return out;
    },
    at(day, step) {
      const close = this.on(day);
      if (!close || close.date !== day || step >= INTRADAY_STEPS) return close;
      const key = `${day}|${step}`;
      const hit = intraday.get(key);
      if (hit && hit.close === close.key) return hit.curve;
      const i = dates.indexOf(day);
      const prev = i > 0 ? curves.get(dates[i - 1]!)! : null;
      if (!prev || prev.years.join() !== close.curve.years.join()) return close;
      const w = Math.max(0, step) / INTRADAY_STEPS;
      const points = close.curve.tenors.map((tenor, k) => ({
        tenor,
        years: close.curve.years[k]!,
        yield: prev.yields[k]! + w * (close.curve.yields[k]! - prev.yields[k]!),
      }));
      const curve = prepareCurve(points);
      const out = { date: day, curve, key: `${close.key}|${step}|${prev.yields.join(',')}` };
      intraday.set(key, { close: close.key, curve: out });
      return out;
    },
  };
}

/**
 * Calendar days of curves a pricing run loads before its trade window: a floater's current
 * coupon was fixed at its last reset, up to a (semiannual) coupon period before the trade.
 */
export const FIXING_LOOKBACK_DAYS = 190;

/**
 * Loads every curve dated from `fromDay` (less a week, so a Monday finds Friday's curve) to
 * `toDay`. A few hundred rows even for a year: one cheap query.
 */
export async function loadCurves(db: Kysely<Database>, fromDay: string, toDay: string): Promise<CurveBook> {
  const { rows } = await sql<{ curve_date: string; tenor: string; years: number; yield: number }>`
    select to_char(curve_date, 'YYYY-MM-DD') as curve_date, tenor, years::float8 as years, yield::float8 as yield
    from treasury_curve_points
    where curve_date between (select coalesce(max(curve_date), ${addDays(fromDay, -7)}::date)
                              from treasury_curve_points where curve_date <= ${fromDay}::date)
                         and ${toDay}::date`.execute(db);
  return curveBook(rows);
}

/**
 * Floater index fixings read off a curve book: the index proxy (3-month point) of the curve in
 * force on the reset day; null when the book holds no curve that old. Memoised per reset day.
 */
export function indexFixings(book: CurveBook): IndexFixings {
  const cached = fixingsByBook.get(book);
  if (cached) return cached;
  const memo = new Map<DayNumber, number | null>();
  const fixings: IndexFixings = (resetDay) => {
    let v = memo.get(resetDay);
    if (v === undefined) {
      const dated = book.on(formatDate(resetDay));
      v = dated ? indexRateProxy(dated.curve) : null;
      memo.set(resetDay, v);
    }
    return v;
  };
  fixingsByBook.set(book, fixings);
  return fixings;
}

const fixingsByBook = defineCache<CurveBook, IndexFixings>({
  name: 'pricing.indexFixings',
  home: 'server/services/pricing/curves.ts',
  per: 'curve book',
  key: 'reset day (inside the memo)',
  lifetime: { untilOwnerReplaced: true },
  invalidatedBy: ['a new curve book (a Treasury curve write)'],
});
