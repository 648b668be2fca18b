import { describe, expect, it } from 'vitest';
import { type BasisEstimate, type BasisTrade, type CarriedBasis, estimateBasis } from './basis';
import { DISTRESSED, isDistressed, marketMove } from './distressed';
import { SIDE_BUY, SIDE_SELL } from './trades';

/**
 * Issue 32 item 4: distressed bonds (CCC+ and below, or a model spread over 1,000 bp) carry their
 * own last level forward by the market's move in log spread, and read their prints at a wider
 * half-spread. Every expected number is worked out by hand in the comments.
 */
const DAY_MS = 86_400_000;
const NOW = Date.parse('2026-11-18T22:00:00Z');
/** Exactly one business day before NOW in the filter's clock (calendar days × 5/7). */
const ONE_BUSINESS_DAY_AGO = NOW - 1.4 * DAY_MS;
const ccc = { fitBp: 300, modelCode: 16, fitScaleBp: 75, years: 5, highYield: true, asOfMs: NOW };

describe('which bonds are distressed', () => {
  it('every CCC-bucket bond (CCC+ … D), and any bond the model puts over 1,000 bp', () => {
    expect(isDistressed('CCC', 650)).toBe(true);
    expect(isDistressed('B', 1_001)).toBe(true);
    expect(isDistressed('B', 1_000)).toBe(false);
    expect(isDistressed('BBB', 140)).toBe(false);
  });
});

describe('a distressed bond carried by the market move, not by its loose curve', () => {
  // Known well at its last close at 1,000 bp (800 model + 200 basis), one business day ago. Today
  // its CCC curve, loose (300 bp fit), says 900 bp: 100 bp wider, with no trade of the bond.
  const yesterday: CarriedBasis = { basisBp: 200, varBp2: 400, asOfMs: ONE_BUSINESS_DAY_AGO, modelBp: 800, modelCode: 16, known: 1 };

  it('on a loose curve (curveFollow 0) moves by the market’s +2 % in log spread: 1,000 × e^0.02 = 1,020.20 bp', () => {
    const est = estimateBasis({ ...ccc, modelBp: 900, carried: yesterday, trades: [], carriedMove: 0.02, curveFollow: 0 });
    // Held basis 1,020.2013 − 900 = 120.2013, whole (its own prints stood for all of it), not
    // pulled back to a curve it does not follow.
    expect(est.basisBp).toBeCloseTo(120.2013, 3);
    expect(900 + est.basisBp).toBeCloseTo(1_020.2013, 3);
  });

  it('holds only part of its level when its own prints stood for less than half of it', () => {
    // Known 0.25: share held 2 × 0.25 = 0.5 of 120.2013, the other half keeps yesterday's basis
    // of 200 over the new curve: 0.5 × 120.2013 + 0.5 × 200 = 160.1007.
    const est = estimateBasis({
      ...ccc,
      modelBp: 900,
      carried: { ...yesterday, known: 0.25 },
      trades: [],
      carriedMove: 0.02,
      curveFollow: 0,
    });
    expect(est.basisBp).toBeCloseTo(160.1007, 3);
  });

  it('on an issuer curve its siblings shape, follows the curve as far as it fits and the market for the rest', () => {
    // Follow 1/17 (fit 300 on a scale of 75): 1,000 + 100/17 + (16/17) × 1,000 × (e^0.02 − 1) − 900
    // = 100 + 5.8824 + 19.0130 = 124.8954, reverting 0.995^(1/17) = 0.999705: 124.8586.
    const est = estimateBasis({ ...ccc, modelBp: 900, carried: yesterday, trades: [], carriedMove: 0.02 });
    expect(est.basisBp).toBeCloseTo(124.8586, 3);
  });

  it('without the distressed path it followed 1/17 of its curve’s move and none of the market’s', () => {
    const est = estimateBasis({ ...ccc, modelBp: 900, carried: yesterday, trades: [] });
    // Follow = 1 / (1 + (300 / 75)²) = 1/17: held 1,000 + 100/17 − 900 = 105.8824, × 0.995 = 105.3529.
    expect(est.basisBp).toBeCloseTo(105.3529, 3);
  });
});

describe('a distressed print read at the dealers’ wider half-spread', () => {
  // A 25K customer trade of a 5-year bond: conventional half-spread (0.05 + 0.32·√4) ×
  // (0.6 + 0.4·√(5/7)) × 1.7 = 1.10035 pt; spread duration at 900 bp (y = 13.2 %, semiannual)
  // 3.57765. Half a half-spread more is 0.55017 pt = 15.378 bp of spread.
  const odd = (id: number, side: number, spreadBp: number): BasisTrade => ({
    id,
    midSpreadBp: spreadBp,
    quantity: 25_000,
    side,
    timeMs: NOW - 3_600_000,
  });
  const read = (t: BasisTrade, halfSpreadMultiple?: number) => {
    const est = estimateBasis({
      ...ccc,
      modelBp: 900,
      carried: undefined,
      trades: [t],
      ...(halfSpreadMultiple ? { halfSpreadMultiple } : {}),
    });
    return 900 + est.priorBasisBp + est.reading!.innovationBp;
  };

  it('a customer buy paid 0.55 pt more than the convention says: its mid is lower, its spread 15.378 bp wider', () => {
    expect(read(odd(1, SIDE_BUY, 950), 1.5)).toBeCloseTo(965.378, 2);
    expect(read(odd(1, SIDE_BUY, 950))).toBeCloseTo(950, 6);
  });

  it('a customer sell the other way, by as much', () => {
    expect(read(odd(2, SIDE_SELL, 950), 1.5)).toBeCloseTo(934.622, 2);
  });

  it('the documented multiple is 1.5', () => {
    expect(DISTRESSED.HALF_SPREAD_MULTIPLE).toBe(1.5);
  });
});

describe('the market move since the close, read off every bond that traded', () => {
  // Readings built by hand: a 100 bp bond read at 102 (variance 3 + 1 at the close) and a
  // 1,000 bp bond read at 1,020 (300 + 100): both 2 % wider, ln 1.02 = 0.0198026, each with a
  // relative variance of 4e-4, so the pooled reading has variance 2e-4. The prior of one day,
  // 0.015² = 2.25e-4, keeps 2.25 / 4.25 of it: 0.0104837.
  const reading = (before: number, now: number, readVar: number, closeVar: number) => ({
    carried: { basisBp: 0, varBp2: closeVar, asOfMs: ONE_BUSINESS_DAY_AGO, modelBp: before, modelCode: 5, known: 1 },
    est: { modelBp: before, priorBasisBp: 0, reading: { innovationBp: now - before, varBp2: readVar } } as BasisEstimate,
    days: 1,
  });

  it('pools the bonds’ log moves by precision and shrinks them by a day’s prior: +0.0104837', () => {
    expect(marketMove([reading(100, 102, 3, 1), reading(1_000, 1_020, 300, 100)])).toBeCloseTo(0.0104837, 6);
  });

  it('is symmetric, and nothing without a bond that traded since a carried close', () => {
    expect(marketMove([reading(100, 98.0392, 3, 1)])).toBeCloseTo(-marketMove([reading(100, 102, 3, 1)]), 4);
    expect(marketMove([{ carried: undefined, est: reading(100, 102, 3, 1).est, days: 1 }])).toBe(0);
    expect(marketMove([])).toBe(0);
  });
});
