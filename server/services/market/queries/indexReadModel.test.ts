import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { createTestDatabase } from '../../../test/testDatabase';
import { indexInputs } from './indexReadModel';
import { sql } from 'kysely';
import { marketIndex } from './marketIndex';
import { insertTestUniverse, type TestUniverse } from './testUniverse';
import { loadReplayMarket, REPLAY_NOW } from '../../sources/testReplayMarket';
import { priceHistory } from '../../pricing/history';
import { useMarketClock } from './marketClock';

/*
 * The index from the read model (baskets and closes kept for the market's day, shared by every
 * `from`) must be the index computed directly from the database, to the last digit.
 */
let database: DatabaseHandle;
let u: TestUniverse;

beforeAll(async () => {
  database = await createTestDatabase();
  u = await insertTestUniverse(database.db, { bonds: 80, historyDays: 70 });
}, 120_000);
afterAll(() => database.close());

describe('the market index answered from its read model', () => {
  it('equals the direct computation for every from, the model shared between them', async () => {
    // The simulated bonds all have an amount outstanding: weighted by market value.
    expect((await marketIndex(database.db, {})).weighting).toBe('amountOutstanding');
    const inputs = indexInputs(database.db, u.asOfDay, 0);
    const monthStart = u.days.find((d) => d.slice(0, 7) !== u.days[0]!.slice(0, 7))!;
    const ranges = [
      {},
      { from: u.days[0] },
      { from: u.days[1] },
      { from: u.days[17] },
      { from: monthStart },
      { from: u.days[30], to: u.days[50] },
      { from: '2020-01-01' },
      { from: u.asOfDay },
      { to: u.days[20] },
    ];
    let periods = 0;
    for (const q of ranges) {
      const direct = await marketIndex(database.db, q);
      expect(await marketIndex(database.db, q, undefined, inputs), JSON.stringify(q)).toEqual(direct);
      periods = Math.max(periods, new Set(direct.points.map((p) => p.date.slice(0, 7))).size);
    }
    // And both are the index as first written (every close in the range, by day), kept below as the reference.
    for (const q of [{ from: u.days[1] }, { from: u.days[17] }, { from: u.days[30], to: u.days[50] }]) {
      const fast = await marketIndex(database.db, q, undefined, inputs);
      expect(fast.points, JSON.stringify(q)).toEqual(await referenceLevels(fast.points[0]!.date, q.to ?? u.asOfDay, fast));
    }
    // The ranges cross rebalances: at least three months of points.
    expect(periods).toBeGreaterThanOrEqual(3);
    expect((await marketIndex(database.db, { from: u.days[1] })).points.length).toBe(u.days.length - 1);
  });
});

/*
 * On FINRA's public data no bond has an amount outstanding: weighted by market value, every
 * basket weighed nothing and the index stayed at 100 whatever the prices did (issue 31).
 */
describe('the market index on replayed FINRA data, where no amount outstanding is known', () => {
  let replay: DatabaseHandle;
  beforeAll(async () => {
    replay = await createTestDatabase();
    useMarketClock(replay.db, () => REPLAY_NOW);
    await loadReplayMarket(replay.db);
    // The load closes the replayed history's days, through 23 Sep (the last sales' day); the close
    // of the 24th is struck by the pricing engine's end-of-day run, as the market's day ends.
    await priceHistory(replay.db, '2026-09-23', '2026-09-24');
  }, 120_000);
  afterAll(() => replay?.close());

  it('weights each basket bond by its price alone and says so, directly and from the read model', async () => {
    const db = replay.db;
    // The premise: sized nowhere, and the IG basket is the bonds rated IG that traded on 23 Sep.
    const sized = await sql<{ n: string }>`select count(*) as n from bonds where amount_outstanding > 0`.execute(db);
    expect(Number(sized.rows[0]!.n)).toBe(0);
    const closes = await sql<{ bond_id: number; d: string; clean_price: string; coupon: string }>`
      select ep.bond_id, ep.price_date::text as d, ep.clean_price, b.coupon
      from evaluated_prices ep join bonds b on b.id = ep.bond_id
      where ep.kind = 'eod' and b.rating_sp in ('AA+', 'BBB-')
        and ep.bond_id in (select bond_id from daily_bond_stats where trade_date = '2026-09-23')
      order by ep.bond_id, ep.price_date`.execute(db);
    const byBond = new Map<number, { coupon: number; p: Map<string, number> }>();
    for (const r of closes.rows) {
      if (!byBond.has(r.bond_id)) byBond.set(r.bond_id, { coupon: Number(r.coupon), p: new Map() });
      byBond.get(r.bond_id)!.p.set(r.d, Number(r.clean_price));
    }
    // By hand: each bond held at the same face, so the day's total return is the sum of the price
    // changes and one day's coupon accrual (ACT/365) over the sum of the previous prices.
    let gain = 0;
    let base = 0;
    let both = 0;
    for (const { coupon, p } of byBond.values()) {
      const p0 = p.get('2026-09-23');
      const p1 = p.get('2026-09-24');
      if (p0 === undefined || p1 === undefined) continue;
      gain += p1 - p0 + (coupon * 100 * 1) / 365;
      base += p0;
      both++;
    }
    expect(both).toBeGreaterThan(5);
    const expected = 100 * (1 + gain / base);
    expect(Math.abs(expected - 100)).toBeGreaterThan(0.001);

    const direct = await marketIndex(db, { from: '2026-09-23' });
    expect(direct.weighting).toBe('equal');
    expect(direct.points.map((p) => p.date)).toEqual(['2026-09-23', '2026-09-24']);
    expect(direct.points[0]).toMatchObject({ ig: 100, igConstituents: byBond.size });
    expect(direct.points[1]!.igConstituents).toBe(both);
    expect(direct.points[1]!.ig).toBeCloseTo(expected, 6);
    // No bond rated HY traded: the HY index has no basket.
    expect(direct.points[1]!.hy).toBeNull();
    expect(await marketIndex(db, { from: '2026-09-23' }, undefined, indexInputs(db, '2026-09-24', REPLAY_NOW))).toEqual(direct);
  });
});

