/**
 * Business-day calendar (SIFMA-style US bond market holidays) and New York market hours, on ISO
 * date strings (YYYY-MM-DD) — the form the database stores.
 */

const DAY_MS = 86_400_000;

/** ISO date of a UTC Date. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Adds calendar days to an ISO date. */
export function addDays(iso: string, days: number): string {
  return isoDate(new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS));
}

/** Day of week, 0 = Sunday. */
function weekday(iso: string): number {
  return new Date(`${iso}T00:00:00Z`).getUTCDay();
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

/** A fixed-date holiday moved to Friday/Monday when it falls on a weekend. */
function observed(iso: string): string {
  const dow = weekday(iso);
  return dow === 6 ? addDays(iso, -1) : dow === 0 ? addDays(iso, 1) : iso;
}

const holidayCache = new Map<number, Set<string>>();

/** US bond-market holidays of a year. */
export function holidays(y: number): Set<string> {
  let set = holidayCache.get(y);
  if (set) return set;
  set = new Set([
    observed(ymd(y, 1, 1)),
    nthWeekday(y, 1, 1, 3), // Martin Luther King Jr. Day
    nthWeekday(y, 2, 1, 3), // Washington's Birthday
    addDays(easter(y), -2), // Good Friday
    nthWeekday(y, 5, 1, -1), // Memorial Day
    observed(ymd(y, 6, 19)),
    observed(ymd(y, 7, 4)),
    nthWeekday(y, 9, 1, 1), // Labor Day
    nthWeekday(y, 10, 1, 2), // Columbus Day
    observed(ymd(y, 11, 11)),
    nthWeekday(y, 11, 4, 4), // Thanksgiving
    observed(ymd(y, 12, 25)),
  ]);
  holidayCache.set(y, set);
  return set;
}

/** True on weekdays that are not bond-market holidays. */
export function isBusinessDay(iso: string): boolean {
  const dow = weekday(iso);
  if (dow === 0 || dow === 6) return false;
  return !holidays(Number(iso.slice(0, 4))).has(iso);
}

/** The business day on or before a date. */
export function businessDayOnOrBefore(iso: string): string {
  let d = iso;
  while (!isBusinessDay(d)) d = addDays(d, -1);
  return d;
}

/** The next business day after a date. */
export function nextBusinessDay(iso: string): string {
  let d = addDays(iso, 1);
  while (!isBusinessDay(d)) d = addDays(d, 1);
  return d;
}

/** The `count` business days ending on `end` (inclusive if it is one), oldest first. */
export function businessDaysEnding(end: string, count: number): string[] {
  const days: string[] = [];
  let d = businessDayOnOrBefore(end);
  while (days.length < count) {
    days.push(d);
    d = businessDayOnOrBefore(addDays(d, -1));
  }
  return days.reverse();
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
  return new Date(Date.parse(`${iso}T00:00:00Z`) + (hours - newYorkOffsetHours(iso)) * 3_600_000);
}

/** Whole years between two ISO dates (fractional, ACT/365.25). */
export function yearsBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (365.25 * DAY_MS);
}

/** Today's date in New York (ISO). */
export function newYorkToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
