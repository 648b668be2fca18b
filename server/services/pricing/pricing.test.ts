import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { Database } from '../../db/schema';
import { createTestDatabase } from '../../test/testDatabase';
import { parseDate } from '@analytics/index';
import { halfSpreadPoints } from './conventions';
import { spreadFromPrice } from './measures';
import { businessDaysBetween } from '../../../common/calendar';
import { explainPrice, priceHistory, repriceUniverse } from './index';
import type { Lineage } from './evaluate';
import {
  createBonds,
  createCurves,
  createIssuer,
  createSector,
  createTrades,
  entriesOf,
  fixtureCurves,
  priceAtSpread,
  type TradeSpec,
} from './testFixtures';

/**
 * Scenarios of evaluated pricing on a small hand-built market: issuers in two sectors, bullets,
 * a callable, an FRN, a zero, a bond days from maturity and a matured one; curves for four weeks
 * and trades placed at known spreads around the mid.
 */
const DAY = '2026-11-18';
const ASOF = new Date(`${DAY}T20:00:00Z`);
const DAYS = businessDaysBetween('2026-10-19', DAY);
const shift = (d: string) => (DAYS.indexOf(d) % 5) * 1.5;

let handle: DatabaseHandle;
let db: Kysely<Database>;
const ids: Record<string, number> = {};
let outlierId = 0;

function tradesAround(
  bond: number,
  spreadBp: number,
  opts: { days: string[]; perDay: number; quantity: number; hy?: boolean; years: number },
  entryPrice: (spread: number, day: string) => number,
): TradeSpec[] {
  const out: TradeSpec[] = [];
  const sides = ['customer_buy', 'customer_sell', 'inter_dealer'] as const;
  for (const day of opts.days) {
    for (let i = 0; i < opts.perDay; i++) {
      const side = sides[i % 3]!;
      const hs = halfSpreadPoints(opts.quantity, opts.hy ?? false, opts.years);
      const mid = entryPrice(spreadBp, day);
      out.push({
        bondId: bond,
        time: new Date(`${day}T${String(14 + i).padStart(2, '0')}:15:00Z`),
        quantity: opts.quantity,
        side,
        price: mid + (side === 'customer_buy' ? hs : side === 'customer_sell' ? -hs : 0),
      });
    }
  }
  return out;
}

