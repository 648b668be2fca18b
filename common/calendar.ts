/**
 * The one US bond-market calendar (SIFMA's recommendations for U.S. dollar fixed income) and New
 * York market hours, on ISO date strings (YYYY-MM-DD) — the form the database stores. The
 * simulator, evaluated pricing, price history, closes, volume averages, settlement dates and the
 * screens all ask this module which days the market trades.
 *
 * - A **full close** is a day without trading: no trades, no end-of-day prices, no closes, and it
 *   does not count in volume averages.
 * - An **early close** is a trading day that ends at 14:00 New York time (12:00 on a Good Friday
 *   that SIFMA keeps open for the employment report). It is a business day.
 * - A **settlement day** is a business day that SIFMA treats as good for settlement: Good Friday
 *   is never one, even in the years its trading stays open until noon.
 */

const DAY_MS = 86_400_000;

/** Regular close of the US bond market, hours after midnight New York time. */
export const REGULAR_CLOSE_HOUR = 17;
/** SIFMA's early close, hours after midnight New York time. */
export const EARLY_CLOSE_HOUR = 14;
/** SIFMA's Good Friday close in the years the employment report is published that morning. */
const GOOD_FRIDAY_EARLY_CLOSE_HOUR = 12;

/**
 * Years SIFMA recommended trading on Good Friday until noon instead of a full close, because the
 * Bureau of Labor Statistics published the employment report that morning. SIFMA decides it per
 * year (press releases of 2012, 2015, 2021, 2026); add a year when SIFMA announces it.
 */
const GOOD_FRIDAY_OPEN_YEARS: ReadonlySet<number> = new Set([2010, 2012, 2015, 2021, 2026]);

/** One-off early closes SIFMA recommended outside the yearly rules. */
const SPECIAL_EARLY_CLOSES: ReadonlyMap<string, { hour: number; name: string }> = new Map([
  ['2025-01-09', { hour: EARLY_CLOSE_HOUR, name: 'National Day of Mourning for President Carter' }],
]);

/** ISO date of a UTC Date. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Milliseconds since the epoch of an ISO day at 00:00 UTC. */
export function dayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** Adds calendar days to an ISO date (negative for before). */
export function addDays(iso: string, days: number): string {
  return isoDate(new Date(dayStartMs(iso) + days * DAY_MS));
}

/** Day of week, 0 = Sunday. */
export function weekdayOf(iso: string): number {
  return new Date(dayStartMs(iso)).getUTCDay();
}

function ymd(y: number, m: number, d: number): string {
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The n-th (1-based; -1 = last) given weekday of a month. */
function nthWeekday(y: number, m: number, dow: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
    return ymd(y, m, 1 + ((dow - first + 7) % 7) + 7 * (n - 1));
  }
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const last = new Date(Date.UTC(y, m - 1, lastDay)).getUTCDay();
  return ymd(y, m, lastDay - ((last - dow + 7) % 7));
}

/** Easter Sunday (anonymous Gregorian algorithm). */
function easter(y: number): string {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(y, month, day);
}

/** A fixed-date holiday moved to Friday when it falls on a Saturday, to Monday on a Sunday. */
function observed(iso: string): string {
  const dow = weekdayOf(iso);
  return dow === 6 ? addDays(iso, -1) : dow === 0 ? addDays(iso, 1) : iso;
}

/** The Good Friday of a year. */
export function goodFriday(year: number): string {
  return addDays(easter(year), -2);
}

interface YearCalendar {
  /** Full closes of the year, by day, with the holiday's name. */
  closures: Map<string, string>;
  /** Early closes of the year, by day, with the closing hour and the reason. */
  earlyCloses: Map<string, { hour: number; name: string }>;
}

const yearCache = new Map<number, YearCalendar>();

