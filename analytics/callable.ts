/**
 * Callable bonds: yield to each future call, yield to worst, and the risk measures to the
 * workout date (the date of the yield to worst). The contract's risk fields stay to maturity.
 *
 * A yield to call is the yield of the same bond cut at the call date and redeemed there at the
 * call price, at the same clean price (so the same dirty price). A call on the next coupon date
 * (or anywhere in the current coupon period) is a final-period redemption and uses the simple
 * rule (b); a call between later coupon dates is kept at its exact date (see `settleToCall`).
 */
import type { Bond } from './bond';
import { formatDate, parseDate, type DayNumber } from './dates';
import { riskMeasures, settleToCall, yieldFromDirtyPrice, type RiskMeasures, type Settlement } from './pricing';

/** One call: the bond may be redeemed on `date` (a coupon date or between two) at `price` per 100. */
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
  /** Redemption price at the workout date (the call price, or the bond's redemption at maturity). */
  worstPrice: number;
  /** Indices in the schedule of the calls left out (dated on or before settlement); see {@link ignoredCallWarning}. */
  ignored: number[];
}

/**
 * Yields to every call strictly after settlement (in schedule order) and the worst of those and
 * the yield to maturity `ytm`. Ties keep the earlier date. A call dated on or before settlement
 * cannot be exercised any more: it is ignored with a warning (vendor schedules routinely list
 * past and issue-date entries), whatever its date, and never refuses the bond.
 */
export function yieldsToCall(s: Settlement, dirtyPrice: number, ytm: number, calls: readonly Call[]): WorstYield {
  const out: CallYield[] = [];
  const ignored: number[] = [];
  const maturity = s.bond.dates[s.bond.dates.length - 1]!;
  let worst = Infinity;
  let worstDate = maturity;
  let worstPrice = s.bond.redemption;
  for (let i = 0; i < calls.length; i++) {
    const c = calls[i]!;
    if (c.date <= s.settlementDate) {
      ignored.push(i);
      continue;
    }
    const y = yieldFromDirtyPrice(settleToCall(s, c.date, c.price, `callSchedule[${i}].date`), dirtyPrice);
    out.push({ date: c.date, price: c.price, yield: y });
    if (y < worst) {
      worst = y;
      worstDate = c.date;
      worstPrice = c.price;
    }
  }
  if (ytm < worst) {
    worst = ytm;
    worstDate = maturity;
    worstPrice = s.bond.redemption;
  }
  return { yieldToCall: out, yieldToWorst: worst, worstDate, worstPrice, ignored };
}

/** The warning for the call at schedule index `i` that {@link yieldsToCall} left out. */
export function ignoredCallWarning(i: number, call: Call): string {
  return `callSchedule[${i}]: the call on ${formatDate(call.date)} is on or before settlementDate and is ignored`;
}

/**
 * Duration, convexity and DV01 to the workout date: of the bond cut at `w.worstDate` and
 * redeemed there at `w.worstPrice`, at the yield to worst. When the workout date is the maturity
 * these are the to-maturity figures `toMaturity`.
 */
export function riskToWorst(s: Settlement, w: WorstYield, toMaturity: RiskMeasures): RiskMeasures {
  const maturity = s.bond.dates[s.bond.dates.length - 1]!;
  if (w.worstDate === maturity && w.worstPrice === s.bond.redemption) return toMaturity;
  return riskMeasures(settleToCall(s, w.worstDate, w.worstPrice), w.yieldToWorst);
}

/** A call as the server and the calculator price it, with the date as published. */
export interface ScheduledCall extends Call {
  scheduled: string;
}

/**
 * A published call schedule as the engine prices it: each call at its exact date (an off-cycle
 * call, such as a par call three months before maturity, is not moved to a coupon date, which
 * would be the maturity and lose the call); calls on or after maturity, with no positive price,
 * or not after the previous call are dropped. Calls already past stay in the list: pricing looks
 * only at those after its settlement date. The server's pricing and the browser's calculator both
 * use this, so they price the same calls.
 */
export function pricingCalls(bond: Bond, schedule: readonly { date: string; price: number }[]): ScheduledCall[] {
  const out: ScheduledCall[] = [];
  const maturity = bond.dates[bond.dates.length - 1]!;
  for (const c of schedule) {
    const day = parseDate(c.date);
    const price = Number(c.price);
    if (!(price > 0) || day >= maturity) continue;
    if (out.length > 0 && out[out.length - 1]!.date >= day) continue;
    out.push({ date: day, price, scheduled: c.date });
  }
  return out;
}
