import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/testDatabase';
import { importText, prepareReference, samplePath } from './testing';
import { parseCurveDate, pivotYear } from './treasuryDates';

describe('Treasury curve dates as a spreadsheet writes them back', () => {
  it.each([
    ['12/29/2023', '2023-12-29'],
    ['12/29/23', '2023-12-29'],
    ['1/2/90', '1990-01-02'],
    ['6/30/99', '1999-06-30'],
    ['01/02/00', '2000-01-02'],
    ['11/20/26', '2026-11-20'],
    ['2023-12-29', '2023-12-29'],
    ['2023/12/29', '2023-12-29'],
    ['29-Dec-2023', '2023-12-29'],
    ['29-Dec-23', '2023-12-29'],
    ['2-Sept-2024', '2024-09-02'],
    ['Dec 29, 2023', '2023-12-29'],
    ['December 29, 2023', '2023-12-29'],
    ['12/29/2023 0:00', '2023-12-29'],
    ['45289', '2023-12-29'],
  ])('%s is %s', (text, iso) => {
    expect(parseCurveDate(text)).toBe(iso);
  });

  it('two-digit years pivot on the data: 90–99 are the 1990s, 00–89 the 2000s', () => {
    expect([pivotYear(90), pivotYear(99), pivotYear(0), pivotYear(23), pivotYear(89)]).toEqual([1990, 1999, 2000, 2023, 2089]);
  });

  it('a day-first date is refused, not guessed', () => {
    expect(() => parseCurveDate('29/12/2023')).toThrow(
      '"Date" reads day first ("29/12/2023"); the Treasury file\'s dates are month first (MM/DD/YYYY)',
    );
  });

  it.each(['29.12.2023', '12-29-2023', '2023-12', 'Dec 2023', '12345', 'Smarch 3, 2024'])('%s is not a date form read here', (text) => {
    expect(() => parseCurveDate(text)).toThrow(`"Date" is not a date in a form read here (`);
  });

  it('an impossible day is refused naming it', () => {
    expect(() => parseCurveDate('2/30/24')).toThrow('"Date" is not a calendar date: "2/30/24"');
  });
});

describe('a Treasury curve file re-saved by a spreadsheet', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await prepareReference(database.db);
  });
  afterAll(() => database.close());

  const sample = readFileSync(samplePath('treasury-par-yield-curve.csv'), 'utf8').trim().split('\n');
  /** The sample with each row's MM/DD/YYYY date rewritten by `rewrite`. */
  const resaved = (rewrite: (m: string, d: string, y: string) => string) =>
    [
      sample[0]!,
      ...sample.slice(1).map((row) => row.replace(/^(\d\d)\/(\d\d)\/(\d{4})/, (_, m: string, d: string, y: string) => rewrite(m, d, y))),
    ].join('\n');

  it('two-digit years (10/29/26) import the same 20 days as the original', async () => {
    const report = await importText(
      database.db,
      'treasury',
      resaved((m, d, y) => `${Number(m)}/${Number(d)}/${y.slice(2)}`),
    );
    expect(report).toMatchObject({ committed: true, rowsRead: 20, rowsImported: 20, rowsRejected: 0 });
    expect(report.details).toMatchObject({ points: 279, firstDate: '2026-10-01', lastDate: '2026-10-29' });
  });

  it('29-Oct-2026 and Oct 29, 2026 forms import too', async () => {
    const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const a = await importText(
      database.db,
      'treasury',
      resaved((m, d, y) => `${d}-${names[Number(m) - 1]}-${y}`),
    );
    const b = await importText(
      database.db,
      'treasury',
      resaved((m, d, y) => `"${names[Number(m) - 1]} ${Number(d)}, ${y}"`),
    );
    for (const report of [a, b]) expect(report.details).toMatchObject({ points: 279, firstDate: '2026-10-01', lastDate: '2026-10-29' });
  });

  it('a day-first date refuses the file, naming the line, and nothing is stored', async () => {
    const fresh = await createTestDatabase();
    try {
      const rows = resaved((m, d, y) => `${m}/${d}/${y}`).split('\n');
      rows[3] = rows[3]!.replace(/^\d\d\/\d\d\/\d{4}/, '27/10/2026');
      const report = await importText(fresh.db, 'treasury', rows.join('\n'));
      expect(report).toMatchObject({ committed: false, rowsRejected: 1 });
      expect(report.rejected).toEqual([
        { line: 4, reason: '"Date" reads day first ("27/10/2026"); the Treasury file\'s dates are month first (MM/DD/YYYY)' },
      ]);
      const stored = await fresh.db.selectFrom('treasury_curve_points').select('curve_date').execute();
      expect(stored).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
