import { describe, expect, it } from 'vitest';
import { type BasisTrade, estimateBasis, spreadDuration } from './basis';
import { confidenceFromVariance } from './confidence';
import { curveBook } from './curves';
import { sessionStep } from './signal';
import { SIDE_BUY, SIDE_DEALER } from './trades';

const A = { highYield: false, rating: 'A' } as const;

/**
 * Issue 10 item 3: the bond's own trades against the model, carried from close to close. Every
 * expectation here is worked out from the scenario, not read back from the filter.
 */
const DAY_MS = 86_400_000;
const NOW = Date.parse('2026-11-18T22:00:00Z');
const base = { fitBp: 10, modelCode: 5, fitScaleBp: 25, years: 7, highYield: false, asOfMs: NOW };
const trade = (id: number, spread: number, daysAgo: number, quantity = 2e6, side = SIDE_DEALER): BasisTrade => ({
  id,
  midSpreadBp: spread,
  quantity,
  side,
  timeMs: NOW - daysAgo * DAY_MS,
});

describe('a bond’s basis to the model', () => {
  it('prices a bond that traded weeks ago at today’s curve plus its basis then', () => {
    // Three weeks ago the issuer curve said 100 bp and the bond traded at 120 (+20). Today the curve says 130.
    const then = estimateBasis({ ...base, modelBp: 100, carried: undefined, trades: [trade(1, 120, 21.2)], asOfMs: NOW - 21 * DAY_MS });
    expect(then.basisBp).toBeGreaterThan(18);
    const today = estimateBasis({ ...base, modelBp: 130, carried: then, trades: [] });
    // The tight issuer curve (fit 10 vs a 25 bp scale) is followed at 1/(1 + 0.16) = 86 %:
    // 120 + 0.86 × 30 ≈ 145.9, i.e. about +16 over today's curve, decaying slowly toward it.
    expect(130 + today.basisBp).toBeGreaterThan(143);
    expect(130 + today.basisBp).toBeLessThan(148);
    // Its uncertainty grew with the weeks since.
    expect(today.varBp2).toBeGreaterThan(then.varBp2);
  });

  it('does not follow a loose model, nor one the bond has moved off (a new rating class)', () => {
    const then = estimateBasis({
      ...base,
      modelBp: 700,
      fitBp: 400,
      fitScaleBp: 75,
      highYield: true,
      carried: undefined,
      trades: [trade(1, 1500, 1.2)],
      asOfMs: NOW - DAY_MS,
    });
    const loose = estimateBasis({ ...base, modelBp: 950, fitBp: 400, fitScaleBp: 75, highYield: true, carried: then, trades: [] });
    // A 400 bp fit on a 75 bp scale is followed at 1/(1 + 28) ≈ 3 %: the bond stays near 1,500.
    expect(950 + loose.basisBp).toBeGreaterThan(1480);
    expect(950 + loose.basisBp).toBeLessThan(1520);
    const moved = estimateBasis({
      ...base,
      modelBp: 950,
      fitBp: 10,
      fitScaleBp: 75,
      modelCode: 26,
      highYield: true,
      carried: then,
      trades: [],
    });
    expect(950 + moved.basisBp).toBeGreaterThan(1480);
  });

  it('moves a model-only bond with its model, whatever curve it moves to', () => {
    const then = estimateBasis({ ...base, modelBp: 100, carried: undefined, trades: [], asOfMs: NOW - DAY_MS });
    expect(then.basisBp).toBe(0);
    const now = estimateBasis({ ...base, modelBp: 300, modelCode: 21, carried: then, trades: [] });
    expect(now.basisBp).toBe(0);
  });

  it('lets a block say more than an odd lot, and a fresh trade more than an old one', () => {
    const carried = { basisBp: 0, varBp2: 100, asOfMs: NOW - 10 * DAY_MS, modelBp: 100, modelCode: 5, known: 0.5 };
    const block = estimateBasis({ ...base, modelBp: 100, carried, trades: [trade(1, 110, 0.5, 5e6, SIDE_BUY)] });
    const oddLot = estimateBasis({ ...base, modelBp: 100, carried, trades: [trade(1, 110, 0.5, 20_000, SIDE_BUY)] });
    const old = estimateBasis({ ...base, modelBp: 100, carried, trades: [trade(1, 110, 9, 5e6, SIDE_BUY)] });
    expect(block.basisBp).toBeGreaterThan(oddLot.basisBp + 1);
    expect(block.basisBp).toBeGreaterThan(old.basisBp);
    expect(block.basisBp).toBeLessThanOrEqual(10);
  });

  it('leaves out a print far off everything else known of the bond (off-market)', () => {
    const carried = { basisBp: 5, varBp2: 9, asOfMs: NOW - DAY_MS, modelBp: 100, modelCode: 5, known: 0.9 };
    // 3 points below on a 7-year bond is ~50 bp wide of a basis known to ±3 bp.
    const est = estimateBasis({ ...base, modelBp: 100, carried, trades: [trade(7, 155, 0.2), trade(8, 106, 0.1)] });
    expect(est.gated).toEqual([7]);
    expect(est.basisBp).toBeGreaterThan(5);
    expect(est.basisBp).toBeLessThan(6.5);
  });

  it('takes news when a second far print confirms the first, even one left out at an earlier close', () => {
    const carried = { basisBp: 5, varBp2: 9, asOfMs: NOW - DAY_MS, modelBp: 100, modelCode: 5, known: 0.9 };
    // The issuer jumped ~50 bp: two blocks print at 150 and 152 bp against a basis of 105 known to ±3 bp.
    const both = estimateBasis({ ...base, modelBp: 100, carried, trades: [trade(7, 150, 0.3), trade(8, 152, 0.1)] });
    expect(both.gated).toEqual([]);
    expect(100 + both.basisBp).toBeGreaterThan(140);
    expect(both.reading!.innovationBp).toBeGreaterThan(40);
    // The first print came yesterday, before the close that left it out; today's confirms it.
    const later = { ...carried, asOfMs: NOW - 0.5 * DAY_MS };
    const next = estimateBasis({ ...base, modelBp: 100, carried: later, trades: [trade(7, 150, 0.8), trade(8, 152, 0.1)] });
    expect(next.gated).toEqual([]);
    expect(100 + next.basisBp).toBeGreaterThan(140);
    // Two far prints on opposite sides confirm nothing.
    const split = estimateBasis({ ...base, modelBp: 100, carried, trades: [trade(7, 150, 0.3), trade(8, 60, 0.1)] });
    expect(split.gated).toEqual([7, 8]);
    expect(split.far).toBeDefined();
  });

  it('scores confidence by the uncertainty of the price: short bonds and well-known bases score higher', () => {
    expect(spreadDuration(1, 100)).toBeGreaterThan(0.9);
    expect(spreadDuration(10, 100)).toBeGreaterThan(7.5);
    expect(spreadDuration(10, 100)).toBeLessThan(8.5);
    const short = confidenceFromVariance(400, 100, 1, 100, A);
    const long = confidenceFromVariance(400, 100, 10, 100, A);
    const known = confidenceFromVariance(4, 100, 10, 100, A);
    expect(short).toBeGreaterThan(long + 30);
    expect(known).toBeGreaterThan(long + 30);
    expect(known).toBeLessThanOrEqual(95);
  });
});

