/**
 * Street-convention pricing of fixed-rate and zero-coupon bonds.
 *
 * A {@link Settlement} captures everything that depends on the settlement date (accrual, time to
 * the first flow, how many flows remain, which yield formula applies), so the price↔yield and
 * risk functions are tight loops over numbers with no date work at all.
 *
 * Yield formula (contract "Yield"):
 * - (a) two or more flows left, or a long odd period with t > 1/f: dirty = Σ CF_k·v^(−n_k), v = 1+y/f,
 *   n_1 = f·[yf(s₁,e₁) − yf(s₁,settle)], n_k = n_{k−1} + 1 (every later period is regular).
 * - (b) final coupon period: dirty = (redemption + final coupon)/(1 + y·t), t = n_1/f.
 */
import { couponDateIndex, type Bond } from './bond';
import type { DayNumber } from './dates';
import { days30360, dayCount, yearFraction } from './daycount';
import { AnalyticsInputError } from './errors';
import { lastIndexAtOrBefore } from './schedule';
import { solveDecreasing } from './solver';

/** A bond seen from one settlement date. Immutable; cheap to build (no allocation but itself). */
export interface Settlement {
  readonly bond: Bond;
  readonly settlementDate: DayNumber;
  /** Index in `bond.dates` of the first payment after settlement. */
  readonly nextIndex: number;
  /** Accrual period containing settlement: start ≤ settlement < end. */
  readonly periodStart: DayNumber;
  readonly periodEnd: DayNumber;
  /** 30/360 or actual days from the period start (issue date in an odd first period). */
  readonly accruedDays: number;
  /** Accrued interest per 100 face. */
  readonly accrued: number;
  /** Time to the first flow in coupon periods (n_1). */
  readonly n1: number;
  /** Number of payment dates after settlement (last one is the redemption date). */
  readonly count: number;
  /** Coupon paid on the first future date (odd or regular), per 100. */
  readonly firstAmount: number;
  /** Regular coupon per 100 (100·c/f). */
  readonly coupon: number;
  /**
   * Coupon paid with the redemption on the last date: `coupon` on the coupon grid, `firstAmount`
   * when one flow is left, the coupon accrued to the call date for a call between coupon dates.
   */
  readonly lastCoupon: number;
  /**
   * Coupon periods from the second-to-last flow to the last (1 on the grid; a fraction for a
   * call between coupon dates). Unused when one flow is left (`n1` is the time to it).
   */
  readonly lastStep: number;
  /** Amount redeemed on the last date: the bond's redemption, or a call price. */
  readonly redemption: number;
  readonly frequency: number;
  /** True when rule (b) applies: one flow left and t ≤ 1/f. */
  readonly simple: boolean;
}

/**
 * Positions a bond at a settlement date. Throws when settlement is before the issue date or on
 * or after maturity.
 */
export function settle(bond: Bond, settlementDate: DayNumber): Settlement {
  const { dates, dayCount: dc, frequency: f } = bond;
  const maturity = dates[dates.length - 1]!;
  if (settlementDate >= maturity) throw new AnalyticsInputError('maturityDate', 'must be after settlementDate');
  if (settlementDate < bond.terms.issueDate) throw new AnalyticsInputError('settlementDate', 'must not be before issueDate');
  const i = lastIndexAtOrBefore(dates, settlementDate);
  const start = dates[i]!;
  const end = dates[i + 1]!;
  let n1: number;
  let accrued: number;
  let firstAmount: number;
  if (i === 0 && !bond.firstRegular) {
    const yfAccrued = yearFraction(dc, start, settlementDate, bond.firstRefStart, bond.firstRefEnd);
    n1 = f * (bond.firstYearFraction - yfAccrued);
    accrued = 100 * bond.terms.coupon * yfAccrued;
    firstAmount = bond.firstCouponAmount;
  } else {
    // Regular period: fraction accrued is A/E (30/360, E = 360/f) or actual days over period days.
    const a = dc === '30/360' ? (days30360(start, settlementDate) * f) / 360 : (settlementDate - start) / (end - start);
    n1 = 1 - a;
    accrued = bond.regularCoupon * a;
    firstAmount = bond.regularCoupon;
  }
  const accrualStart = start > bond.terms.issueDate ? start : bond.terms.issueDate;
  const count = dates.length - 1 - i;
  return {
    bond,
    settlementDate,
    nextIndex: i + 1,
    periodStart: start,
    periodEnd: end,
    accruedDays: dayCount(dc, accrualStart, settlementDate),
    accrued,
    n1,
    count,
    firstAmount,
    coupon: bond.regularCoupon,
    lastCoupon: count === 1 ? firstAmount : bond.regularCoupon,
    lastStep: 1,
    redemption: bond.redemption,
    frequency: f,
    simple: count === 1 && n1 <= 1,
  };
}

/**
 * Year fraction from the start of accrual period `i` (dates[i] → dates[i+1]) to `to`, with the
 * period's reference: the odd first period's quasi-coupon period, or the regular period itself.
 */
