import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskedParty, SAMPLE_BONDS, TRACE_ACADEMIC_HEADER, traceAcademicLine, type SampleTrade } from '../../../scripts/importSamples';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/testDatabase';
import { importSample, importText, prepareReference } from './testing';

/**
 * FINRA publishes TRACE trade reports in two layouts: the Enhanced Historical Data files (display
 * names, "Contra Party Indicator" C/D) and the academic data files (short field names, the contra
 * party as CNTRA_PARTY_ID: C, A or the contra dealer's masked identifier). The samples hold the
 * same 189 reports in each; both must import to the same trades.
 */
async function freshWithBonds(): Promise<DatabaseHandle> {
  const database = await createTestDatabase();
  await prepareReference(database.db);
  await importSample(database.db, 'bonds', 'bonds.csv');
  return database;
}

async function tradesOf(database: DatabaseHandle) {
  const rows = await database.db
    .selectFrom('trades')
    .select(['control_number', 'side', 'price', 'quantity', 'execution_time', 'status'])
    .orderBy('control_number')
    .orderBy('status')
    .execute();
  return rows.map((r) => [r.control_number, r.side, Number(r.price), Number(r.quantity), r.execution_time.toISOString(), r.status]);
}

describe('the academic TRACE layout (CNTRA_PARTY_ID) reads like the Enhanced layout', () => {
  let academic: DatabaseHandle;
  let enhanced: DatabaseHandle;
  let wrds: DatabaseHandle;
  beforeAll(async () => {
    [academic, enhanced, wrds] = await Promise.all([freshWithBonds(), freshWithBonds(), freshWithBonds()]);
  });
  afterAll(async () => {
    await academic?.close();
    await enhanced?.close();
    await wrds?.close();
  });

  it('samples/trace-academic.txt imports to exactly the trades, sides and cleaning of samples/trace-enhanced.txt', async () => {
    const a = await importSample(academic.db, 'trace', 'trace-academic.txt');
    const e = await importSample(enhanced.db, 'trace', 'trace-enhanced.txt');
    expect(a).toMatchObject({ committed: true, rowsRead: 189, rowsImported: 189, rowsRejected: 0, unknownIdentifiers: 2 });
    expect(a.details).toMatchObject({
      records: { T: 185, R: 1, X: 1, C: 1, Y: 1 },
      tradesActive: 150,
      cleaning: { cancelled: 1, corrected: 1, reversed: 1, unmatched: 0, interDealerDuplicates: 31, interDealerBuysKept: 0 },
    });
    const enhancedDetails = e.details!;
    expect(a.details).toMatchObject({
      records: enhancedDetails.records,
      tradesActive: enhancedDetails.tradesActive,
      cleaning: enhancedDetails.cleaning,
    });
    const trades = await tradesOf(academic);
    expect(trades.length).toBeGreaterThan(150);
    expect(trades).toEqual(await tradesOf(enhanced));
  });

  it('samples/trace-wrds.txt (a WRDS Enhanced TRACE extract, pipe-delimited) imports to the same trades too', async () => {
    const w = await importSample(wrds.db, 'trace', 'trace-wrds.txt');
    expect(w).toMatchObject({ committed: true, rowsRead: 189, rowsImported: 189, rowsRejected: 0, unknownIdentifiers: 2 });
    expect(w.details).toMatchObject({
      tradesActive: 150,
      cleaning: { cancelled: 1, corrected: 1, reversed: 1, interDealerDuplicates: 31 },
    });
    expect(await tradesOf(wrds)).toEqual(await tradesOf(enhanced));
  });

  const bond = SAMPLE_BONDS[2]!;
  const report = (over: Partial<SampleTrade>): SampleTrade => ({
    record: 1,
    reference: '7100000001',
    status: 'T',
    symbol: 'X',
    cusip: bond.cusip,
    quantity: 250_000,
    price: 100.25,
    yieldPct: 4.9,
    date: '20261112',
    time: '101500',
    side: 'S',
    contra: 'D',
    ...over,
  });

  it("a masked contra dealer is a dealer: the sell report is kept as inter-dealer, the other dealer's buy report dropped", async () => {
    const sell = report({});
    const buy = report({ record: 2, reference: '7100000002', side: 'B' });
    const text = [
      TRACE_ACADEMIC_HEADER.join('|'),
      traceAcademicLine(sell, maskedParty(1), maskedParty(2)),
      traceAcademicLine(buy, maskedParty(2), maskedParty(1)),
    ].join('\n');
    const result = await importText(academic.db, 'trace', text);
    expect(result).toMatchObject({ committed: true, rowsRejected: 0 });
    expect(result.details).toMatchObject({ cleaning: { interDealerDuplicates: 1 } });
    const kept = await academic.db.selectFrom('trades').select(['side', 'status']).where('control_number', '=', '7100000001').execute();
    expect(kept).toEqual([{ side: 'inter_dealer', status: 'active' }]);
  });

  it('a CNTRA_PARTY_ID that is neither C, A nor an identifier rejects the row, naming the column and the value', async () => {
    const line = traceAcademicLine(report({ reference: '7100000009' }), maskedParty(1), '?');
    const result = await importText(academic.db, 'trace', [TRACE_ACADEMIC_HEADER.join('|'), line].join('\n'));
    expect(result).toMatchObject({ committed: false, rowsRejected: 1 });
    expect(result.rejected[0]!.reason).toBe(`"CNTRA_PARTY_ID" must be C (customer), A (affiliate) or the contra dealer's identifier: "?"`);
  });

  it('a file with no contra party column in any layout is refused at the header, naming every accepted spelling', async () => {
    const header = TRACE_ACADEMIC_HEADER.filter((h) => h !== 'CNTRA_PARTY_ID').join('|');
    const result = await importText(academic.db, 'trace', `${header}\n`);
    expect(result.committed).toBe(false);
    expect(result.error).toContain('missing required column "Contra Party Indicator" (or "CNTRA_MP_ID", "CNTRA_PARTY_ID")');
  });
});
