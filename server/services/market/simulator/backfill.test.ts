import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { createTestDatabase } from '../../../test/testDatabase';
import { getBackfill, runPriceBackfill, seedUniverse, type SeedSummary } from './index';

let database: DatabaseHandle;
let summary: SeedSummary;

beforeAll(async () => {
  database = await createTestDatabase();
  summary = await seedUniverse(database.db, { bonds: 60, historyDays: 9, seed: 5, endDate: '2026-11-18', pricedDays: 3 });
});
afterAll(async () => {
  await database?.close();
});

const pricedDates = async () =>
  (
    await sql<{ d: string }>`select distinct price_date::text as d from evaluated_prices where kind = 'eod' order by 1`.execute(database.db)
  ).rows.map((r) => r.d);

describe('price history backfill after a quick first start', () => {
  it('prices the last days during the seed and leaves the rest pending', async () => {
    expect(summary.priced).toBe(true);
    expect(await pricedDates()).toEqual(['2026-11-16', '2026-11-17', '2026-11-18']);
    expect(await getBackfill(database.db)).toEqual({ from: summary.startDate, to: '2026-11-13' });
    expect(await sql`select 1 from bond_market_state`.execute(database.db).then((r) => r.rows.length)).toBe(summary.bonds);
  });

  it('fills the older days newest first in chunks, then has nothing left to do', async () => {
    expect(await runPriceBackfill(database.db, 4)).toBe(4);
    // Business days only: Veterans Day (Wednesday 11th) is a bond market holiday.
    expect((await pricedDates())[0]).toBe('2026-11-09');
    expect(await getBackfill(database.db)).toEqual({ from: summary.startDate, to: '2026-11-06' });
    expect(await runPriceBackfill(database.db, 4)).toBe(2);
    expect(await getBackfill(database.db)).toBeNull();
    const dates = await pricedDates();
    expect(dates[0]).toBe(summary.startDate);
    expect(dates.length).toBeGreaterThanOrEqual(9);
    expect(await runPriceBackfill(database.db, 4)).toBe(0);
  });
});
