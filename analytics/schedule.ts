/**
 * Coupon schedules, generated backward from maturity as the contract (and QuantLib's
 * `DateGeneration.Backward` on a NullCalendar, Unadjusted) do.
 */
import { addMonths, daysInMonth, isEndOfMonth, monthStart, toPacked, type DayNumber } from './dates';

/** Coupon frequency: payments (and yield compounding periods) per year. */
export type Frequency = 1 | 2 | 4;

/**
 * The k-th grid date before maturity: maturity − k·(12/f) months, computed from the maturity
 * (never by repeated stepping, which would drift 31 → 30 → 28) and clipped to the month length.
 * Under the end-of-month rule with a month-end maturity every grid date is a month end.
 */
export function gridDate(maturity: DayNumber, k: number, frequency: Frequency, eom: boolean): DayNumber {
  return addMonths(maturity, (-k * 12) / frequency, eom);
}

/** Whether the EOM rule applies to this maturity (flag set and maturity on a month end). */
export function eomApplies(maturity: DayNumber, endOfMonth: boolean): boolean {
  return endOfMonth && isEndOfMonth(maturity);
}

/**
 * Schedule dates ascending: `[accrualStart, pay1, pay2, …, maturity]`.
 *
 * The grid runs from maturity down to `firstCoupon` (when given) or to the issue date; the issue
 * date is prepended when it is off the grid, which makes the first period irregular (short, or
 * long when an earlier `firstCoupon` skips grid dates). With `quasi` (zero-coupon bonds) the
 * start is instead the last grid date on or before the issue date, so every quasi-coupon period
 * is regular, as the spreadsheet zero-coupon formulas assume.
 */
export function buildSchedule(
  issue: DayNumber,
  maturity: DayNumber,
  firstCoupon: DayNumber | null,
  frequency: Frequency,
  endOfMonth: boolean,
  quasi = false,
): DayNumber[] {
  // Hot path (one call per bond analysed): decompose the maturity once; each grid date is then
  // a month-index subtraction and two table lookups (month start, month length).
  const p = toPacked(maturity);
  const my = Math.floor(p / 10000);
  const mm = Math.floor(p / 100) % 100;
  const md = p % 100;
  const eom = endOfMonth && md === daysInMonth(my, mm);
  const step = 12 / frequency;
  const base = my * 12 + (mm - 1);
  const exit = !quasi && firstCoupon !== null ? firstCoupon : issue;
  // Upper bound on the number of dates; filled from the end so no reversal is needed. A plain
  // array: allocating small typed arrays costs far more than filling them.
  const ep = toPacked(exit);
  const months = base - (Math.floor(ep / 10000) * 12 + (Math.floor(ep / 100) % 100) - 1);
  const size = Math.floor(months / step) + 4;
  const out: number[] = new Array<number>(size).fill(0);
  let pos = size - 1;
  out[pos] = maturity;
  for (let k = 1; ; k++) {
    const start = monthStart(base - k * step);
    const dim = monthStart(base - k * step + 1) - start;
    const g = start + (eom || md > dim ? dim : md) - 1;
    if (g < exit) {
      if (quasi) out[--pos] = g;
      break;
    }
    out[--pos] = g;
    if (g === exit) break;
  }
  if (!quasi && out[pos] !== issue) out[--pos] = issue;
  return pos === 0 ? out : out.slice(pos);
}

/** Index of the last element ≤ `value` in an ascending array, or -1. */
export function lastIndexAtOrBefore(dates: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = dates.length - 1;
  if (dates[0]! > value) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (dates[mid]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
