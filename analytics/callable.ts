/**
 * Callable bonds: yield to each future call, yield to worst. Risk measures stay to maturity.
 *
 * A yield to call is the yield of the same bond cut at the call date and redeemed there at the
 * call price, at the same clean price (so the same dirty price). A call on the next coupon date
 * is a final-period redemption and uses the simple rule (b), as the contract requires.
 */
import { couponDateIndex, type Bond } from './bond';
import { parseDate, type DayNumber } from './dates';
import { settleToCall, yieldFromDirtyPrice, type Settlement } from './pricing';
import { AnalyticsInputError } from './errors';

/** One call: the bond may be redeemed on `date` (a coupon date) at `price` per 100. */
export interface Call {
  date: DayNumber;
  price: number;
}

/** Yield to one call date. */
export interface CallYield extends Call {
  yield: number;
}

/** Yield to worst and the date it is reached (a call date or the maturity). */
export interface WorstYield {
  yieldToCall: CallYield[];
  yieldToWorst: number;
  worstDate: DayNumber;
}

/**
 * Yields to every call strictly after settlement (in schedule order) and the worst of those and
 * the yield to maturity `ytm`. Ties keep the earlier date.
 */
export function yieldsToCall(s: Settlement, dirtyPrice: number, ytm: number, calls: readonly Call[]): WorstYield {
  const out: CallYield[] = [];
  const maturity = s.bond.dates[s.bond.dates.length - 1]!;
  let worst = Infinity;
  let worstDate = maturity;
  for (let i = 0; i < calls.length; i++) {
    const c = calls[i]!;
    if (c.date <= s.settlementDate) {
      // A past call is not priced, but it is validated like a future one: a date off the coupon
      // grid is the caller's mistake whenever it falls.
      if (couponDateIndex(s.bond, c.date) < 0) throw new AnalyticsInputError(`callSchedule[${i}].date`, 'call date is not a coupon date');
      continue;
    }
    const y = yieldFromDirtyPrice(settleToCall(s, c.date, c.price, `callSchedule[${i}].date`), dirtyPrice);
    out.push({ date: c.date, price: c.price, yield: y });
    if (y < worst) {
      worst = y;
      worstDate = c.date;
    }
  }
  if (ytm < worst) {
    worst = ytm;
    worstDate = maturity;
  }
  return { yieldToCall: out, yieldToWorst: worst, worstDate };
}

/** A call moved onto the coupon grid, with the date as published. */
export interface SnappedCall extends Call {
  scheduled: string;
}

/**
 * Puts a published call schedule on the bond's coupon grid, as the engine needs: a call dated
 * between coupons is exercisable, and priced, on the next coupon date; calls on or after maturity,
 * with no positive price, or landing on an earlier call's date are dropped. The server's pricing
 * and the browser's calculator both use this, so they price the same calls.
 */
export function snapCallsToCoupons(bond: Bond, schedule: readonly { date: string; price: number }[]): SnappedCall[] {
  const out: SnappedCall[] = [];
  const dates = bond.dates;
  const maturity = dates[dates.length - 1]!;
  for (const c of schedule) {
    const day = parseDate(c.date);
    const price = Number(c.price);
    if (!(price > 0) || day >= maturity) continue;
    let snapped = day;
    if (couponDateIndex(bond, day) < 0) {
      let i = 1;
      while (i < dates.length && dates[i]! < day) i++;
      snapped = dates[i]!;
      if (snapped >= maturity) continue;
    }
    if (out.length > 0 && out[out.length - 1]!.date >= snapped) continue;
    out.push({ date: snapped, price, scheduled: c.date });
  }
  return out;
}