function periodYearFraction(bond: Bond, i: number, to: DayNumber): number {
  const start = bond.dates[i]!;
  if (i === 0 && !bond.firstRegular) return yearFraction(bond.dayCount, start, to, bond.firstRefStart, bond.firstRefEnd);
  if (bond.dayCount === '30/360') return days30360(start, to) / 360;
  return (to - start) / (bond.dates[i + 1]! - start) / bond.frequency;
}

/**
 * The same bond cut at a later date and redeemed there at `price` (a call). On a coupon date the
 * last flow is that coupon plus the price. Between coupon dates (an off-cycle call, such as the
 * par call a few months before maturity) the call is kept at its exact date, as the street prices
 * it: the last flow is the price plus the coupon accrued from the last coupon date to the call
 * date, discounted over that fraction of a period (compounded), or under the simple final-period
 * rule (b) when the call falls in the current coupon period. Throws when `date` is not after
 * settlement or is after maturity.
 */
export function settleToCall(s: Settlement, date: DayNumber, price: number, field = 'callSchedule'): Settlement {
  const bond = s.bond;
  const dates = bond.dates;
  if (date <= s.settlementDate) throw new AnalyticsInputError(field, 'call date is not after settlementDate');
  if (date > dates[dates.length - 1]!) throw new AnalyticsInputError(field, 'call date is after maturityDate');
  const j = couponDateIndex(bond, date);
  let count: number;
  let n1 = s.n1;
  let firstAmount = s.firstAmount;
  let lastCoupon: number;
  let lastStep = 1;
  if (j >= 0) {
    count = j - s.nextIndex + 1;
    lastCoupon = count === 1 ? s.firstAmount : s.coupon;
  } else {
    // The call falls inside the accrual period (dates[p-1], dates[p]).
    let p = s.nextIndex;
    while (dates[p]! < date) p++;
    const c = 100 * bond.terms.coupon;
    const f = s.frequency;
    const toCall = periodYearFraction(bond, p - 1, date);
    count = p - s.nextIndex + 1;
    if (count === 1) {
      n1 = f * (toCall - periodYearFraction(bond, p - 1, s.settlementDate));
      firstAmount = c * toCall;
      lastCoupon = firstAmount;
    } else {
      lastStep = f * toCall;
      lastCoupon = c * toCall;
    }
  }
  return {
    bond,
    settlementDate: s.settlementDate,
    nextIndex: s.nextIndex,
    periodStart: s.periodStart,
    periodEnd: s.periodEnd,
    accruedDays: s.accruedDays,
    accrued: s.accrued,
    n1,
    count,
    firstAmount,
    coupon: s.coupon,
    lastCoupon,
    lastStep,
    redemption: price,
    frequency: s.frequency,
    simple: count === 1 && n1 <= 1,
  };
}

/**
 * Largest yield accepted or produced: 10 000%. Far beyond any traded bond, and it keeps every
 * discount factor (and so every risk measure) well away from floating-point underflow.
 */
export const MAX_YIELD = 100;

function checkYield(s: Settlement, y: number): void {
  const ok = s.simple ? 1 + (y * s.n1) / s.frequency > 0 : 1 + y / s.frequency > 0;
  if (!(ok && y <= MAX_YIELD))
    throw new AnalyticsInputError('yield', `out of range: ${y} (must exceed −frequency and be at most ${MAX_YIELD})`);
}

/** Dirty price per 100 from a yield (decimal, compounded at the coupon frequency). */
export function dirtyPriceFromYield(s: Settlement, y: number): number {
  checkYield(s, y);
  const f = s.frequency;
  if (s.simple) return (s.firstAmount + s.redemption) / (1 + (y * s.n1) / f);
  const v = 1 + y / f;
  const inv = 1 / v;
  let d = Math.pow(v, -s.n1);
  const last = s.count;
  let sum = (last === 1 ? s.firstAmount + s.redemption : s.firstAmount) * d;
  for (let k = 2; k < last; k++) {
    d *= inv;
    sum += s.coupon * d;
  }
  if (last >= 2) {
    d *= s.lastStep === 1 ? inv : Math.pow(v, -s.lastStep);
    sum += (s.lastCoupon + s.redemption) * d;
  }
  return sum;
}

/** Clean price per 100 from a yield. */
export function priceFromYield(s: Settlement, y: number): number {
  return dirtyPriceFromYield(s, y) - s.accrued;
}

/** f(y) = P(y) − target and its derivative, for the solver. */
function priceError(s: Settlement, target: number): (y: number, out: Float64Array) => void {
  const f = s.frequency;
  const last = s.count;
  return (y, out) => {
    const v = 1 + y / f;
    const inv = 1 / v;
    let n = s.n1;
    let d = Math.pow(v, -n);
    let cf = last === 1 ? s.firstAmount + s.redemption : s.firstAmount;
    let sum = cf * d;
    let sumN = n * cf * d;
    for (let k = 2; k <= last; k++) {
      if (k === last) {
        d *= s.lastStep === 1 ? inv : Math.pow(v, -s.lastStep);
        n += s.lastStep;
        cf = s.lastCoupon + s.redemption;
      } else {
        d *= inv;
        n += 1;
        cf = s.coupon;
      }
      sum += cf * d;
      sumN += n * cf * d;
    }
    out[0] = sum - target;
    out[1] = -sumN / (f * v);
  };
}

