/**
 * The `Bond` terms object: validated terms plus the precomputed schedule and first-period
 * facts. Build it once per bond (it costs a schedule generation) and reuse it for any number of
 * settlement dates, prices and yields.
 */
import { addMonths, type DayNumber } from './dates';
import { yearFraction, type DayCountCode } from './daycount';
import { AnalyticsInputError } from './errors';
import { buildSchedule, eomApplies, gridDate, type Frequency } from './schedule';

/** Terms of a fixed-rate, zero-coupon or floating-rate bond, with dates as day numbers. */
export interface BondTerms {
  issueDate: DayNumber;
  maturityDate: DayNumber;
  /** Only for an odd first coupon; must lie on the grid generated back from maturity. */
  firstCouponDate?: DayNumber | null;
  /** Annual coupon rate as a decimal (0.0575). 0 for zeros; ignored (use 0) for FRNs. */
  coupon: number;
  frequency: Frequency;
  dayCount: DayCountCode;
  endOfMonth: boolean;
  /** Redemption per 100 face. */
  redemption: number;
  /** Zero-coupon bond: discount on the regular quasi-coupon grid (no odd first period). */
  zero?: boolean;
}

/** A bond ready for pricing. Treat as immutable. */
export interface Bond {
  readonly terms: Readonly<BondTerms>;
  readonly frequency: Frequency;
  readonly dayCount: DayCountCode;
  /** `[accrualStart, pay1, …, maturity]`, ascending. */
  readonly dates: readonly DayNumber[];
  /** Whether the first period (dates[0] → dates[1]) is a regular coupon period. */
  readonly firstRegular: boolean;
  /** Reference (quasi-coupon) period of the first period, used by ACT/ACT. */
  readonly firstRefStart: DayNumber;
  readonly firstRefEnd: DayNumber;
  /** Year fraction of the whole first period (1/f when regular). */
  readonly firstYearFraction: number;
  /** Regular coupon per 100 face: exactly 100·c/f. */
  readonly regularCoupon: number;
  /** First coupon per 100 face (100·c·yf for an odd first period). */
  readonly firstCouponAmount: number;
  readonly redemption: number;
}

const FREQUENCIES: readonly number[] = [1, 2, 4];

/** Validates a coupon frequency, naming `field` on failure. */
export function parseFrequency(value: unknown, field = 'frequency'): Frequency {
  if (typeof value === 'number' && FREQUENCIES.includes(value)) return value as Frequency;
  throw new AnalyticsInputError(field, `must be 1, 2 or 4, got ${JSON.stringify(value) ?? String(value)}`);
}

/** Throws unless `value` is a finite number; returns it. */
export function requireFinite(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new AnalyticsInputError(field, `must be a finite number, got ${JSON.stringify(value) ?? String(value)}`);
  }
  return value;
}

/**
 * Builds a {@link Bond} from terms, validating them. Errors name the contract field
 * (`maturityDate`, `firstCouponDate`, `coupon`, …).
 */
export function createBond(terms: BondTerms): Bond {
  const { issueDate: issue, maturityDate: maturity } = terms;
  const frequency = parseFrequency(terms.frequency);
  const coupon = requireFinite(terms.coupon, 'coupon');
  if (coupon < 0 || coupon > 1) throw new AnalyticsInputError('coupon', `must be between 0 and 1 (a decimal rate), got ${coupon}`);
  const redemption = requireFinite(terms.redemption, 'redemption');
  if (redemption <= 0 || redemption > 10000)
    throw new AnalyticsInputError('redemption', `must be positive (per 100 face), got ${redemption}`);
  if (!(maturity > issue)) throw new AnalyticsInputError('maturityDate', 'must be after issueDate');
  const zero = terms.zero === true;
  const eom = eomApplies(maturity, terms.endOfMonth);
  const step = 12 / frequency;
  let first = terms.firstCouponDate ?? null;
  if (zero) first = null;
  if (first !== null) {
    if (first <= issue) throw new AnalyticsInputError('firstCouponDate', 'must be after issueDate');
    if (first > maturity) throw new AnalyticsInputError('firstCouponDate', 'must not be after maturityDate');
    if (!onGrid(first, maturity, frequency, eom))
      throw new AnalyticsInputError('firstCouponDate', 'is not on the coupon grid generated back from maturityDate');
  }
  const dates = buildSchedule(issue, maturity, first, frequency, terms.endOfMonth, zero);
  const firstEnd = dates[1]!;
  // QuantLib's reference period for an odd first coupon: (firstCoupon − tenor, firstCoupon),
  // with the EOM rule when it applies; a first period starting exactly there is regular.
  const refStart = addMonths(firstEnd, -step, eom);
  const onGridStart = first === null && dates[0] === gridDate(maturity, dates.length - 1, frequency, eom);
  const firstRegular = zero || onGridStart || dates[0] === refStart;
  const regularCoupon = (100 * coupon) / frequency;
  const firstYearFraction = firstRegular ? 1 / frequency : yearFraction(terms.dayCount, dates[0]!, firstEnd, refStart, firstEnd);
  return {
    // An explicit literal, not a spread: object spread is surprisingly slow on this hot path.
    terms: {
      issueDate: issue,
      maturityDate: maturity,
      firstCouponDate: first,
      coupon,
      frequency,
      dayCount: terms.dayCount,
      endOfMonth: terms.endOfMonth,
      redemption,
      zero,
    },
    frequency,
    dayCount: terms.dayCount,
    dates,
    firstRegular,
    firstRefStart: firstRegular ? dates[0]! : refStart,
    firstRefEnd: firstEnd,
    firstYearFraction,
    regularCoupon,
    firstCouponAmount: firstRegular ? regularCoupon : 100 * coupon * firstYearFraction,
    redemption,
  };
}

/** True when `date` is a grid date maturity − k·(12/f) months for some k ≥ 0. */
function onGrid(date: DayNumber, maturity: DayNumber, frequency: Frequency, eom: boolean): boolean {
  for (let k = 0; ; k++) {
    const g = gridDate(maturity, k, frequency, eom);
    if (g === date) return true;
    if (g < date) return false;
  }
}

/** Index in `bond.dates` of a payment date, or -1 when `date` is not a coupon date. */
export function couponDateIndex(bond: Bond, date: DayNumber): number {
  const d = bond.dates;
  let lo = 1;
  let hi = d.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (d[mid] === date) return mid;
    if (d[mid]! < date) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
