import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { priceHistory } from '../../pricing/index';
import { createTestDatabase } from '../../../test/testDatabase';
import { businessDaysBetween } from '../../../../common/calendar';
import { getBackfill, runPriceBackfill, seedUniverse, type SeedSummary } from './index';

let database: DatabaseHandle;
let summary: SeedSummary;
/** The evening after the seeded history's last day: the clock the seed and the backfill run on. */
const NOW = new Date('2026-11-18T22:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  summary = await seedUniverse(database.db, {
    bonds: 80,
    historyDays: 24,
    seed: 5,
    endDate: '2026-11-18',
    pricedDays: 3,
    now: () => NOW.getTime(),
  });
}, 180_000);
afterAll(async () => {
  await database?.close();
});

const pricedDates = async () =>
  (
    await sql<{ d: string }>`select distinct price_date::text as d from evaluated_prices where kind = 'eod' order by 1`.execute(database.db)
  ).rows.map((r) => r.d);

const closes = async () =>
  new Map(
    (
      await sql<{ k: string; p: string }>`select bond_id || ':' || price_date::text as k, clean_price::text as p
        from evaluated_prices where kind = 'eod'`.execute(database.db)
    ).rows.map((r) => [r.k, Number(r.p)]),
  );

describe('price history backfill after a quick first start', () => {
  it('prices the last days during the seed and leaves the whole history pending, to be priced in date order', async () => {
    expect(summary.priced).toBe(true);
    expect(await pricedDates()).toEqual(['2026-11-16', '2026-11-17', '2026-11-18']);
    expect(await getBackfill(database.db)).toEqual({ from: summary.startDate, to: '2026-11-18' });
    expect(await sql`select 1 from bond_market_state`.execute(database.db).then((r) => r.rows.length)).toBe(summary.bonds);
  });

  it('fills the history oldest first in chunks, re-prices the first start’s days, then has nothing left to do', async () => {
    expect(await runPriceBackfill(database.db, NOW, 8)).toBe(8);
    const window = businessDaysBetween(summary.startDate, summary.endDate);
    expect(await pricedDates()).toEqual([...window.slice(0, 8), ...window.slice(-3)]);
    expect(await getBackfill(database.db)).toEqual({ from: window[8], to: summary.endDate });
    let runs = 1;
    while ((await runPriceBackfill(database.db, NOW, 8)) > 0) runs++;
    // 24 business days in chunks of 8: the first start's 3 are priced again at the end.
    expect(runs).toBe(3);
    expect(await getBackfill(database.db)).toBeNull();
    expect((await pricedDates()).length).toBe(24);
    expect(await runPriceBackfill(database.db, NOW, 8)).toBe(0);
  });

  it('a backfilled history has no cold-start jumps: it is the history one pass in date order gives', async () => {
    const backfilled = await closes();
    // One pass over the whole window, the state carried in memory from day to day.
    await priceHistory(database.db, summary.startDate, summary.endDate);
    const onePass = await closes();
    expect(backfilled.size).toBe(onePass.size);
    const days = businessDaysBetween(summary.startDate, summary.endDate);
    // The first day of each chunk after the first (and the first start's days) would start cold.
    const boundaries = [days[8]!, days[16]!, days[21]!];
    let worst = 0;
    let atBoundaries = 0;
    for (const [key, price] of onePass) {
      const diff = Math.abs(price - backfilled.get(key)!);
      worst = Math.max(worst, diff);
      if (boundaries.includes(key.slice(key.indexOf(':') + 1))) atBoundaries++;
    }
    expect(atBoundaries).toBeGreaterThan(3 * 70);
    // The stored state is rounded (basis to 0.01 bp): a few ten-thousandths of a point at most.
    expect(worst).toBeLessThan(0.005);
  });
});
