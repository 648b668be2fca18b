/**
 * THE CSV writer (server exports and browser downloads): RFC 4180 quoting, CRLF line ends, and
 * the OWASP defence against formula injection. A text cell beginning with `=`, `+`, `-`, `@`, a
 * tab or a carriage return would be run as a formula by a spreadsheet (`=HYPERLINK(...)` in an
 * issuer name, say); such text gets a leading single quote, which spreadsheets show as text.
 * Numbers are written as numbers, a negative one included: `-0.25` is data, not a formula, and
 * only strings can carry a formula. Missing values are empty cells.
 */

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell's text. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) || text.startsWith("'") ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record: cells joined by commas, ended by CRLF. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A whole document: a header row, then the rows. */
export function csvDocument(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  return csvLine(header) + rows.map(csvLine).join('');
}
