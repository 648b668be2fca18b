import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { Database } from '../../db/schema';
import { createTestDatabase } from '../../test/testDatabase';
import { explainPrice, priceHistory, repriceUniverse, sparklineSeries } from './index';
import { createTrades, seedSyntheticMarket } from './testFixtures';

/**
 * History backfill, sparklines and the live cache on a small synthetic market (60 bonds, three
 * weeks of curves and trades).
 */
let handle: DatabaseHandle;
let db: Kysely<Database>;
let days: string[];
let bondIds: number[];

const count = async (where = sql`true`) =>
  Number((await sql<{ n: string }>`select count(*) as n from evaluated_prices where ${where}`.execute(db)).rows[0]!.n);

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  ({ days, bondIds } = await seedSyntheticMarket(db, { bonds: 60, issuers: 8, days: 15, endDay: '2026-11-20', tradingShare: 0.4 }));
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('price history', () => {
  it('writes one end-of-day price per bond and business day, idempotently', async () => {
    const from = days[5]!;
    const to = days[days.length - 2]!;
    const first = await priceHistory(db, from, to);
    expect(first.days).toBe(days.length - 6);
    expect(first.failed).toBe(0);
    const n = await count(sql`kind = 'eod'`);
    expect(n).toBe(first.prices);
    expect(n).toBeGreaterThan(55 * first.days);
    await priceHistory(db, from, to);
    expect(await count(sql`kind = 'eod'`)).toBe(n);
    const bad = await sql<{
      n: string;
    }>`select count(*) as n from evaluated_prices where clean_price <= 0 or confidence not between 0 and 100`.execute(db);
    expect(Number(bad.rows[0]!.n)).toBe(0);
  });

  it('sparkline series are the last N closes, oldest first', async () => {
    const series = await sparklineSeries(db, [bondIds[0]!, bondIds[1]!, 999_999], 5);
    const s = series.get(bondIds[0]!)!;
    expect(s).toHaveLength(5);
    expect(s.map((p) => p.date)).toEqual(days.slice(-6, -1));
    expect(s.every((p) => p.price > 0)).toBe(true);
    expect(series.get(999_999)).toEqual([]);
  });
});

describe('live repricing', () => {
  const today = () => days[days.length - 1]!;

  it('accepts a day string as its close and fills the bond table', async () => {
    const r = await repriceUniverse(db, today());
    expect(r.asOf.toISOString()).toBe(`${today()}T23:59:59.999Z`);
    expect(r.previousCloseDate).toBe(days[days.length - 2]);
    const rows = await sql<{ n: string }>`select count(*) as n from bond_market_state where price is not null`.execute(db);
    expect(Number(rows.rows[0]!.n)).toBe(r.priced);
  });

  it('sees a new trade on the next tick, then its cancellation', async () => {
    const asOf = new Date(`${today()}T20:00:00Z`);
    await repriceUniverse(db, asOf);
    // A fixed-coupon bond without trades in the window: its price is the model's, so one fresh
    // block print is its whole trade evidence (an outlier test needs three trades) and must move it.
    const untraded = await sql<{ id: number }>`
      select b.id from bonds b where b.coupon_type = 'fixed' and b.id = any(${bondIds}::int4[])
        and not exists (select 1 from trades t where t.bond_id = b.id and t.execution_time > ${new Date(asOf.getTime() - 14 * 86_400_000)})
      order by b.id limit 1`.execute(db);
    const id = untraded.rows[0]!.id;
    const before = await db
      .selectFrom('bond_market_state')
      .select(['price', 'confidence'])
      .where('bond_id', '=', id)
      .executeTakeFirstOrThrow();
    const snapshots = await count(sql`kind = 'intraday' and bond_id = ${id}`);
    // A 10MM inter-dealer print a third of a point above the evaluated price.
    const [tradeId] = await createTrades(db, [
      {
        bondId: id,
        time: new Date(asOf.getTime() + 60_000),
        quantity: 10_000_000,
        side: 'inter_dealer',
        price: Number(before.price) + 0.35,
      },
    ]);
    const r = await repriceUniverse(db, new Date(asOf.getTime() + 120_000));
    expect(r.rowsWritten).toBeGreaterThan(0);
    const after = await db
      .selectFrom('bond_market_state')
      .select(['price', 'confidence'])
      .where('bond_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(after.price)).toBeGreaterThan(Number(before.price) + 0.05);
    expect(await count(sql`kind = 'intraday' and bond_id = ${id}`)).toBe(snapshots + 1);
    const explained = await explainPrice(db, id, today());
    expect(explained!.trades.map((t) => t.id)).toContain(String(tradeId));
    await db.updateTable('trades').set({ status: 'cancelled' }).where('id', '=', String(tradeId)).execute();
    await repriceUniverse(db, new Date(asOf.getTime() + 180_000));
    const undone = await db.selectFrom('bond_market_state').select('price').where('bond_id', '=', id).executeTakeFirstOrThrow();
    expect(Number(undone.price)).toBeCloseTo(Number(before.price), 6);
  });

  it('reprices only the bonds asked for', async () => {
    await sql`update bond_market_state set price = 1 where bond_id in (${bondIds[5]!}, ${bondIds[6]!})`.execute(db);
    const r = await repriceUniverse(db, new Date(`${today()}T21:00:00Z`), { bondIds: [bondIds[5]!] });
    expect(r.priced).toBe(1);
    const rows = await db
      .selectFrom('bond_market_state')
      .select(['bond_id', 'price'])
      .where('bond_id', 'in', [bondIds[5]!, bondIds[6]!])
      .orderBy('bond_id')
      .execute();
    expect(Number(rows[0]!.price)).toBeGreaterThan(1);
    expect(Number(rows[1]!.price)).toBe(1);
  });

  it('an end-of-day row priced with trades explains itself without an "undefined" spread', async () => {
    const row = await sql<{ bond_id: number; d: string }>`
      select bond_id, to_char(price_date, 'YYYY-MM-DD') as d from evaluated_prices
      where kind = 'eod' and (inputs->>'blend')::float8 > 0 and inputs->'trade' is null order by price_date, bond_id limit 1`.execute(db);
    expect(row.rows).toHaveLength(1);
    const explained = await explainPrice(db, row.rows[0]!.bond_id, row.rows[0]!.d);
    expect(explained!.method).not.toBe('model');
    expect(explained!.summary).not.toMatch(/undefined|NaN/);
    expect(explained!.summary).toMatch(/blended with the (issuer|sector|rating) model at -?\d+\.\d bp: -?\d+\.\d bp/);
  });
});
