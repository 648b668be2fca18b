/**
 * The pricing conventions the server's evaluated prices and the browser's calculator share, so a
 * number on the calculator agrees with the same number in the bond table:
 * - the engine's bond from stored terms (an odd first coupon off the maturity grid, as imported
 *   data sometimes has, is priced on the regular grid);
 * - US corporate settlement T+1: the next settlement day of the one calendar (common/calendar:
 *   SIFMA business days, Good Friday never settles) after the pricing or trade day, never before
 *   issue (when-issued trading) — for evaluated prices, trade yields, cash flows and the calculator;
 * - calls priced at their exact dates (an off-cycle call, such as a par call three months before
 *   maturity, keeps its date, as the street prices it);
 * - a floating-rate note's index (SOFR and the like) read as the 3-month Treasury point; the
 *   current period's coupon is fixed at the index on its last reset (the start of the coupon
 *   period holding settlement) plus the quoted margin, and only later periods are projected at
 *   today's index.
 */
import {
  createBond,
  formatDate,
  interpolateCurve,
  parseDate,
  pricingCalls,
  type Bond,
  type Curve,
  type DayCountCode,
  type DayNumber,
  type Frequency,
  type FrnRates,
} from '@analytics/index';
import { settlementDayAfter } from './calendar';
import type { CouponType } from './market';

/** Bond terms as the API and the database carry them (ISO dates, coupon as a decimal). */
export interface StoredTerms {
  couponType: CouponType;
  coupon: number;
  frequency: number;
  dayCount: string;
  endOfMonth: boolean;
  issueDate: string;
  maturityDate: string;
  firstCouponDate: string | null;
}

/** The engine's bond for stored terms. Throws the engine's AnalyticsInputError for impossible terms. */
export function bondFromTerms(t: StoredTerms): Bond {
  const terms = {
    issueDate: parseDate(t.issueDate),
    maturityDate: parseDate(t.maturityDate),
    firstCouponDate: t.firstCouponDate ? parseDate(t.firstCouponDate) : null,
    coupon: t.couponType === 'fixed' ? t.coupon : 0,
    frequency: t.frequency as Frequency,
    dayCount: t.dayCount as DayCountCode,
    endOfMonth: t.endOfMonth,
    redemption: 100,
    zero: t.couponType === 'zero',
  };
  try {
    return createBond(terms);
  } catch {
    // An odd first coupon off the maturity grid (imported data): price on the regular grid.
    return createBond({ ...terms, firstCouponDate: null });
  }
}

const t1 = new Map<DayNumber, DayNumber>();

/** T+1: the next settlement day of the calendar after `day` (memoised: pricing asks per bond). */
export function settlementDayNumberAfter(day: DayNumber): DayNumber {
  let s = t1.get(day);
  if (s === undefined) {
    s = parseDate(settlementDayAfter(formatDate(day)));
    t1.set(day, s);
  }
  return s;
}

/** The day a price or trade on `day` settles: T+1 on the calendar, or the issue date before the bond is issued. */
export function pricingSettlementDay(issueDay: DayNumber, day: DayNumber): DayNumber {
  const s = settlementDayNumberAfter(day);
  return s < issueDay ? issueDay : s;
}

/** Calls as the engine prices them, at their exact dates; `scheduled` keeps the published date. */
export const scheduledCalls = pricingCalls;

/** The rate assumed for a floater's index: the 3-month point of the Treasury curve. */
export function indexRateProxy(curve: Curve): number {
  return interpolateCurve(curve, 0.25);
}

/**
 * The last reset of a floater settling on `settleDay`: the start of the coupon period holding
 * settlement (the issue date in the first period). Its coupon was fixed then.
 */
export function floaterLastReset(bond: Bond, settleDay: DayNumber): DayNumber {
  const dates = bond.dates;
  let reset = dates[0]!;
  for (let i = 1; i < dates.length && dates[i]! <= settleDay; i++) reset = dates[i]!;
  return reset;
}

/** The next reset after `settleDay` (the end of the current coupon period). */
export function floaterNextReset(bond: Bond, settleDay: DayNumber): DayNumber {
  for (const d of bond.dates) if (d > settleDay) return d;
  return bond.dates[bond.dates.length - 1]!;
}

/**
 * A floater's rates for the engine: the current period at the index fixed on its last reset
 * (`fixing`; today's index when the fixing is unknown, e.g. no curve that old), later periods and
 * discounting at today's index.
 */
export function floaterRates(indexToday: number, fixing: number | null, quotedMargin: number): FrnRates {
  return { indexRate: indexToday, currentIndexFixing: fixing ?? indexToday, quotedMargin };
}
