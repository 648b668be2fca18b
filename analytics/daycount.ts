/**
 * Day-count conventions on integer day numbers.
 *
 * Only what bond maths needs: a day count (integer days used for `accruedDays`) and a year
 * fraction. ACT/ACT ICMA needs a reference period; callers pass the (quasi-)coupon period.
 */
import { addMonths, toPacked, type DayNumber } from './dates';
import { AnalyticsInputError } from './errors';

/** Day-count codes as they appear in the analytics contract (plus ACT/365F for money markets). */
export type DayCountCode = '30/360' | 'ACT/ACT' | 'ACT/360' | 'ACT/365F';

/** Every supported code, for validation messages. */
export const DAY_COUNTS: readonly DayCountCode[] = ['30/360', 'ACT/ACT', 'ACT/360', 'ACT/365F'];

/** Validates a day-count code, throwing an error that names `field`. */
export function parseDayCount(value: unknown, field = 'dayCount'): DayCountCode {
  if (typeof value === 'string' && (DAY_COUNTS as readonly string[]).includes(value)) return value as DayCountCode;
  throw new AnalyticsInputError(
    field,
    `unknown day count ${JSON.stringify(value) ?? String(value)}, expected one of ${DAY_COUNTS.join(', ')}`,
  );
}

/**
 * 30/360 US Bond Basis day count (QuantLib `Thirty360.BondBasis`): D1=31→30; D2=31→30 only when
 * D1 (after adjustment) is 30; no February rule. That last point is why this is not `Thirty360.USA`.
 */
export function days30360(d1: DayNumber, d2: DayNumber): number {
  const p1 = toPacked(d1);
  const p2 = toPacked(d2);
  const y1 = Math.floor(p1 / 10000);
  const m1 = Math.floor(p1 / 100) % 100;
  let dd1 = p1 % 100;
  const y2 = Math.floor(p2 / 10000);
  const m2 = Math.floor(p2 / 100) % 100;
  let dd2 = p2 % 100;
  if (dd1 === 31) dd1 = 30;
  if (dd2 === 31 && dd1 === 30) dd2 = 30;
  return 360 * (y2 - y1) + 30 * (m2 - m1) + (dd2 - dd1);
}

/** Integer day count between two dates under a convention (30/360 or actual days). */
export function dayCount(code: DayCountCode, d1: DayNumber, d2: DayNumber): number {
  return code === '30/360' ? days30360(d1, d2) : d2 - d1;
}

/**
 * ACT/ACT ICMA year fraction with an explicit reference period, replicating QuantLib's
 * `ActualActual.ISMA` so that odd first periods agree with it to the last bit: within the
 * reference period it is (days / reference days) × period length; a long first period is split at
 * the reference start and the part before it uses the previous notional period, found by plain
 * month subtraction (QuantLib's `Date - Months`, which clips but has no end-of-month rule).
 */
export function yearFractionIcma(d1: DayNumber, d2: DayNumber, refStart: DayNumber, refEnd: DayNumber): number {
  if (d1 === d2) return 0;
  if (d1 > d2) return -yearFractionIcma(d2, d1, refStart, refEnd);
  let months = Math.round((12 * (refEnd - refStart)) / 365);
  if (months === 0) {
    refStart = d1;
    refEnd = addMonths(d1, 12);
    months = 12;
  }
  const period = months / 12;
  if (d2 <= refEnd) {
    if (d1 >= refStart) return (period * (d2 - d1)) / (refEnd - refStart);
    const previousRef = addMonths(refStart, -months);
    if (d2 > refStart) return yearFractionIcma(d1, refStart, previousRef, refStart) + yearFractionIcma(refStart, d2, refStart, refEnd);
    return yearFractionIcma(d1, d2, previousRef, refStart);
  }
  // d2 beyond the reference period: whole notional periods after it, then the remainder.
  let sum = yearFractionIcma(d1, refEnd, refStart, refEnd);
  let i = 0;
  for (;;) {
    const start = addMonths(refEnd, months * i);
    const end = addMonths(refEnd, months * (i + 1));
    if (d2 < end) return sum + yearFractionIcma(start, d2, start, end);
    sum += period;
    i++;
  }
}

/**
 * Year fraction under a convention. `refStart`/`refEnd` are only used by ACT/ACT (ICMA); for it
 * they default to (d1, d2), as in QuantLib.
 */
export function yearFraction(code: DayCountCode, d1: DayNumber, d2: DayNumber, refStart = d1, refEnd = d2): number {
  switch (code) {
    case '30/360':
      return days30360(d1, d2) / 360;
    case 'ACT/360':
      return (d2 - d1) / 360;
    case 'ACT/365F':
      return (d2 - d1) / 365;
    case 'ACT/ACT':
      return yearFractionIcma(d1, d2, refStart, refEnd);
  }
}
