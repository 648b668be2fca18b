/**
 * The Treasury's daily par yield curve file for one year, as home.treasury.gov publishes it
 * ("Daily Treasury Par Yield Curve Rates", CSV export of the interest-rate data pages):
 *
 *   GET /resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv/2024/all
 *       ?type=daily_treasury_yield_curve&field_tdr_date_value=2024&page&_format=csv
 *
 *   Date,"1 Mo","2 Mo","3 Mo","4 Mo","6 Mo","1 Yr","2 Yr","3 Yr","5 Yr","7 Yr","10 Yr","20 Yr","30 Yr"
 *   12/31/2024,4.40,4.39,4.37,4.32,4.24,4.16,4.25,4.27,4.38,4.48,4.58,4.86,4.78
 *   …
 *
 * Newest day first, yields in percent, a tenor column only in the years it was published ("1.5
 * Month" from February 2025). The importer (importers/treasury.ts) reads the file itself; this
 * module only picks the days the product does not have yet, so a file read again adds nothing.
 */

export const YIELD_CURVE_DATASET = 'daily_treasury_yield_curve';

/** The year's file, under the Treasury base URL. */
export function yieldCurvePath(year: number): string {
  return (
    `/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv/${year}/all` +
    `?type=${YIELD_CURVE_DATASET}&field_tdr_date_value=${year}&page&_format=csv`
  );
}

/** The file is not the par yield curve CSV (an error page, another dataset, nothing). */
export class YieldCurveFileError extends Error {
  override name = 'YieldCurveFileError';
}

export interface NewDays {
  /** The header and the rows of days after `after`, as CSV the importer reads; empty when none. */
  csv: string;
  days: number;
  /** The newest day among them. */
  lastDay: string | null;
}

/** A row's date as the Treasury writes it (MM/DD/YYYY; older archives MM/DD/YY; ISO), or null. */
function isoDay(cell: string): string | null {
  const text = cell.trim().replace(/^"|"$/g, '');
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return text;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(text);
  if (!us) return null;
  const year = us[3]!.length === 2 ? 2000 + Number(us[3]) : Number(us[3]);
  return `${year}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
}

/**
 * The rows of the year's file dated after `after` (all of them when null), with the header. A
 * row whose date cannot be read is kept, so the importer refuses the file naming its line.
 */
export function newDays(text: string, year: number, after: string | null): NewDays {
  if (text.trim() === '') throw new YieldCurveFileError(`the Treasury's ${year} yield curve file is empty (not even its header line)`);
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerAt = lines.findIndex((line) => line.trim() !== '');
  const header = lines[headerAt]!;
  if (!/^"?Date"?\s*,/i.test(header))
    throw new YieldCurveFileError(
      `the Treasury's ${year} yield curve file is not the par yield curve CSV: its first line is ${JSON.stringify(header.slice(0, 80))}, not "Date,\\"1 Mo\\",…"`,
    );
  const kept: string[] = [];
  let lastDay: string | null = null;
  for (const line of lines.slice(headerAt + 1)) {
    if (line.trim() === '') continue;
    const day = isoDay(line.slice(0, line.indexOf(',') < 0 ? line.length : line.indexOf(',')));
    if (day !== null && after !== null && day <= after) continue;
    kept.push(line);
    if (day !== null && (lastDay === null || day > lastDay)) lastDay = day;
  }
  if (kept.length === 0) return { csv: '', days: 0, lastDay: null };
  return { csv: `${header}\n${kept.join('\n')}\n`, days: kept.length, lastDay };
}
