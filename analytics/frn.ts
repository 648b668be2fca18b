/**
 * Floating-rate notes under the contract's simple convention.
 *
 * Coupons: the period containing settlement pays currentIndexFixing + quotedMargin, later periods
 * indexRate + quotedMargin, each × actual days / 360. Discounting: r = indexRate + discountMargin,
 * DF₁ = 1/(1 + r·(d₁ − settle)/360), DF_k = DF_{k−1}/(1 + r·(d_k − d_{k−1})/360).
 */
import type { Bond } from './bond';
import type { Cashflow } from './cashflows';
import type { DayNumber } from './dates';
import { AnalyticsInputError } from './errors';
import { lastIndexAtOrBefore } from './schedule';
import { MAX_YIELD } from './pricing';
import { solveDecreasing } from './solver';

/** Rates of a floating-rate note (decimals). */
export interface FrnRates {
  /** Assumed index rate for all future fixings and for discounting. */
  indexRate: number;
  quotedMargin: number;
  /** Fixing of the current period (start ≤ settlement < end). */
  currentIndexFixing: number;
}

/** An FRN positioned at a settlement date: its projected flows and accrual periods. */
export interface FrnSettlement {
  readonly settlementDate: DayNumber;
  readonly dates: readonly DayNumber[];
  readonly accruedDays: number;
  readonly accrued: number;
  readonly indexRate: number;
  /** Projected amounts per 100 (coupon, plus redemption on the last). */
  readonly amounts: readonly number[];
  /** Discounting periods in years: (d₁ − settle)/basis, then (d_k − d_{k−1})/basis. */
  readonly taus: readonly number[];
}

/** Days in the money-market year: 360 for ACT/360, 365 for ACT/365F. */
function basisOf(bond: Bond): number {
  if (bond.dayCount === 'ACT/360') return 360;
  if (bond.dayCount === 'ACT/365F') return 365;
  throw new AnalyticsInputError('dayCount', `FRNs accrue ACT/360 (or ACT/365F), got ${bond.dayCount}`);
}

/** Projects an FRN's flows from a settlement date. */
export function settleFrn(bond: Bond, settlementDate: DayNumber, rates: FrnRates): FrnSettlement {
  const basis = basisOf(bond);
  const dates = bond.dates;
  const maturity = dates[dates.length - 1]!;
  if (settlementDate >= maturity) throw new AnalyticsInputError('maturityDate', 'must be after settlementDate');
  if (settlementDate < bond.terms.issueDate) throw new AnalyticsInputError('settlementDate', 'must not be before issueDate');
  const i = lastIndexAtOrBefore(dates, settlementDate);
  const count = dates.length - 1 - i;
  const amounts: number[] = new Array<number>(count);
  const taus: number[] = new Array<number>(count);
  const current = rates.currentIndexFixing + rates.quotedMargin;
  const later = rates.indexRate + rates.quotedMargin;
  let prev = settlementDate;
  for (let k = 0; k < count; k++) {
    const start = dates[i + k]!;
    const end = dates[i + k + 1]!;
    amounts[k] = (100 * (k === 0 ? current : later) * (end - start)) / basis;
    taus[k] = (end - prev) / basis;
    prev = end;
  }
  amounts[count - 1]! += bond.redemption;
  const accruedDays = settlementDate - dates[i]!;
  return {
    settlementDate,
    dates: dates.slice(i + 1),
    accruedDays,
    accrued: (100 * current * accruedDays) / basis,
    indexRate: rates.indexRate,
    amounts,
    taus,
  };
}

/** Dirty price per 100 at a discount margin. */
export function frnDirtyPrice(fs: FrnSettlement, discountMargin: number): number {
  const r = fs.indexRate + discountMargin;
  let df = 1;
  let sum = 0;
  for (let k = 0; k < fs.amounts.length; k++) {
    const g = 1 + r * fs.taus[k]!;
    if (!(g > 0)) throw new AnalyticsInputError('discountMargin', `out of range: ${discountMargin}`);
    df /= g;
    sum += fs.amounts[k]! * df;
  }
  return sum;
}

/** Discount margin (decimal) that reproduces a clean price. Safeguarded Newton. */
export function discountMarginFromPrice(fs: FrnSettlement, cleanPrice: number): number {
  const target = cleanPrice + fs.accrued;
  if (!(target > 0)) throw new AnalyticsInputError('cleanPrice', `gives a non-positive dirty price (${target})`);
  let maxTau = 0;
  for (let k = 0; k < fs.taus.length; k++) if (fs.taus[k]! > maxTau) maxTau = fs.taus[k]!;
  const lower = -1 / maxTau - fs.indexRate;
  const years = fs.taus.reduce((a, b) => a + b, 0);
  const last = fs.amounts.length - 1;
  const guess = (fs.amounts[last]! - target) / (target * Math.max(years, 1e-6)) + 0.0;
  return solveDecreasing(
    (dm, out) => {
      const r = fs.indexRate + dm;
      let df = 1;
      let acc = 0;
      let p = 0;
      let dp = 0;
      for (let k = 0; k < fs.amounts.length; k++) {
        const tau = fs.taus[k]!;
        const g = 1 + r * tau;
        df /= g;
        acc += tau / g;
        const w = fs.amounts[k]! * df;
        p += w;
        dp -= w * acc;
      }
      out[0] = p - target;
      out[1] = dp;
    },
    guess,
    lower,
    MAX_YIELD,
    'cleanPrice',
  );
}

/** Projected cash flows strictly after settlement. */
export function frnCashflows(fs: FrnSettlement): Cashflow[] {
  const out: Cashflow[] = [];
  for (let k = 0; k < fs.amounts.length; k++) if (fs.amounts[k] !== 0) out.push({ date: fs.dates[k]!, amount: fs.amounts[k]! });
  return out;
}
