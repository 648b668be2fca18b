import type { BondColumn, BondRecord } from './bondFormat';
import { parseBondRow } from './bondFormat';
import type { ColumnIndex } from './columns';
import type { CsvRecord, NumberedLine } from './lines';
import { RowError } from './report';
import { parseTraceRow, type TraceColumn, type TraceRecord } from './traceFormat';
import { parseCurveDate } from './treasuryDates';
import { parseNumber } from './values';

/**
 * The importers' row reading — pure text to values, no database — in batches, so that the same
 * code runs where the import runs or, for a large upload, on the parsing thread
 * (server/workers/parseTasks.ts; issue 33). A row the format refuses comes back as its RowError's
 * sentence; anything else (a bug) is thrown.
 */
export type ParsedRow<T> = { ok: true; value: T } | { ok: false; error: string };

function each<In, T>(rows: In[], read: (row: In) => T): ParsedRow<T>[] {
  return rows.map((row) => {
    try {
      return { ok: true, value: read(row) };
    } catch (err) {
      if (err instanceof RowError) return { ok: false, error: err.message };
      throw err;
    }
  });
}

/** What reading a TRACE line needs from its header. */
export interface TraceLineSpec {
  headerLength: number;
  col: ColumnIndex<TraceColumn>;
  contraIds: boolean;
}

/** Reads one pipe-delimited TRACE line (not blank) against its header. */
export function readTraceLine(text: string, spec: TraceLineSpec): TraceRecord {
  const fields = text.split('|');
  if (fields.length < spec.headerLength) throw new RowError(`truncated line: ${fields.length} of ${spec.headerLength} fields`);
  if (fields.length > spec.headerLength && fields.slice(spec.headerLength).some((f) => f.trim() !== '')) {
    throw new RowError(`${fields.length} fields where the header has ${spec.headerLength}`);
  }
  return parseTraceRow(fields, spec.col, spec.contraIds);
}

export const readTraceLines = (lines: NumberedLine[], spec: TraceLineSpec): ParsedRow<TraceRecord>[] =>
  each(lines, (line) => readTraceLine(line.text, spec));

/** What reading a bond reference record needs from its header. */
export interface BondRecordSpec {
  headerLength: number;
  col: ColumnIndex<BondColumn>;
}

export const readBondRecords = (records: CsvRecord[], spec: BondRecordSpec): ParsedRow<BondRecord>[] =>
  each(records, ({ fields }) => {
    if (fields.length < spec.headerLength) throw new RowError(`truncated line: ${fields.length} of ${spec.headerLength} fields`);
    return parseBondRow(fields, spec.col);
  });

/** A tenor column of the Treasury par yield curve file, e.g. "1 Mo" → 1M, "6 Wk" → 6W, "10 Yr" → 10Y. */
export interface TenorColumn {
  index: number;
  header: string;
  tenor: string;
  years: number;
}

/** What reading a Treasury curve record needs from its header. */
export interface TreasuryRecordSpec {
  headerLength: number;
  dateIndex: number;
  tenors: TenorColumn[];
}

/** One day of the curve: its date and the yields (percent) of the tenors published that day. */
export interface TreasuryDay {
  date: string;
  values: { tenor: string; years: number; pct: number }[];
}

export const readTreasuryRecords = (records: CsvRecord[], spec: TreasuryRecordSpec): ParsedRow<TreasuryDay>[] =>
  each(records, ({ fields }) => {
    if (fields.length < spec.headerLength) throw new RowError(`truncated line: ${fields.length} of ${spec.headerLength} fields`);
    const date = parseCurveDate(fields[spec.dateIndex]!);
    const values: TreasuryDay['values'] = [];
    for (const tenor of spec.tenors) {
      const cell = fields[tenor.index]!.trim();
      if (cell === '' || /^n\/?a$/i.test(cell)) continue;
      const pct = parseNumber(cell, tenor.header);
      if (pct < -5 || pct > 50) throw new RowError(`"${tenor.header}" is not a yield in percent: "${cell}"`);
      values.push({ tenor: tenor.tenor, years: tenor.years, pct });
    }
    if (values.length === 0) throw new RowError(`no yields on ${date}: every tenor cell is blank`);
    return { date, values };
  });

/** The row readers by name: what the parsing thread serves and what runs in place. */
export const ROW_READERS = {
  traceLines: readTraceLines,
  bondRecords: readBondRecords,
  treasuryRecords: readTreasuryRecords,
};
export type RowReaders = typeof ROW_READERS;