function yearCalendar(y: number): YearCalendar {
  const cached = yearCache.get(y);
  if (cached) return cached;
  const closures = new Map<string, string>();
  const newYear = ymd(y, 1, 1);
  // SIFMA does not move New Year's Day to the previous Friday (that Friday is the last day of the
  // year before); on a Saturday it is simply not observed.
  if (weekdayOf(newYear) !== 6) closures.set(observed(newYear), "New Year's Day");
  closures.set(nthWeekday(y, 1, 1, 3), 'Martin Luther King Jr. Day');
  closures.set(nthWeekday(y, 2, 1, 3), "Washington's Birthday");
  if (!GOOD_FRIDAY_OPEN_YEARS.has(y)) closures.set(goodFriday(y), 'Good Friday');
  closures.set(nthWeekday(y, 5, 1, -1), 'Memorial Day');
  if (y >= 2022) closures.set(observed(ymd(y, 6, 19)), 'Juneteenth National Independence Day');
  closures.set(observed(ymd(y, 7, 4)), 'Independence Day');
  closures.set(nthWeekday(y, 9, 1, 1), 'Labor Day');
  closures.set(nthWeekday(y, 10, 1, 2), 'Columbus Day');
  closures.set(observed(ymd(y, 11, 11)), 'Veterans Day');
  const thanksgiving = nthWeekday(y, 11, 4, 4);
  closures.set(thanksgiving, 'Thanksgiving Day');
  closures.set(observed(ymd(y, 12, 25)), 'Christmas Day');

  const earlyCloses = new Map<string, { hour: number; name: string }>();
  const early = (day: string, name: string, hour = EARLY_CLOSE_HOUR) => {
    // The trading day before a holiday: step back over weekends and other closures.
    let d = day;
    while (weekdayOf(d) === 0 || weekdayOf(d) === 6 || closures.has(d)) d = addDays(d, -1);
    if (d.startsWith(String(y))) earlyCloses.set(d, { hour, name });
  };
  const gf = goodFriday(y);
  if (GOOD_FRIDAY_OPEN_YEARS.has(y)) earlyCloses.set(gf, { hour: GOOD_FRIDAY_EARLY_CLOSE_HOUR, name: 'Good Friday' });
  else early(addDays(gf, -1), 'Before Good Friday');
  early(addDays(nthWeekday(y, 5, 1, -1), -1), 'Before Memorial Day');
  early(addDays(observed(ymd(y, 7, 4)), -1), 'Before Independence Day');
  earlyCloses.set(addDays(thanksgiving, 1), { hour: EARLY_CLOSE_HOUR, name: 'After Thanksgiving' });
  early(addDays(observed(ymd(y, 12, 25)), -1), 'Christmas Eve');
  early(ymd(y, 12, 31), "New Year's Eve");
  for (const [day, close] of SPECIAL_EARLY_CLOSES) if (day.startsWith(String(y))) earlyCloses.set(day, close);

  const calendar = { closures, earlyCloses };
  yearCache.set(y, calendar);
  return calendar;
}

/** The full market closes of a year (weekends aside), oldest first, with each holiday's name. */
export function marketClosures(year: number): { day: string; name: string }[] {
  return [...yearCalendar(year).closures].map(([day, name]) => ({ day, name })).sort((a, b) => a.day.localeCompare(b.day));
}

/** The early closes of a year, oldest first. */
export function earlyCloses(year: number): { day: string; hour: number; name: string }[] {
  return [...yearCalendar(year).earlyCloses].map(([day, c]) => ({ day, ...c })).sort((a, b) => a.day.localeCompare(b.day));
}

/** True on weekdays the bond market trades (early closes included). */
export function isBusinessDay(iso: string): boolean {
  const dow = weekdayOf(iso);
  if (dow === 0 || dow === 6) return false;
  return !yearCalendar(Number(iso.slice(0, 4))).closures.has(iso);
}

/** True on business days that are good for settlement (a Good Friday kept open is not). */
export function isSettlementDay(iso: string): boolean {
  return isBusinessDay(iso) && iso !== goodFriday(Number(iso.slice(0, 4)));
}

