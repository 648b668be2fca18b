import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_BONDS, TRACE_ENHANCED_HEADER, traceLine, type SampleTrade } from '../../../scripts/importSamples';
import { type DatabaseHandle, engineOf } from '../../db/database';
import { createTestDatabase } from '../../test/testDatabase';
import { importSample, importText, prepareReference, tableCounts } from './testing';

/**
 * A big TRACE file on PGlite loads without trades' secondary indexes and without the per-row
 * foreign-key trigger, then rebuilds the indexes. Here the bulk threshold is lowered so a small
 * file takes that path; the same file through the ordinary path must give the same trades, the
 * same report and the same indexes — and a refused bulk file must leave everything, indexes
 * included, as it was. (On PostgreSQL the bulk path is never taken; the comparisons still hold.)
 */
const BONDS = [SAMPLE_BONDS[2]!, SAMPLE_BONDS[5]!, SAMPLE_BONDS[18]!];

function tradesFile(count: number, firstRef: number): { text: string; trades: SampleTrade[] } {
  const trades: SampleTrade[] = [];
  for (let k = 0; k < count; k++) {
    const bond = BONDS[k % BONDS.length]!;
    const minute = String(k % 60).padStart(2, '0');
    const hour = String(10 + (Math.floor(k / 60) % 6));
    trades.push({
      record: firstRef + k,
      reference: String(firstRef + k),
      status: 'T',
      symbol: 'X',
      cusip: bond.cusip,
      quantity: 100_000 * (1 + (k % 7)),
      price: 99 + (k % 13) / 10,
      yieldPct: 4.5,
      date: '20261103',
      time: `${hour}${minute}00`,
      side: k % 2 ? 'B' : 'S',
      contra: k % 5 === 0 ? 'D' : 'C',
    });
  }
  // A cancel and a correction of earlier lines, so the cleaning runs against rebuilt indexes.
  trades.push({ ...trades[3]!, record: firstRef + count, status: 'X' });
  trades.push({
    ...trades[7]!,
    record: firstRef + count + 1,
    reference: String(firstRef + count + 1),
    status: 'R',
    price: 101,
    priorReference: trades[7]!.reference,
  });
  return { text: [TRACE_ENHANCED_HEADER.join('|'), ...trades.map(traceLine)].join('\n'), trades };
}

async function indexDefinitions(handle: DatabaseHandle): Promise<string[]> {
  const r = await sql<{ def: string }>`select indexdef as def from pg_indexes where tablename = 'trades' order by indexname`.execute(
    handle.db,
  );
  return r.rows.map((x) => x.def);
}

async function tradeRows(handle: DatabaseHandle) {
  return handle.db
    .selectFrom('trades')
    .select(['bond_id', 'execution_time', 'quantity', 'reported_quantity', 'price', 'side', 'status', 'control_number'])
    .orderBy('control_number')
    .orderBy('status')
    .execute();
}

/** A report's details without what differs between two runs of the same file (timings, path taken). */
function comparable(details: Record<string, unknown> | undefined): Record<string, unknown> {
  const out = { ...details };
  for (const key of ['timingsMs', 'bulkLoad', 'repriced', 'repriceMs']) delete out[key];
  return out;
}

describe('TRACE bulk load (PGlite)', () => {
  let bulk: DatabaseHandle;
  let plain: DatabaseHandle;
  beforeAll(async () => {
    [bulk, plain] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    for (const h of [bulk, plain]) {
      await prepareReference(h.db);
      await importSample(h.db, 'bonds', 'bonds.csv');
    }
  });
  afterAll(async () => {
    await bulk.close();
    await plain.close();
  });

  it('gives the same trades, report and indexes as the ordinary load', async () => {
    const indexesBefore = await indexDefinitions(plain);
    const { text } = tradesFile(400, 7_000_000);
    const viaBulk = await importText(bulk.db, 'trace', text, { bulkLoadMinTrades: 50 });
    const viaPlain = await importText(plain.db, 'trace', text);
    expect(viaBulk.committed).toBe(true);
    expect(viaBulk.details?.bulkLoad).toBe(engineOf(bulk.db) === 'pglite');
    expect(viaPlain.details?.bulkLoad).toBe(false);
    const bulkDetails = comparable(viaBulk.details);
    const plainDetails = comparable(viaPlain.details);
    expect(bulkDetails).toEqual(plainDetails);
    expect(bulkDetails).toMatchObject({ cleaning: { cancelled: 1, corrected: 1 } });
    expect(await tradeRows(bulk)).toEqual(await tradeRows(plain));
    expect(await indexDefinitions(bulk)).toEqual(indexesBefore);
  });

  it('a bulk file with a bad line changes nothing, and trades keeps its indexes', async () => {
    const indexesBefore = await indexDefinitions(bulk);
    const counts = await tableCounts(bulk.db);
    const { text } = tradesFile(300, 7_100_000);
    const report = await importText(bulk.db, 'trace', `${text}\n1|2|T|X|${BONDS[0]!.cusip}|truncated`, { bulkLoadMinTrades: 50 });
    expect(report.committed).toBe(false);
    expect(report.rejected[0]?.reason).toMatch(/truncated line/);
    expect(await tableCounts(bulk.db)).toEqual(counts);
    expect(await indexDefinitions(bulk)).toEqual(indexesBefore);
  });
});
