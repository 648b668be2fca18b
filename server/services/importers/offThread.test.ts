import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/testDatabase';
import { parsingThreadTasksDone } from '../../workers/parsing';
import type { ImportKind, ImportReport } from './report';
import { importText, prepareReference, samplePath } from './testing';

/**
 * Issue 33: a large upload's rows are read on the parsing thread, off the event loop. The same
 * files imported with every row read in place (database A) and every row read on the thread
 * (database B) must give the same reports and the same rows, bad rows and their sentences included.
 */
const CLOCK = Date.parse('2026-11-02T15:00:00Z');
const sample = (name: string) => readFileSync(samplePath(name), 'utf8');

/** The sample files with bad rows added: each kind's refusals must read the same on both paths. */
const FILES: Array<{ kind: ImportKind; text: string }> = [
  {
    kind: 'bonds',
    text: `${sample('bonds.csv').trimEnd()}\nnot,a,bond\n${sample('bonds.csv')
      .trimEnd()
      .split('\n')
      .at(-1)!
      .replace(/,\d{4}-\d{2}-\d{2},/, ',2031-02-30,')}\n`,
  },
  { kind: 'treasury', text: `${sample('treasury-par-yield-curve.csv').trimEnd()}\n13/45/2026,1,2\n10/30/2026,${',N/A'.repeat(13)}\n` },
  { kind: 'trace', text: `${sample('trace-enhanced.txt').trimEnd()}\nT|truncated\n` },
];

/** A report without what depends on the machine (durations, stage and reprice timings). */
function comparable(report: ImportReport): unknown {
  const { durationMs: _ignored, details, ...rest } = report;
  const { timingsMs: _timings, repriceMs: _reprice, ...kept } = (details ?? {}) as Record<string, unknown>;
  return { ...rest, details: kept };
}

/** Every row an import writes, without the columns the database's clock fills in. */
async function contents(database: DatabaseHandle): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of ['bonds', 'issuers', 'bond_ratings', 'trades', 'trades_missing_bonds', 'treasury_curve_points'] as const) {
    const rows = (await database.db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    out[table] = rows
      .map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !column.endsWith('_at'))))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return out;
}

describe('import rows read on the parsing thread', () => {
  let inPlace: DatabaseHandle;
  let onThread: DatabaseHandle;

  beforeAll(async () => {
    inPlace = await createTestDatabase();
    onThread = await createTestDatabase();
    await prepareReference(inPlace.db);
    await prepareReference(onThread.db);
    // Two databases built on a shared, busy machine: a budget, not a speed claim.
  }, 600_000);
  afterAll(async () => {
    await inPlace?.close();
    await onThread?.close();
  });

  it('the sample TRACE, Treasury and bond files, bad rows added, give the same reports and rows on the thread as in place', async () => {
    for (const { kind, text } of FILES) {
      const options = { now: () => CLOCK, skipBadRows: true, fileName: `${kind}-sample` };
      const threadTasks = parsingThreadTasksDone();
      const a = await importText(inPlace.db, kind, text, { ...options, inlineParseBytes: Infinity });
      expect(parsingThreadTasksDone(), `${kind} read in place`).toBe(threadTasks);
      const b = await importText(onThread.db, kind, text, { ...options, inlineParseBytes: 0 });
      expect(parsingThreadTasksDone(), `${kind} read on the thread`).toBeGreaterThan(threadTasks);
      expect(a.committed, kind).toBe(true);
      expect(a.rowsRejected, `${kind}: the added bad rows are refused`).toBeGreaterThan(0);
      expect(comparable(b), kind).toEqual(comparable(a));
    }
    const written = await contents(inPlace);
    expect(written.trades!.length).toBeGreaterThan(0);
    expect(written.treasury_curve_points!.length).toBeGreaterThan(0);
    expect(await contents(onThread)).toEqual(written);
  });

  it('a file refused for a bad row writes nothing on either path, and says the same', async () => {
    const text = `${sample('treasury-par-yield-curve.csv').trimEnd()}\n10/30/2026,${',99'.repeat(13)}\n`;
    const a = await importText(inPlace.db, 'treasury', text, { now: () => CLOCK, inlineParseBytes: Infinity });
    const b = await importText(onThread.db, 'treasury', text, { now: () => CLOCK, inlineParseBytes: 0 });
    expect(a).toMatchObject({ committed: false, rowsRejected: 1 });
    expect(a.rejected[0]!.reason).toMatch(/is not a yield in percent/);
    expect(comparable(b)).toEqual(comparable(a));
  });
});
