import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/testDatabase';
import { setBackfill } from '../market/simulator/backfill';
import { createTrades } from '../pricing/testFixtures';
import { runAccuracyBacktest, runAccuracyBacktestToEnd } from './backtest';
import { accuracyReport } from './report';
import { type AccuracyFixture, accuracyRowOf, insertAccuracyFixture } from './testFixtures';

/*
 * Expected figures worked out by hand from testFixtures.ts.
 * Half-spread (docs/market-data.md §B): (0.05 + 0.32·√(100k/size)) · (0.6 + 0.4·min(2, √(years/7))), ×1.7 HY.
 * Bond A has over 28 years left, so the tenor factor is 1.4:
 *   1MM: (0.05 + 0.32·√0.1) · 1.4 = (0.05 + 0.1011929) · 1.4 = 0.2116701
 *   5MM: (0.05 + 0.32·√0.02) · 1.4 = (0.05 + 0.0452548) · 1.4 = 0.1333568
 * a2 (customer buy 100.50, 1MM): mid 100.2883299; shown the 16 Nov close 100.00; last trade and
 *   previous close both a1 100.10.
 * a3 (inter-dealer 100.20): mid 100.20; shown 100.00; last trade a2 100.50; previous close a1 100.10.
 * a4 (customer sell 99.00, 5MM): mid 99.1333568; shown the 17 Nov close 100.30 (its own day's
 *   close comes later); last trade a3 100.20 (the cancelled 90.00 print is ignored); previous close a3.
 * b2 (inter-dealer 93.00, rated BB by then): shown the 15:00 snapshot 93.50; last trade and
 *   previous close b1 95.40, two business days earlier.
 */
let database: DatabaseHandle;
let fx: AccuracyFixture;

beforeAll(async () => {
  database = await createTestDatabase();
  fx = await insertAccuracyFixture(database.db);
});
afterAll(() => database.close());