describe('the curve a trade printed on', () => {
  const points = (date: string, level: number) =>
    [
      { tenor: '1Y', years: 1, yield: level },
      { tenor: '10Y', years: 10, yield: level + 0.005 },
    ].map((p) => ({ curve_date: date, ...p }));
  const book = curveBook([...points('2026-11-17', 0.04), ...points('2026-11-18', 0.042)]);

  it('is half way between the two closes at mid-session, the close at the end, the previous close at the open', () => {
    // 08:00 New York is 13:00 UTC in November; the session's curve runs to 17:15 (22:15 UTC).
    const mid = Date.parse('2026-11-18T17:37:30Z');
    const step = sessionStep('2026-11-18', mid);
    expect(step).toBe(4);
    expect(book.at('2026-11-18', step)!.curve.yields[0]).toBeCloseTo(0.041, 9);
    expect(book.at('2026-11-18', 8)!.curve.yields[0]).toBeCloseTo(0.042, 9);
    expect(sessionStep('2026-11-18', Date.parse('2026-11-18T23:00:00Z'))).toBe(8);
    expect(book.at('2026-11-18', 1)!.curve.yields[1]).toBeCloseTo(0.045 + 0.002 / 8, 9);
    // During a live session the day's curve is the latest one: a trade just before asOf reads it.
    expect(sessionStep('2026-11-18', Date.parse('2026-11-18T15:59:00Z'), Date.parse('2026-11-18T16:00:00Z'))).toBe(8);
  });
});