/**
 * Yield from a dirty price. Closed form in the final period (rule b), otherwise safeguarded
 * Newton. Throws {@link AnalyticsInputError} (field `cleanPrice`) when no yield fits.
 */
export function yieldFromDirtyPrice(s: Settlement, dirty: number): number {
  if (!(dirty > 0) || !Number.isFinite(dirty)) throw new AnalyticsInputError('cleanPrice', `gives a non-positive dirty price (${dirty})`);
  const f = s.frequency;
  if (s.simple) {
    // 30/360 can leave no time at all (settling on the 31st before a 1st-of-month redemption:
    // E − A = 0); the price is then independent of the yield, which is undefined.
    if (!(s.n1 > 0)) throw new AnalyticsInputError('cleanPrice', 'no yield: zero 30/360 time left to redemption (E − A = 0)');
    const y = ((s.firstAmount + s.redemption) / dirty - 1) / (s.n1 / f);
    if (!(y <= MAX_YIELD)) throw new AnalyticsInputError('cleanPrice', `too low: implies a yield above ${MAX_YIELD * 100}%`);
    return y;
  }
  // Textbook approximation as a starting point: (annual coupon + pull to par per year) / average price.
  const years = (s.n1 + s.count - 2 + s.lastStep) / f;
  const guess = (s.coupon * f + (s.redemption - dirty) / years) / ((s.redemption + dirty) / 2);
  return solveDecreasing(priceError(s, dirty), guess, -f, MAX_YIELD, 'cleanPrice');
}

/** Yield from a clean price. */
export function yieldFromPrice(s: Settlement, cleanPrice: number): number {
  return yieldFromDirtyPrice(s, cleanPrice + s.accrued);
}

/** Duration, convexity and DV01 of the price function in use (contract "Risk measures"). */
export interface RiskMeasures {
  dirtyPrice: number;
  macaulayDuration: number;
  modifiedDuration: number;
  convexity: number;
  /** modifiedDuration·dirty/10000, per 100 face. */
  dv01: number;
}

/** Risk measures at a yield: analytic derivatives of the compounded or simple price. */
export function riskMeasures(s: Settlement, y: number): RiskMeasures {
  checkYield(s, y);
  const f = s.frequency;
  if (s.simple) {
    const t = s.n1 / f;
    const g = 1 + y * t;
    const dirty = (s.firstAmount + s.redemption) / g;
    const mod = t / g;
    return { dirtyPrice: dirty, macaulayDuration: t, modifiedDuration: mod, convexity: (2 * t * t) / (g * g), dv01: (mod * dirty) / 10000 };
  }
  const v = 1 + y / f;
  const inv = 1 / v;
  const last = s.count;
  let n = s.n1;
  let d = Math.pow(v, -n);
  let cf = last === 1 ? s.firstAmount + s.redemption : s.firstAmount;
  let p = cf * d;
  let pn = n * cf * d;
  let pnn = n * (n + 1) * cf * d;
  for (let k = 2; k <= last; k++) {
    if (k === last) {
      d *= s.lastStep === 1 ? inv : Math.pow(v, -s.lastStep);
      n += s.lastStep;
      cf = s.lastCoupon + s.redemption;
    } else {
      d *= inv;
      n += 1;
      cf = s.coupon;
    }
    const w = cf * d;
    p += w;
    pn += n * w;
    pnn += n * (n + 1) * w;
  }
  const mac = pn / (f * p);
  const mod = mac / v;
  return { dirtyPrice: p, macaulayDuration: mac, modifiedDuration: mod, convexity: pnn / (f * f * p * v * v), dv01: (mod * p) / 10000 };
}

/** Current yield: annual coupon over clean price (100·c/clean). */
export function currentYield(bond: Bond, cleanPrice: number): number {
  return (100 * bond.terms.coupon) / cleanPrice;
}

/**
 * Money-market yield on a 360-day basis.
 * - Final period (rule b): the simple yield over actual days: ((redemption + coupon)/dirty − 1)·360/days.
 *   For a zero this is exactly the SEC prospectus formula MMY = 360·D/(360 − D·M), D being the
 *   bank discount rate and M the days to maturity (both reduce to (100−P)/P·360/M).
 * - More than one period left: the bond-equivalent yield converted to 360 days, y·360/365.
 */
export function moneyMarketYield(s: Settlement, y: number, dirty: number): number {
  if (s.simple) {
    const days = s.bond.dates[s.nextIndex]! - s.settlementDate;
    return ((s.firstAmount + s.redemption) / dirty - 1) * (360 / days);
  }
  return (y * 360) / 365;
}
