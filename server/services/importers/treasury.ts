import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { recordEvents } from '../events';
import type { ImporterResult, ImportContext } from './driver';
import { isBlankRecord, normalizeHeader } from './lines';
import { HeaderError, RowError } from './report';
import { readInBatches } from './rowBatches';
import { readTreasuryRecords, type TenorColumn, type TreasuryRecordSpec } from './rowParsers';
import { readRowsOnThread } from '../../workers/parsing';
import { rowVersionStamp } from '../../db/rowVersion';

export type { TenorColumn };

const TENOR_HEADER = /^(\d+(?:\.\d+)?)\s*(mo|mos|month|months|wk|wks|week|weeks|yr|yrs|year|years)$/i;

/** Reads a tenor header the way treasury.gov writes them (old and new spellings); null otherwise. */
export function parseTenorHeader(header: string, index: number): TenorColumn | null {
  const text = header.trim().replace(/^"|"$/g, '').trim();
  const match = TENOR_HEADER.exec(text);
  if (!match) return null;
  const n = Number(match[1]);
  const unit = match[2]!.toLowerCase();
  if (unit.startsWith('w')) return { index, header: text, tenor: `${n}W`, years: Math.round((n / 52) * 1e5) / 1e5 };
  if (unit.startsWith('m')) return { index, header: text, tenor: `${n}M`, years: Math.round((n / 12) * 1e5) / 1e5 };
  return { index, header: text, tenor: `${n}Y`, years: n };
}

const BATCH_DATES = 500;

/**
 * Imports the US Treasury daily par yield curve CSV (`Date,"1 Mo",…,"30 Yr"`, dates MM/DD/YYYY
 * or as a spreadsheet re-saves them — see treasuryDates.ts — yields in percent). Columns are matched by name in any order; tenors published only in some
 * years (6 Wk, 1.5 Month, 4 Mo, 20 Yr) are taken when present; a blank or N/A cell means the
 * tenor was not published that day and is skipped. Points are upserted by (date, tenor), yields
 * stored as decimals.
 */
export async function importTreasury(trx: Kysely<Database>, ctx: ImportContext): Promise<ImporterResult> {
  const { tracker } = ctx;
  const header = await ctx.readHeaderRecord();
  const dateIndex = header.findIndex((h) => normalizeHeader(h) === 'date');
  const tenors: TenorColumn[] = [];
  const unknown: string[] = [];
  header.forEach((h, i) => {
    if (i === dateIndex || h.trim() === '') return;
    const tenor = parseTenorHeader(h, i);
    if (tenor) tenors.push(tenor);
    else unknown.push(`"${h.trim()}"`);
  });
  const problems = [
    dateIndex < 0 && 'missing required column "Date"',
    tenors.length === 0 && 'no tenor columns (like "1 Mo", "2 Yr", "30 Yr")',
    unknown.length > 0 &&
      `unknown column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')} (expected "Date" and tenor columns like "1 Mo" or "10 Yr")`,
  ].filter(Boolean);
  if (problems.length > 0) throw new HeaderError(`not a Treasury par yield curve file: ${problems.join('; ')}`);

  // Keyed by date|tenor so a date repeated in a batch is written once (the later row wins).
  let batch = new Map<string, { date: string; tenor: string; years: number; yield: number }>();
  let writing = true;
  let points = 0;
  let firstDate: string | null = null;
  let lastDate: string | null = null;
  const flush = async () => {
    if (batch.size === 0) return;
    const rows = [...batch.values()];
    await sql`insert into treasury_curve_points (curve_date, tenor, years, yield)
      select * from unnest(${rows.map((r) => r.date)}::date[], ${rows.map((r) => r.tenor)}::text[],
        ${rows.map((r) => r.years)}::numeric[], ${rows.map((r) => r.yield)}::numeric[])
      on conflict (curve_date, tenor) do update set years = excluded.years, yield = excluded.yield, updated_at = ${rowVersionStamp}`.execute(
      trx,
    );
    points += rows.length;
    batch = new Map();
  };

  const spec: TreasuryRecordSpec = { headerLength: header.length, dateIndex, tenors };
  const rows = readInBatches(
    ctx.records,
    (record) => isBlankRecord(record.fields),
    (records, onThread) => (onThread ? readRowsOnThread('treasuryRecords', records, spec) : readTreasuryRecords(records, spec)),
    () => ctx.rowsOnThread(),
  );
  for await (const { item, parsed } of rows) {
    const { number } = item;
    tracker.row();
    try {
      if (!parsed.ok) throw new RowError(parsed.error);
      const { date, values } = parsed.value;
      if (!writing) continue;
      for (const { tenor, years, pct } of values) {
        batch.set(`${date}|${tenor}`, { date, tenor, years, yield: Math.round(pct * 1e5) / 1e7 });
      }
      if (!firstDate || date < firstDate) firstDate = date;
      if (!lastDate || date > lastDate) lastDate = date;
      tracker.rowsImported += 1;
      if (batch.size >= BATCH_DATES * tenors.length) await flush();
    } catch (err) {
      if (ctx.rejectRow(number, err)) {
        writing = false;
        batch.clear();
      }
    }
  }
  if (!writing) return { details: {} };
  await flush();
  const details = { points, tenors: tenors.map((t) => t.tenor), firstDate, lastDate };
  if (points > 0) await recordEvents(trx, [{ type: 'curves.imported', payload: { source: 'treasury-par-yield-curve', ...details } }]);
  return { details };
}
