/**
 * EDGAR's daily form index, `Archives/edgar/daily-index/{yyyy}/QTR{q}/form.{yyyymmdd}.idx`: a few
 * header lines ("Description: Daily Index of EDGAR Dissemination Feed by Form Type", "Last Data
 * Received: …"), the column titles (Form Type, Company Name, CIK, Date Filed, File Name — wrapped
 * over two lines, their offsets not those of the data), a rule of dashes, then one fixed-width row
 * per filing and entity, sorted by form type:
 *
 *   FWP              JPMORGAN CHASE & CO                                           19617       20240102    edgar/data/19617/0001213900-24-000123.txt
 *
 * A filing with a subject company and a different filer is listed once for each, under the same
 * accession number. Rows are read from the right (file name, date, CIK), since company names hold
 * runs of spaces and form types hold single spaces ("SCHEDULE 13D").
 */

export interface DailyIndexRow {
  formType: string;
  companyName: string;
  cik: string;
  /** ISO date the filing was filed. */
  dateFiled: string;
  /** As written: `edgar/data/19617/0001213900-24-000123.txt`. */
  fileName: string;
  /** `0001213900-24-000123`. */
  accessionNumber: string;
}

/** The index cannot be read as the daily form index (wrong file, cut off, a changed layout). */
export class DailyIndexError extends Error {
  override name = 'DailyIndexError';
}

const ROW = /^(\S.*?)\s{2,}(\S.*?)\s+(\d{1,10})\s+(\d{8})\s+(edgar\/data\/\d{1,10}\/(\d{10}-\d{2}-\d{6})\.txt)\s*$/;

/** The daily index's path under the EDGAR base URL for a date. */
export function dailyIndexPath(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return `/Archives/edgar/daily-index/${year}/QTR${Math.ceil(month / 3)}/form.${day.replace(/-/g, '')}.idx`;
}

/** Reads every row of a daily form index; throws DailyIndexError naming the line that is wrong. */
export function parseDailyIndex(text: string, day: string): DailyIndexRow[] {
  if (!/^\s*Description:\s+Daily Index of EDGAR/i.test(text))
    throw new DailyIndexError(`the daily index of ${day} does not start as EDGAR's do ("Description: Daily Index of EDGAR …")`);
  if (text.length > 0 && !text.endsWith('\n'))
    throw new DailyIndexError(`the daily index of ${day} ends in the middle of a line: it was cut off`);
  const lines = text.split(/\r?\n/);
  const rule = lines.findIndex((line) => /^-{20,}\s*$/.test(line));
  if (rule < 0) throw new DailyIndexError(`the daily index of ${day} has no line of dashes under its column titles`);
  const titles = lines.slice(0, rule).join(' ');
  for (const title of ['Form Type', 'Company Name', 'CIK', 'Date Filed', 'File Name'])
    if (!titles.includes(title)) throw new DailyIndexError(`the daily index of ${day} has no "${title}" column`);
  const rows: DailyIndexRow[] = [];
  for (let i = rule + 1; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const match = ROW.exec(line);
    if (!match)
      throw new DailyIndexError(`line ${i + 1} of the daily index of ${day} is not a filing row: ${JSON.stringify(line.slice(0, 120))}`);
    const filed = match[4]!;
    rows.push({
      formType: match[1]!.trim(),
      companyName: match[2]!.trim(),
      cik: match[3]!,
      dateFiled: `${filed.slice(0, 4)}-${filed.slice(4, 6)}-${filed.slice(6, 8)}`,
      fileName: match[5]!,
      accessionNumber: match[6]!,
    });
  }
  return rows;
}

/**
 * The FWP filings of an index, one per accession number (the subject company's row first, as the
 * index lists it), in the index's order.
 */
export function fwpFilings(rows: readonly DailyIndexRow[]): DailyIndexRow[] {
  const seen = new Set<string>();
  return rows.filter((r) => r.formType === 'FWP' && !seen.has(r.accessionNumber) && seen.add(r.accessionNumber));
}