/** The hour (New York time) the market closes on a business day: 17, or earlier on an early close. */
export function closeHourOf(iso: string): number {
  return yearCalendar(Number(iso.slice(0, 4))).earlyCloses.get(iso)?.hour ?? REGULAR_CLOSE_HOUR;
}

/** The business day on or before a date. */
export function businessDayOnOrBefore(iso: string): string {
  let d = iso;
  while (!isBusinessDay(d)) d = addDays(d, -1);
  return d;
}

/** The business day before a date. */
export function previousBusinessDay(iso: string): string {
  return businessDayOnOrBefore(addDays(iso, -1));
}

/**
 * The business day a market event of `iso` counts on: the day itself when it is one, else the next
 * (a deal priced on a Saturday or a holiday is a deal of the next business day, in the calculator,
 * the sheets, the deal pages and the volume figures alike).
 */
export function businessDayOnOrAfter(iso: string): string {
  return isBusinessDay(iso) ? iso : nextBusinessDay(iso);
}

/** The next business day after a date. */
export function nextBusinessDay(iso: string): string {
  let d = addDays(iso, 1);
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

/** The settlement date of a trade on `tradeDay` (T+1 since 28 May 2024): the next settlement day. */
export function settlementDayAfter(tradeDay: string, businessDaysLater = 1): string {
  let d = tradeDay;
  for (let n = 0; n < businessDaysLater;) {
    d = addDays(d, 1);
    if (isSettlementDay(d)) n++;
  }
  return d;
}

/** Every business day from `from` to `to` inclusive, oldest first. */
export function businessDaysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (isBusinessDay(d)) out.push(d);
  return out;
}

/** The `count` business days ending on `end` (inclusive if it is one), oldest first. */
export function businessDaysEnding(end: string, count: number): string[] {
  const days: string[] = [];
  let d = businessDayOnOrBefore(end);
  while (days.length < count) {
    days.push(d);
    d = previousBusinessDay(d);
  }
  return days.reverse();
}

/** The first `count` business days from `start` (inclusive if it is one), oldest first. */
export function businessDaysFrom(start: string, count: number): string[] {
  const days: string[] = [];
  let d = isBusinessDay(start) ? start : nextBusinessDay(start);
  while (days.length < count) {
    days.push(d);
    d = nextBusinessDay(d);
  }
  return days;
}

/** Offset of New York from UTC in hours on a date (-4 in daylight saving time, else -5). */
export function newYorkOffsetHours(iso: string): number {
  const y = Number(iso.slice(0, 4));
  const start = nthWeekday(y, 3, 0, 2); // second Sunday of March
  const end = nthWeekday(y, 11, 0, 1); // first Sunday of November
  return iso >= start && iso < end ? -4 : -5;
}

/** The UTC instant of a New York wall-clock time (hours as a fraction, e.g. 9.5 = 09:30). */
export function newYorkTime(iso: string, hours: number): Date {
  return new Date(dayStartMs(iso) + (hours - newYorkOffsetHours(iso)) * 3_600_000);
}

/** Years between two ISO dates (fractional, ACT/365.25). */
export function yearsBetween(from: string, to: string): number {
  return (dayStartMs(to) - dayStartMs(from)) / (365.25 * DAY_MS);
}

/**
 * The instant a day's closing figures are stamped with: its last millisecond (UTC). Evaluated
 * closes carry it, so a figure stamped so is known to be a close, not a live one.
 */
export function closeInstant(day: string): Date {
  return new Date(dayStartMs(day) + DAY_MS - 1);
}

/** The day whose close `instant` is, or null for any other instant. */
export function closeDayOf(instant: Date): string | null {
  const day = isoDate(instant);
  return closeInstant(day).getTime() === instant.getTime() ? day : null;
}

/** Today's date in New York (ISO). */
export function newYorkToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
