import { RowError } from './report';

/**
 * The dates of a Treasury par yield curve file as treasury.gov writes them (MM/DD/YYYY) and as a
 * spreadsheet writes them back after a desk has opened and saved the file: two-digit years
 * (12/29/23), ISO (2023-12-29, 2023/12/29), day-month-name (29-Dec-2023, 29-Dec-23), month-name
 * (Dec 29, 2023; December 29, 2023), a trailing midnight time (12/29/2023 0:00) and, from a
 * column left in General format, the spreadsheet's serial day number (45289).
 *
 * Two-digit years pivot on the data: the daily par yield curve starts in 1990, so 90–99 are the
 * 1990s and 00–89 are 2000–2089 (a spreadsheet's own 1930/2029 pivot would put "95" right but
 * could not tell a 2030s file). Slash dates are month first, as the Treasury file is: a first
 * number above 12 (13/01/2024) is a day-first date and is refused rather than guessed, as is
 * every other form (29.12.2023, 12-29-2023, …).
 */
export const CURVE_DATE_FORMS = 'MM/DD/YYYY, MM/DD/YY, YYYY-MM-DD, 29-Dec-2023 or Dec 29, 2023';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};

const MONTH_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/;
const ISO = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;
const DAY_MONTH_NAME = /^(\d{1,2})[- ]([A-Za-z]{3,9})\.?[- ](\d{4}|\d{2})$/;
const MONTH_NAME_DAY = /^([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})$/;
const SERIAL = /^\d{5}$/;
const MIDNIGHT = /[ T]0{1,2}:00(?::00)?$/;

/** First and last serial day numbers taken: 1990-01-01 and 2099-12-31 (days since 1899-12-30). */
const SERIAL_FIRST = 32874;
const SERIAL_LAST = 73415;

/** A two-digit year in the file's own century window: 90–99 → 1990s, 00–89 → 2000s. */
export function pivotYear(twoDigits: number): number {
  return twoDigits >= 90 ? 1900 + twoDigits : 2000 + twoDigits;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

function ymd(y: number, m: number, d: number, raw: string): string {
  const days = m >= 1 && m <= 12 ? new Date(Date.UTC(y, m, 0)).getUTCDate() : 0;
  if (y < 1900 || y > 2200 || d < 1 || d > days) throw new RowError(`"Date" is not a calendar date: "${raw}"`);
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

const year = (text: string) => (text.length === 2 ? pivotYear(Number(text)) : Number(text));

/** The date of a curve row as YYYY-MM-DD; a RowError naming the value and the forms read otherwise. */
export function parseCurveDate(value: string): string {
  const raw = value.trim();
  const text = raw.replace(MIDNIGHT, '');
  let m = MONTH_FIRST.exec(text);
  if (m) {
    if (Number(m[1]) > 12 && Number(m[2]) <= 12) {
      throw new RowError(`"Date" reads day first ("${raw}"); the Treasury file's dates are month first (MM/DD/YYYY)`);
    }
    return ymd(year(m[3]!), Number(m[1]), Number(m[2]), raw);
  }
  m = ISO.exec(text);
  if (m) return ymd(Number(m[1]), Number(m[2]), Number(m[3]), raw);
  m = DAY_MONTH_NAME.exec(text);
  if (m && MONTHS[m[2]!.toLowerCase()]) return ymd(year(m[3]!), MONTHS[m[2]!.toLowerCase()]!, Number(m[1]), raw);
  m = MONTH_NAME_DAY.exec(text);
  if (m && MONTHS[m[1]!.toLowerCase()]) return ymd(Number(m[3]), MONTHS[m[1]!.toLowerCase()]!, Number(m[2]), raw);
  if (SERIAL.test(text)) {
    const serial = Number(text);
    if (serial >= SERIAL_FIRST && serial <= SERIAL_LAST) {
      const d = new Date(Date.UTC(1899, 11, 30 + serial));
      return ymd(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), raw);
    }
  }
  throw new RowError(`"Date" is not a date in a form read here (${CURVE_DATE_FORMS}): "${raw}"`);
}
