/**
 * Plain calendar dates as integer day numbers (days since 1970-01-01, proleptic Gregorian).
 *
 * Why integers: bond maths only ever needs "which day", never an instant, so time zones and
 * `Date` objects are pure overhead and a source of off-by-one bugs. Integer day numbers make
 * day differences a subtraction and keep schedules as small integer arrays.
 *
 * The conversions use Howard Hinnant's branch-light civil-date algorithms.
 */
import { AnalyticsInputError } from './errors';

/** A calendar date as a day number: days since 1970-01-01. */
export type DayNumber = number;

/** Earliest and latest dates accepted from callers: anything outside is a typo, not a bond. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

/**
 * Day number of the 1st of each month from MIN_YEAR−1 to MAX_YEAR+1 (about 3,600 entries): the
 * schedule builder converts dozens of dates per bond, and a table lookup beats the arithmetic.
 */
const TABLE_FIRST_YEAR = MIN_YEAR - 1;
const TABLE_MONTHS = (MAX_YEAR - MIN_YEAR + 3) * 12;
const MONTH_START = new Int32Array(TABLE_MONTHS + 1);
for (let i = 0; i <= TABLE_MONTHS; i++) MONTH_START[i] = civilToDays(TABLE_FIRST_YEAR + Math.floor(i / 12), (i % 12) + 1, 1);

/** Day number of a civil date (month 1–12). Does not validate. */
export function fromYmd(year: number, month: number, day: number): DayNumber {
  const i = (year - TABLE_FIRST_YEAR) * 12 + month - 1;
  if (i >= 0 && i < TABLE_MONTHS) return MONTH_START[i]! + day - 1;
  return civilToDays(year, month, day);
}

/** Day number of the first day of the month with absolute index year·12 + (month − 1). */
export function monthStart(monthIndex: number): DayNumber {
  const i = monthIndex - TABLE_FIRST_YEAR * 12;
  if (i >= 0 && i < TABLE_MONTHS) return MONTH_START[i]!;
  const y = Math.floor(monthIndex / 12);
  return civilToDays(y, monthIndex - y * 12 + 1, 1);
}

function civilToDays(year: number, month: number, day: number): DayNumber {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/**
 * Civil date of a day number packed as yyyymmdd (e.g. 20240229). Packing avoids allocating an
 * object per conversion in the hot schedule and 30/360 paths.
 */
export function toPacked(dayNumber: DayNumber): number {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return y * 10000 + m * 100 + d;
}

/** Year, month (1–12) and day of a day number. */
export function toYmd(dayNumber: DayNumber): { year: number; month: number; day: number } {
  const p = toPacked(dayNumber);
  return { year: Math.floor(p / 10000), month: Math.floor(p / 100) % 100, day: p % 100 };
}

/** True for Gregorian leap years. */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Number of days in a month (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!;
}

/** True when the date is the last day of its month. */
export function isEndOfMonth(dayNumber: DayNumber): boolean {
  const p = toPacked(dayNumber);
  const y = Math.floor(p / 10000);
  const m = Math.floor(p / 100) % 100;
  return p % 100 === daysInMonth(y, m);
}

/**
 * Adds calendar months, clipping the day to the target month's length (Jan 31 + 1M = Feb 28/29).
 * With `endOfMonth` and a month-end start date the result is the target month's last day, which
 * is the Treasury end-of-month rule (Feb 28 + 6M = Aug 31).
 */
export function addMonths(dayNumber: DayNumber, months: number, endOfMonth = false): DayNumber {
  const p = toPacked(dayNumber);
  const y = Math.floor(p / 10000);
  const m = Math.floor(p / 100) % 100;
  const d = p % 100;
  const total = y * 12 + (m - 1) + months;
  const ny = Math.floor(total / 12);
  const nm = total - ny * 12 + 1;
  const dim = daysInMonth(ny, nm);
  const atMonthEnd = endOfMonth && d === daysInMonth(y, m);
  return fromYmd(ny, nm, atMonthEnd || d > dim ? dim : d);
}

/** Decimal value of `count` ASCII digits at `start`, or -1 if any is not a digit. */
function digits(text: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    value = value * 10 + c;
  }
  return value;
}

/**
 * Parses a strict 'YYYY-MM-DD' calendar date. Throws {@link AnalyticsInputError} naming `field`
 * for anything else (wrong shape, month 13, 30 February, years outside 1900–2200).
 */
export function parseDate(text: unknown, field = 'date'): DayNumber {
  if (typeof text !== 'string') throw new AnalyticsInputError(field, `expected a 'YYYY-MM-DD' date, got ${describe(text)}`);
  // Character codes rather than a regex: this runs three or more times per CLI line.
  const year = text.length === 10 && text.charCodeAt(4) === 45 && text.charCodeAt(7) === 45 ? digits(text, 0, 4) : -1;
  const month = year >= 0 ? digits(text, 5, 2) : -1;
  const day = month >= 0 ? digits(text, 8, 2) : -1;
  if (day < 0) throw new AnalyticsInputError(field, `malformed date '${clip(text)}', expected 'YYYY-MM-DD'`);
  if (year < MIN_YEAR || year > MAX_YEAR) throw new AnalyticsInputError(field, `year ${year} outside ${MIN_YEAR}–${MAX_YEAR}`);
  if (month < 1 || month > 12) throw new AnalyticsInputError(field, `invalid month in '${text}'`);
  if (day < 1 || day > daysInMonth(year, month)) throw new AnalyticsInputError(field, `invalid day in '${text}'`);
  return fromYmd(year, month, day);
}

/**
 * Formatted dates, filled lazily: bonds share coupon dates, so formatting cash flows for a whole
 * universe formats each distinct date once. Bounded by the supported year range.
 */
const FORMAT_BASE = MONTH_START[0]!;
const formatCache: (string | undefined)[] = [];

/** Formats a day number as 'YYYY-MM-DD'. */
export function formatDate(dayNumber: DayNumber): string {
  const i = dayNumber - FORMAT_BASE;
  if (i >= 0 && i < MONTH_START[TABLE_MONTHS]! - FORMAT_BASE) {
    const hit = formatCache[i];
    if (hit !== undefined) return hit;
    return (formatCache[i] = formatUncached(dayNumber));
  }
  return formatUncached(dayNumber);
}

function formatUncached(dayNumber: DayNumber): string {
  const p = toPacked(dayNumber);
  const y = Math.floor(p / 10000);
  const m = Math.floor(p / 100) % 100;
  const d = p % 100;
  return `${y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

/** Short, single-line description of an unexpected value for error messages. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `'${clip(value)}'`;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : typeof value;
}

function clip(s: string): string {
  const one = s.replace(/[\r\n]+/g, ' ');
  return one.length > 40 ? `${one.slice(0, 40)}…` : one;
}