/**
 * The chaining as the index was first written, over every close in the range: for each day with
 * a close, the market-value-weighted total return of that day's basket against the day before.
 * The baskets are taken from the answer (their choice is the ranking query's, not at stake here),
 * recovered from the constituents of each period's first point.
 */
async function referenceLevels(from: string, to: string, answer: Awaited<ReturnType<typeof marketIndex>>) {
  const inputs = indexInputs(database.db, u.asOfDay, 0);
  // Rebalanced on each calendar month's first day, with the basket ranked the day before.
  const starts = [
    from,
    ...answer.points
      .map((p) => p.date)
      .filter((d, i, all) => i > 0 && d.slice(0, 7) !== all[i - 1]!.slice(0, 7))
      .map((d) => `${d.slice(0, 7)}-01`),
  ];
  const periods = await Promise.all(
    starts.map(async (start, k) => ({
      start,
      end: starts[k + 1] ? dayBefore(starts[k + 1]!) : to,
      ig: await inputs.basket(k === 0 ? start : dayBefore(start), 'IG'),
      hy: await inputs.basket(k === 0 ? start : dayBefore(start), 'HY'),
    })),
  );
  const rows = await sql<{ bond_id: number; d: string; clean_price: string; coupon: string; amount_outstanding: string }>`
    select ep.bond_id, ep.price_date::text as d, ep.clean_price, b.coupon, b.amount_outstanding
    from evaluated_prices ep join bonds b on b.id = ep.bond_id
    where ep.kind = 'eod' and ep.price_date between ${from}::date and ${to}::date
      and ep.bond_id in (${sql.join([...new Set(periods.flatMap((p) => [...p.ig, ...p.hy]))])})
    order by ep.price_date`.execute(database.db);
  const byDay = new Map<string, Map<number, { price: number; coupon: number; outstanding: number }>>();
  for (const r of rows.rows) {
    if (!byDay.has(r.d)) byDay.set(r.d, new Map());
    byDay.get(r.d)!.set(r.bond_id, { price: Number(r.clean_price), coupon: Number(r.coupon), outstanding: Number(r.amount_outstanding) });
  }
  const level = { ig: 100, hy: 100 };
  let prev: string | null = null;
  return [...byDay.keys()].sort().map((d) => {
    const period = periods.find((p) => d >= p.start && d <= p.end)!;
    const counts = { ig: 0, hy: 0 };
    for (const cls of ['ig', 'hy'] as const) {
      if (!prev) continue;
      let weight = 0;
      let weighted = 0;
      for (const id of period[cls]) {
        const a = byDay.get(prev)!.get(id);
        const b = byDay.get(d)!.get(id);
        if (!a || !b) continue;
        const w = a.outstanding * a.price;
        const elapsed = (Date.parse(d) - Date.parse(prev)) / 86_400_000;
        weighted += w * ((b.price - a.price + (a.coupon * 100 * elapsed) / 365) / a.price);
        weight += w;
        counts[cls]++;
      }
      if (weight > 0) level[cls] *= 1 + weighted / weight;
    }
    const point = {
      date: d,
      ig: Math.round(level.ig * 1e6) / 1e6,
      hy: Math.round(level.hy * 1e6) / 1e6,
      igConstituents: prev ? counts.ig : period.ig.length,
      hyConstituents: prev ? counts.hy : period.hy.length,
    };
    prev = d;
    return point;
  });
}

function dayBefore(day: string): string {
  return new Date(Date.parse(day) - 86_400_000).toISOString().slice(0, 10);
}
