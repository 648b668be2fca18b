import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/testDatabase';
import { closeTime, priceHistory, repriceUniverse } from './index';
import { seedSyntheticMarket } from './testFixtures';

/**
 * One price per close. The market's first start (simulator/index.ts) and every day roll
 * (simulator/tick.ts) write the closes with the history backfill, which carries each bond's basis
 * filter from close to close in memory, then write the bond table's rows with a reprice at that
 * close, which reads the previous close's basis back from the database. The two must give the
 * same number: the bond table and the bond page show the row's price, the price history and the
 * deal pages the stored close.
 */
let handle: DatabaseHandle;
let days: string[];

beforeAll(async () => {
  handle = await createTestDatabase();
  ({ days } = await seedSyntheticMarket(handle.db, { bonds: 80, issuers: 8, days: 10, endDay: '2026-11-20', tradingShare: 0.5 }));
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('the bond table and the stored close show the same price for the same close', () => {
  it('after the backfill and the reprice at its last close, every row holds exactly the stored close', async () => {
    const end = days[days.length - 1]!;
    await priceHistory(handle.db, days[0]!, end);
    await repriceUniverse(handle.db, closeTime(end));
    const { rows } = await sql<{ bond_id: number; row_price: string; close_price: string; row_yield: string; close_yield: string }>`
      select s.bond_id, s.price as row_price, e.clean_price as close_price, s.yield_to_maturity as row_yield, e.yield as close_yield
      from bond_market_state s
      join evaluated_prices e on e.bond_id = s.bond_id and e.kind = 'eod' and e.price_date = ${end}::date
      order by s.bond_id`.execute(handle.db);
    expect(rows.length).toBeGreaterThan(60);
    const differing = rows
      .filter((r) => Number(r.row_price) !== Number(r.close_price) || Number(r.row_yield) !== Number(r.close_yield))
      .map((r) => `bond ${r.bond_id}: row ${r.row_price} / ${r.row_yield}, close ${r.close_price} / ${r.close_yield}`);
    expect(differing).toEqual([]);
  });
});
