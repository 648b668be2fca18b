import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/testDatabase';
import type { ImportKind, ImportReport } from './report';
import { importSample, importText, prepareReference, samplePath, tableCounts } from './testing';

const lines = (name: string) => readFileSync(samplePath(name), 'utf8').trimEnd().split('\n');

/** Replaces the n-th field (0-based) of a 1-based file line. */
function withField(file: string[], line: number, field: number, value: string, sep: string): string[] {
  const copy = [...file];
  const fields = copy[line - 1]!.split(sep);
  fields[field] = value;
  copy[line - 1] = fields.join(sep);
  return copy;
}

describe('bad files change nothing, and the report names the line and the reason', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await prepareReference(database.db);
    // Half the bonds are loaded, so a TRACE file has something to change.
    await importText(database.db, 'bonds', lines('bonds.csv').slice(0, 11).join('\n'));
  });
  afterAll(() => database.close());

  /** Imports a file that must be refused, proving with row counts that no table changed. */
  async function refused(kind: ImportKind, file: string[]): Promise<ImportReport> {
    const before = await tableCounts(database.db);
    const report = await importText(database.db, kind, `${file.join('\n')}\n`);
    expect(report.committed).toBe(false);
    expect(report.rowsImported).toBe(0);
    expect(await tableCounts(database.db)).toEqual(before);
    return report;
  }

  describe('Treasury par yield curve', () => {
    const curve = lines('treasury-par-yield-curve.csv');

    it('wrong columns: an unknown column refuses the file at the header, naming it', async () => {
      const report = await refused('treasury', [curve[0]!.replace('"7 Yr"', '"7 Years Ago"'), ...curve.slice(1)]);
      expect(report.error).toBe(
        'not a Treasury par yield curve file: unknown column "7 Years Ago" (expected "Date" and tenor columns like "1 Mo" or "10 Yr")',
      );
      expect(report.rejected).toEqual([{ line: 1, reason: report.error }]);
    });

    it('missing columns: no Date column', async () => {
      const report = await refused('treasury', [curve[0]!.replace('Date', 'Day'), ...curve.slice(1)]);
      expect(report.error).toMatch(/missing required column "Date"/);
    });

    it('a bad date', async () => {
      const report = await refused('treasury', withField(curve, 6, 0, '2024-13-45', ','));
      expect(report.rejected).toEqual([{ line: 6, reason: '"Date" is not a calendar date: "2024-13-45"' }]);
      expect(report).toMatchObject({ rowsRead: 20, rowsRejected: 1 });
    });

    it('a truncated line and a yield that is not a number', async () => {
      const file = withField(curve, 9, 4, 'n.a.', ',');
      file[14] = file[14]!.slice(0, 30);
      const report = await refused('treasury', file);
      expect(report.rejected).toEqual([
        { line: 9, reason: '"3 Mo" is not a number: "n.a."' },
        { line: 15, reason: 'truncated line: 5 of 15 fields' },
      ]);
    });

    it('skipBadRows imports the good days and lists the bad one', async () => {
      const report = await importText(database.db, 'treasury', withField(curve, 6, 0, '02/30/2026', ',').join('\n'), { skipBadRows: true });
      expect(report).toMatchObject({ committed: true, rowsRead: 20, rowsImported: 19, rowsRejected: 1 });
      expect(report.rejected).toEqual([{ line: 6, reason: '"Date" is not a calendar date: "02/30/2026"' }]);
    });
  });

  describe('TRACE Enhanced', () => {
    const trace = lines('trace-enhanced.txt');
    const EXECUTION_DATE = 14; // field index in the Enhanced layout
    const CUSIP = 4;

    it('wrong columns: missing required columns are named with their accepted spellings', async () => {
      const header = trace[0]!.replace('Execution Date', 'Exec Day').replace('Buy/Sell Indicator', 'Side');
      const report = await refused('trace', [header, ...trace.slice(1)]);
      expect(report.error).toMatch(
        /^not a FINRA TRACE \(Enhanced or academic, pipe-delimited\) file: missing required columns "Execution Date" \(or "TRD_EXCTN_DT"\), "Buy\/Sell Indicator" \(or "RPT_SIDE_CD"\); the header has "Record Count Num"/,
      );
    });

    it('a comma-separated file is not a TRACE file', async () => {
      const report = await refused('trace', lines('bonds.csv'));
      expect(report.error).toMatch(/missing required columns "CUSIP"/);
    });

    it('a bad date', async () => {
      const report = await refused('trace', withField(trace, 14, EXECUTION_DATE, '2024-13-45', '|'));
      expect(report.rejected).toEqual([
        { line: 14, reason: '"Execution Date" is not a date (MM/DD/YYYY, YYYYMMDD or YYYY-MM-DD): "2024-13-45"' },
      ]);
    });

    it('a truncated line (the file was cut off)', async () => {
      const file = [...trace];
      file[file.length - 1] = file[file.length - 1]!.slice(0, 60);
      const report = await refused('trace', file);
      expect(report.rejected).toEqual([{ line: 190, reason: 'truncated line: 11 of 37 fields' }]);
    });

    it('an identifier that is not a CUSIP (wrong check digit)', async () => {
      const report = await refused('trace', withField(trace, 30, CUSIP, 'ZQ1001AA8', '|'));
      expect(report.rejected).toEqual([
        { line: 30, reason: '"CUSIP" is not a valid CUSIP (9 characters ending in its check digit): "ZQ1001AA8"' },
      ]);
    });

    it('bad side, contra party, status and price values name their column', async () => {
      let file = withField(trace, 2, 21, 'X', '|');
      file = withField(file, 3, 27, 'Q', '|');
      file = withField(file, 4, 2, 'Z', '|');
      file = withField(file, 5, 10, '-1', '|');
      const report = await refused('trace', file);
      expect(report.rejected).toEqual([
        { line: 2, reason: '"Buy/Sell Indicator" must be B or S: "X"' },
        { line: 3, reason: '"Contra Party Indicator" must be C (customer) or D (dealer): "Q"' },
        { line: 4, reason: '"Trade Status" must be T, R, X, C or Y: "Z"' },
        { line: 5, reason: '"Price" must be greater than 0: "-1"' },
      ]);
    });

    it('skipBadRows imports the rest; trades of bonds not loaded are kept apart, not rejected', async () => {
      const report = await importText(database.db, 'trace', withField(trace, 14, EXECUTION_DATE, '2024-13-45', '|').join('\n'), {
        skipBadRows: true,
      });
      expect(report).toMatchObject({ committed: true, rowsRead: 189, rowsImported: 188, rowsRejected: 1 });
      expect(report.rejected).toEqual([{ line: 14, reason: expect.stringMatching(/^"Execution Date" is not a date/) }]);
      expect(report.unknownIdentifiers).toBeGreaterThan(2);
      const missing = await database.db
        .selectFrom('trades_missing_bonds')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      // The X, C and Y records of the sample are on bonds not loaded here: they have no trade to keep.
      expect(Number(missing.n)).toBe(report.unknownIdentifiers - 3);
    });

    it('only the first 1,000 rejected rows are listed, all are counted', async () => {
      const bad = Array.from({ length: 1200 }, () => trace[1]!.split('|').slice(0, 5).join('|'));
      const report = await refused('trace', [trace[0]!, ...bad]);
      expect(report.rowsRejected).toBe(1200);
      expect(report.rejected).toHaveLength(1000);
      expect(report.rejected[999]).toEqual({ line: 1001, reason: 'truncated line: 5 of 37 fields' });
    });

    it('an empty file is refused', async () => {
      const report = await refused('trace', ['']);
      expect(report.error).toBe('the file is empty (no header line)');
    });
  });

  describe('bond reference CSV', () => {
    const bonds = lines('bonds.csv');

    it('wrong columns: a missing required column is named', async () => {
      const report = await refused('bonds', [bonds[0]!.replace('maturity_date', 'maturity'), ...bonds.slice(1)]);
      expect(report.error).toMatch(/missing required column "maturity_date"/);
    });

    it('a bad date', async () => {
      const report = await refused('bonds', withField(bonds, 13, 12, '2031-02-30', ','));
      expect(report.rejected).toEqual([{ line: 13, reason: '"maturity_date" is not a date (YYYY-MM-DD): "2031-02-30"' }]);
    });

    it('a truncated line', async () => {
      const file = [...bonds];
      file[20] = file[20]!.slice(0, 40);
      const report = await refused('bonds', file);
      expect(report.rejected).toEqual([{ line: 21, reason: expect.stringMatching(/^truncated line: \d+ of 23 fields$/) }]);
    });

    it('an unknown identifier: a sector code that does not exist', async () => {
      const report = await refused('bonds', withField(bonds, 8, 4, 'INDU.SPACE_TRAVEL', ','));
      expect(report.rejected).toEqual([{ line: 8, reason: '"sector_code" is not a known sector: "INDU.SPACE_TRAVEL"' }]);
      expect(report.unknownIdentifiers).toBe(1);
    });

    it('invalid values name the column: CUSIP check digit, coupon type, rating, call schedule', async () => {
      let file = withField(bonds, 2, 0, 'ZQ1001AA1', ',');
      file = withField(file, 3, 6, 'step-up', ',');
      file = withField(file, 4, 16, 'AAA+', ',');
      file = withField(file, 5, 18, '2027-05-15:100', ',');
      const report = await refused('bonds', file);
      expect(report.rejected).toEqual([
        { line: 2, reason: '"cusip" is not a valid CUSIP (9 characters ending in its check digit): "ZQ1001AA1"' },
        { line: 3, reason: '"coupon_type" must be fixed, zero or floating: "step-up"' },
        { line: 4, reason: `"rating_sp" is not a rating on its agency's scale: "AAA+"` },
        { line: 5, reason: '"call_schedule" entries must be DATE@PRICE separated by ";": "2027-05-15:100"' },
      ]);
    });

    it('a quoted description spanning two lines is one bond, and the lines after it keep their numbers', async () => {
      const twoLines = `${bonds[1]!}"Northwind 4.65% notes, ""green""\ndue 2031"`;
      const report = await refused('bonds', [bonds[0]!, twoLines, ...withField(bonds, 3, 6, 'step-up', ',').slice(2, 4)]);
      // The bond on lines 2–3 is fine; the bad one is on file line 4.
      expect(report.rejected).toEqual([{ line: 4, reason: '"coupon_type" must be fixed, zero or floating: "step-up"' }]);
      expect(report.rowsRead).toBe(3);
    });

    it('an unclosed quote refuses the file, naming the line it opens on', async () => {
      const report = await refused('bonds', withField(bonds, 5, 15, '"Subordinated', ','));
      expect(report.error).toBe('line 5: a quoted field is never closed (a missing " makes the rest of the file one field)');
      expect(report.rejected).toEqual([{ line: 5, reason: report.error }]);
    });

    it('skipBadRows imports the good bonds', async () => {
      const report = await importText(database.db, 'bonds', withField(bonds, 8, 4, 'INDU.SPACE_TRAVEL', ',').join('\n'), {
        skipBadRows: true,
      });
      expect(report).toMatchObject({ committed: true, rowsRead: 20, rowsImported: 19, rowsRejected: 1, unknownIdentifiers: 1 });
    });
  });

  it('a CRLF file with a byte-order mark and a multi-line quoted description imports', async () => {
    const bonds = lines('bonds.csv');
    const row = `${bonds[1]!}"Northwind 4.65% notes\r\ndue 2031"`;
    const report = await importText(database.db, 'bonds', `\uFEFF${[bonds[0]!, row, bonds[2]!].join('\r\n')}\r\n`);
    expect(report).toMatchObject({ committed: true, rowsRead: 2, rowsImported: 2 });
    const stored = await database.db.selectFrom('bonds').select('description').where('cusip', '=', 'ZQ1001AA9').executeTakeFirstOrThrow();
    expect(stored.description).toBe('Northwind 4.65% notes\r\ndue 2031');
  });

  it('a good file after all that still imports', async () => {
    const report = await importSample(database.db, 'bonds', 'bonds.csv');
    expect(report.committed).toBe(true);
  });
});