describe('the backtest of evaluated prices on a hand-built market', () => {
  it('waits while older closes are still being priced in the background', async () => {
    await setBackfill(database.db, { from: '2026-10-01', to: '2026-11-13' }, new Date('2026-11-14T12:00:00Z'));
    expect(await runAccuracyBacktest(database.db)).toEqual({ evaluated: 0, waitingForHistory: true });
    await setBackfill(database.db, null, new Date('2026-11-14T12:00:00Z'));
  });

  it('evaluates the trades not yet seen, a batch at a time, skipping cancelled ones', async () => {
    expect((await runAccuracyBacktest(database.db, 2)).evaluated).toBe(2);
    expect((await runAccuracyBacktestToEnd(database.db)).evaluated).toBe(4);
    expect(await accuracyRowOf(database.db, fx.trades.a5!)).toBeUndefined();
    expect((await runAccuracyBacktest(database.db)).evaluated).toBe(0);
  });

  it("records the price shown just before each trade and each prediction's error against the trade's mid", async () => {
    const a2 = await accuracyRowOf(database.db, fx.trades.a2!);
    expect(a2).toMatchObject({ rating: 'A', rating_class: 'IG', tenor_bucket: '30Y', size_bucket: '1MM-5MM', trade_day: '2026-11-17' });
    expect(a2!.half_spread).toBeCloseTo(0.2116701, 6);
    expect(a2!.mid_price).toBeCloseTo(100.2883299, 6);
    expect(a2!.model_price).toBe(100);
    expect(a2!.confidence_band).toBe('80-100');
    expect(a2!.model_error).toBeCloseTo(-0.2883299, 6);
    expect(a2!.last_trade_error).toBeCloseTo(-0.1883299, 6);
    expect(a2!.previous_close_error).toBeCloseTo(-0.1883299, 6);
    expect(a2!.days_since_trade).toBe(1);

    const a3 = await accuracyRowOf(database.db, fx.trades.a3!);
    expect(a3).toMatchObject({ half_spread: 0, mid_price: 100.2, days_since_trade: 0, liquidity_bucket: '0d', size_bucket: '<100K' });
    expect(a3!.model_error).toBeCloseTo(-0.2, 9);
    expect(a3!.last_trade_error).toBeCloseTo(0.3, 9);
    expect(a3!.previous_close_error).toBeCloseTo(-0.1, 9);

    const a4 = await accuracyRowOf(database.db, fx.trades.a4!);
    expect(a4!.mid_price).toBeCloseTo(99.1333568, 6);
    expect(a4).toMatchObject({ model_price: 100.3, confidence: 70, confidence_band: '60-79', size_bucket: '5MM+' });
    expect(a4!.model_error).toBeCloseTo(1.1666432, 6);
    expect(a4!.last_trade_error).toBeCloseTo(1.0666432, 6);
    expect(a4!.previous_close_error).toBeCloseTo(1.0666432, 6);

    const b1 = await accuracyRowOf(database.db, fx.trades.b1!);
    expect(b1).toMatchObject({ rating: 'BBB', rating_class: 'IG', model_price: null, last_trade_error: null, liquidity_bucket: 'none' });
    const b2 = await accuracyRowOf(database.db, fx.trades.b2!);
    expect(b2).toMatchObject({
      rating: 'BB',
      rating_class: 'HY',
      tenor_bucket: '3Y',
      model_price: 93.5,
      confidence: 62,
      days_since_trade: 2,
    });
    expect(b2!.model_error).toBeCloseTo(0.5, 9);
    expect(b2!.last_trade_error).toBeCloseTo(2.4, 9);
  });

  it('aggregates shares, median, 95th percentile, bias and the confidence–error rank correlation', async () => {
    const report = await accuracyReport(database.db);
    expect(report).toMatchObject({ evaluatedTrades: 6, comparedTrades: 4, from: '2026-11-16', to: '2026-11-18' });
    const ig = report.overall.find((r) => r.key === 'IG')!;
    // IG |errors|: model 0.2883299, 0.2, 1.1666432; last trade 0.1883299, 0.3, 1.0666432.
    expect(ig.trades).toBe(3);
    expect(ig.model.withinTight).toBeCloseTo(2 / 3, 9);
    expect(ig.model.withinWide).toBeCloseTo(2 / 3, 9);
    expect(ig.model.medianError).toBeCloseTo(0.2883299, 6);
    // 95th percentile of three sorted values: 0.2883299 + 0.9 · (1.1666432 − 0.2883299).
    expect(ig.model.p95Error).toBeCloseTo(0.2883299 + 0.9 * (1.1666432 - 0.2883299), 6);
    expect(ig.model.bias).toBeCloseTo((-0.2883299 - 0.2 + 1.1666432) / 3, 6);
    expect(ig.lastTrade.medianError).toBeCloseTo(0.3, 9);
    expect(ig.lastTrade.meanAbsError).toBeCloseTo((0.1883299 + 0.3 + 1.0666432) / 3, 6);
    expect(ig.previousClose.medianError).toBeCloseTo(0.1883299, 6);

    const hy = report.overall.find((r) => r.key === 'HY')!;
    // HY's thresholds are 0.60 / 0.82: the model's 0.50 is within both, the baselines' 2.40 in neither.
    expect(hy).toMatchObject({ trades: 1, model: { withinTight: 1, withinWide: 1 }, lastTrade: { withinTight: 0, withinWide: 0 } });

    const blocks = report.bySize.find((r) => r.ratingClass === 'IG' && r.key === '1MM+')!;
    expect(blocks.trades).toBe(2);
    expect(blocks.model.medianError).toBeCloseTo((0.2883299 + 1.1666432) / 2, 6);
    expect(report.byRating.map((r) => r.key)).toEqual(['A', 'BB']);
    expect(report.byConfidence.filter((r) => r.ratingClass === 'IG').map((r) => [r.key, r.trades])).toEqual([
      ['60-79', 1],
      ['80-100', 2],
    ]);
    expect(report.byWeek.map((r) => [r.ratingClass, r.key, r.trades])).toEqual([
      ['IG', '2026-11-16', 3],
      ['HY', '2026-11-16', 1],
    ]);
    // IG ranks (average ranks for ties): confidence 85, 85, 70 → 2.5, 2.5, 1; |error| → 2, 1, 3.
    // Deviations (0.5, 0), (0.5, −1), (−1, 1): ρ = −1.5 / √(1.5 · 2).
    expect(report.spearman.IG).toBeCloseTo(-1.5 / Math.sqrt(3), 9);
  });

  it('picks up trades that arrive later, and limits the tables to a range of trade days', async () => {
    await createTrades(database.db, [
      { bondId: fx.bondB, time: new Date('2026-11-19T15:00:00Z'), quantity: 1_000_000, price: 93.2, side: 'inter_dealer' },
    ]);
    expect((await runAccuracyBacktest(database.db)).evaluated).toBe(1);
    const later = await accuracyReport(database.db, { from: '2026-11-19' });
    // Shown B's 18 Nov snapshot 93.50 (no close of the 18th for B): error 0.30; last trade b2 93.00: −0.20.
    expect(later.overall.find((r) => r.key === 'HY')).toMatchObject({ trades: 1 });
    expect(later.overall.find((r) => r.key === 'HY')!.model.bias).toBeCloseTo(0.3, 9);
    expect(later.overall.find((r) => r.key === 'HY')!.lastTrade.bias).toBeCloseTo(-0.2, 9);
  });
});