async function state(bondId: number) {
  return db.selectFrom('bond_market_state').selectAll().where('bond_id', '=', bondId).executeTakeFirst();
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  const fin = await createSector(db, 'FIN', 'Financials');
  const ind = await createSector(db, 'IND', 'Industrials');
  const acme = await createIssuer(db, fin.industryId, 'ACME');
  const beta = await createIssuer(db, ind.industryId, 'BETA');
  const gamma = await createIssuer(db, ind.industryId, 'GAMMA');
  const [acme10, acme5, acme3, beta7, beta12, callable, frn, zero, nearMaturity, matured] = await createBonds(db, [
    { issuerId: acme, coupon: 0.05, issueDate: '2024-03-15', maturityDate: '2034-03-15' },
    { issuerId: acme, coupon: 0.045, issueDate: '2022-06-01', maturityDate: '2031-06-01' },
    { issuerId: acme, coupon: 0.04, issueDate: '2021-01-10', maturityDate: '2029-07-10' },
    { issuerId: beta, coupon: 0.055, issueDate: '2023-05-20', maturityDate: '2033-05-20', ratingSp: 'BBB' },
    { issuerId: beta, coupon: 0.06, issueDate: '2024-09-01', maturityDate: '2038-09-01', ratingSp: 'BBB' },
    {
      issuerId: gamma,
      coupon: 0.07,
      issueDate: '2023-02-15',
      maturityDate: '2033-02-15',
      ratingSp: 'A',
      callSchedule: [
        { date: '2027-02-15', price: 100 },
        { date: '2029-02-15', price: 100 },
      ],
    },
    { issuerId: gamma, couponType: 'floating', quotedMargin: 0.009, issueDate: '2025-01-15', maturityDate: '2030-01-15', ratingSp: 'A' },
    { issuerId: beta, couponType: 'zero', issueDate: '2020-01-15', maturityDate: '2035-01-15', ratingSp: 'BBB' },
    { issuerId: acme, coupon: 0.03, issueDate: '2021-11-20', maturityDate: '2026-11-20' },
    { issuerId: acme, coupon: 0.03, issueDate: '2019-11-02', maturityDate: '2026-11-02' },
  ]);
  Object.assign(ids, { acme10, acme5, acme3, beta7, beta12, callable, frn, zero, nearMaturity, matured });
  await createCurves(db, DAYS, shift);
  const curves = fixtureCurves(DAYS, shift);
  const entries = await entriesOf(db);
  const at = (id: number) => (spread: number, day: string) => priceAtSpread(entries.get(id)!, spread, day, curves);
  const last3 = DAYS.slice(-3);
  const trades: TradeSpec[] = [
    // ACME 10y: four trades a day for three days at 100 bp, round lots.
    ...tradesAround(acme10!, 100, { days: last3, perDay: 4, quantity: 2_000_000, years: 7.3 }, at(acme10!)),
    // ACME 5y: two odd lots last week.
    ...tradesAround(acme5!, 85, { days: DAYS.slice(-8, -7), perDay: 2, quantity: 50_000, years: 4.5 }, at(acme5!)),
    // BETA 12y: a fresh block.
    ...tradesAround(beta12!, 170, { days: last3, perDay: 2, quantity: 5_000_000, years: 11.8 }, at(beta12!)),
    // Callable trading above par (tight spread, 7% coupon).
    ...tradesAround(callable!, 60, { days: last3, perDay: 3, quantity: 1_000_000, years: 6.3 }, at(callable!)),
    // FRN at a 90 bp discount margin.
    ...tradesAround(frn!, 90, { days: last3, perDay: 2, quantity: 1_000_000, years: 3.2 }, at(frn!)),
    ...tradesAround(nearMaturity!, 40, { days: last3, perDay: 1, quantity: 100_000, years: 0.01 }, at(nearMaturity!)),
  ];
  // An inter-dealer print 3 points off the market: the outlier.
  const outlier: TradeSpec = {
    bondId: acme10!,
    time: new Date(`${DAY}T17:45:00Z`),
    quantity: 1_000_000,
    side: 'inter_dealer',
    price: at(acme10!)(100, DAY) - 3,
  };
  // A cancelled trade far off the market must be ignored entirely.
  const cancelled: TradeSpec = {
    bondId: acme10!,
    time: new Date(`${DAY}T18:00:00Z`),
    quantity: 1_000_000,
    side: 'inter_dealer',
    price: 50,
    status: 'cancelled',
  };
  const inserted = await createTrades(db, [...trades, outlier, cancelled]);
  outlierId = inserted[inserted.length - 2]!;
  // Volume history for ACME 10y: 2MM a day for 20 business days.
  const statDays = DAYS.slice(-21, -1);
  await db
    .insertInto('daily_bond_stats')
    .values(statDays.map((d) => ({ bond_id: acme10!, trade_date: d, volume: 2_000_000, trade_count: 1, high: 100, low: 100, vwap: 100 })))
    .execute();
  // End-of-day history for the previous days, then today's reprice.
  await priceHistory(db, DAYS[DAYS.length - 6]!, DAYS[DAYS.length - 2]!);
  await repriceUniverse(db, ASOF);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('evaluated pricing', () => {
  it('a bond with many fresh trades prices near the side-adjusted VWAP with high confidence', async () => {
    const curves = fixtureCurves(DAYS, shift);
    const entries = await entriesOf(db);
    const mid = priceAtSpread(entries.get(ids.acme10!)!, 100, DAY, curves);
    const row = await state(ids.acme10!);
    expect(Math.abs(Number(row!.price) - mid)).toBeLessThan(0.1);
    expect(row!.confidence).toBeGreaterThanOrEqual(70);
  });

  it('an outlier trade is rejected and named in the lineage', async () => {
    const explained = await explainPrice(db, ids.acme10!, DAY);
    expect(explained).not.toBeNull();
    const rejected = explained!.rejected.find((t) => t.id === String(outlierId));
    expect(rejected?.reason).toBe('outlier');
    expect(explained!.trades.some((t) => t.id === String(outlierId))).toBe(false);
    expect(explained!.trades.every((t) => t.price > 60)).toBe(true);
    expect(explained!.trades.reduce((a, t) => a + (t.weight ?? 0), 0)).toBeCloseTo(1, 3);
  });

  it('a bond with no trades takes the issuer-curve/sector model with lower confidence', async () => {
    const row = await state(ids.acme3!);
    const traded = await state(ids.acme10!);
    expect(row!.price).not.toBeNull();
    expect(row!.confidence!).toBeLessThan(traded!.confidence!);
    expect(row!.confidence!).toBeLessThanOrEqual(60);
    const explained = await explainPrice(db, ids.acme3!, DAY);
    expect(explained!.method).toBe('model');
    expect(explained!.model.kind).toBe('issuer');
    // ACME's curve runs through its traded bonds (≈85 bp at 4.5 years, 100 bp at 7.3), not the
    // universe prior; at 3 years it extends the curve's slope (trades are read against the curve
    // moving through their day, so a few bp either way of where they were placed).
    expect(explained!.spreadBp).toBeGreaterThan(45);
    expect(explained!.spreadBp).toBeLessThan(120);
    const zero = await explainPrice(db, ids.zero!, DAY);
    expect(['issuer', 'sector']).toContain(zero!.model.kind);
  });

  it('a callable priced above par has yield to worst at the call', async () => {
    const row = await state(ids.callable!);
    expect(Number(row!.price)).toBeGreaterThan(100);
    expect(row!.next_call_date).not.toBeNull();
    const ytc = Number(row!.yield_to_call);
    expect(ytc).toBeLessThan(Number(row!.yield_to_maturity));
    expect(Number(row!.yield_to_worst)).toBeCloseTo(ytc, 7);
    const bullet = await state(ids.acme10!);
    expect(bullet!.yield_to_call).toBeNull();
    expect(bullet!.next_call_date).toBeNull();
    expect(bullet!.yield_to_worst).toBe(bullet!.yield_to_maturity);
  });

  it("a callable's lineage spread is the spread of its displayed price, and its trades' spread gives their price back", async () => {
    const row = await state(ids.callable!);
    const lineage = (await explainPrice(db, ids.callable!, DAY))!;
    const entry = (await entriesOf(db)).get(ids.callable!)!;
    const curves = fixtureCurves(DAYS, shift);
    const shown = spreadFromPrice(entry, Number(row!.price), parseDate(DAY), curves.on(DAY)!.curve);
    expect(lineage.pricingSpace).toMatch(/spread to worst/);
    expect(Math.abs(shown - lineage.spreadBp)).toBeLessThan(0.01);
    // The trades were placed at 60 bp on their day's closing curve; pricing reads each against the
    // curve moving from the previous close to that close through the session (curves.at), so they
    // say 60 back within the curve's move that day (at most 6 bp in this market).
    for (const t of lineage.trades) expect(Math.abs(t.midSpreadBp! - 60)).toBeLessThanOrEqual(6);
  });

  it('an FRN gets a discount margin', async () => {
    const row = await state(ids.frn!);
    expect(Number(row!.discount_margin)).toBeGreaterThan(80);
    expect(Number(row!.discount_margin)).toBeLessThan(100);
    expect(Number(row!.duration)).toBeLessThan(0.3);
    const bullet = await state(ids.acme10!);
    expect(bullet!.discount_margin).toBeNull();
  });

  it('changes are measured against the previous close', async () => {
    const prevDay = DAYS[DAYS.length - 2]!;
    const close = await db
      .selectFrom('evaluated_prices')
      .selectAll()
      .where('bond_id', '=', ids.acme10!)
      .where('kind', '=', 'eod')
      .where('price_date', '=', prevDay)
      .executeTakeFirstOrThrow();
    const row = await state(ids.acme10!);
    expect(Number(row!.change_price)).toBeCloseTo(Number(row!.price) - Number(close.clean_price), 6);
    expect(Number(row!.change_ytm)).toBeCloseTo(Number(row!.yield_to_maturity) - Number(close.yield), 7);
    expect(Number(row!.change_g_spread)).toBeCloseTo(Number(row!.g_spread) - Number(close.g_spread_bp), 3);
    const lineage = close.inputs as unknown as Lineage;
    expect(Number(row!.change_ytw)).toBeCloseTo(Number(row!.yield_to_worst) - lineage.m[1], 7);
    expect(Number(row!.change_t_spread)).toBeCloseTo(Number(row!.t_spread) - lineage.m[2], 3);
    expect(row!.start_confidence).toBe(close.confidence);
    expect(row!.change_confidence).toBe(row!.confidence! - close.confidence);
    const callable = await state(ids.callable!);
    const callableClose = await db
      .selectFrom('evaluated_prices')
      .select('inputs')
      .where('bond_id', '=', ids.callable!)
      .where('kind', '=', 'eod')
      .where('price_date', '=', prevDay)
      .executeTakeFirstOrThrow();
    expect(Number(callable!.change_ytc)).toBeCloseTo(
      Number(callable!.yield_to_call) - (callableClose.inputs as unknown as Lineage).m[0]!,
      7,
    );
  });

  it('volume and volume % change come from today and the previous 20 days', async () => {
    const row = await state(ids.acme10!);
    // Four 2MM trades today (the outlier's 1MM counts as volume too; the cancelled one does not).
    expect(Number(row!.volume)).toBe(9_000_000);
    expect(Number(row!.volume_percent_change)).toBeCloseTo(350, 3);
    const quiet = await state(ids.acme3!);
    expect(Number(quiet!.volume)).toBe(0);
    expect(quiet!.volume_percent_change).toBeNull();
  });

  it('repricing twice is idempotent', async () => {
    const before = await db.selectFrom('bond_market_state').selectAll().orderBy('bond_id').execute();
    const countBefore = await db
      .selectFrom('evaluated_prices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await repriceUniverse(db, ASOF);
    const after = await db.selectFrom('bond_market_state').selectAll().orderBy('bond_id').execute();
    const countAfter = await db
      .selectFrom('evaluated_prices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(countAfter.n).toBe(countBefore.n);
    await repriceUniverse(db, ASOF, { kind: 'eod' });
    const eod1 = await db
      .selectFrom('evaluated_prices')
      .selectAll()
      .where('kind', '=', 'eod')
      .where('price_date', '=', DAY)
      .orderBy('bond_id')
      .execute();
    await repriceUniverse(db, ASOF, { kind: 'eod' });
    const eod2 = await db
      .selectFrom('evaluated_prices')
      .selectAll()
      .where('kind', '=', 'eod')
      .where('price_date', '=', DAY)
      .orderBy('bond_id')
      .execute();
    expect(eod2.map((r) => [r.id, r.clean_price, r.confidence])).toEqual(eod1.map((r) => [r.id, r.clean_price, r.confidence]));
  });

  it('no NaN or Infinity reaches the table; matured bonds are excluded', async () => {
    const rows = await db.selectFrom('bond_market_state').selectAll().execute();
    expect(rows.map((r) => r.bond_id)).not.toContain(ids.matured);
    expect(rows.map((r) => r.bond_id)).toContain(ids.nearMaturity);
    for (const r of rows) {
      for (const [key, value] of Object.entries(r)) {
        if (typeof value === 'string' && /nan|infinity/i.test(value)) throw new Error(`${key} of bond ${r.bond_id} is ${value}`);
      }
      expect(r.price).not.toBeNull();
    }
    const near = await state(ids.nearMaturity!);
    expect(Math.abs(Number(near!.price) - 100)).toBeLessThan(2);
  });
});
