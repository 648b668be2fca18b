/**
 * Issue 10, item 2: a market the pricer cannot read off. Each scenario checks one source of
 * difficulty the simulator adds: spreads that lead rating changes, issuer news jumps, the curve
 * moving during the day, dealer- and size-dependent half-spreads with fat-tailed noise and
 * off-market prints, and stale bonds.
 */
import { describe, expect, it } from 'vitest';
import { halfSpreadPoints } from '../../pricing/conventions';
import { INTRADAY_STEPS, intradayCurves } from './history';
import { issuerNotchOn, issuerSpreadNotchOn, MIGRATION_LEAD_DAYS, type SimIssuer } from './issuers';
import { interpolateCurve } from '@analytics/index';
import { type SpreadFactors, stepSpreads } from './model';
import { Rng } from './random';
import { activityWeight, generateBondTrades, isStaleBond, STALE, tradeProbability } from './trades';
import { generateUniverse } from './universe';

const universe = generateUniverse({ seed: 11, bonds: 400, historyDays: 40, endDate: '2026-11-20' });

describe('a market that is hard to price', () => {
  it('moves an issuer’s spread to its new rating over the weeks before the agencies change the rating', () => {
    const issuer = { notch: 8, ratingChange: { date: '2026-10-15', notch: 10 } } as SimIssuer;
    expect(issuerSpreadNotchOn(issuer, '2026-08-01')).toBe(8);
    // Half way through the lead the spread is half way to the new notch while the rating has not moved.
    const half = new Date(Date.parse('2026-10-15T00:00:00Z') - (MIGRATION_LEAD_DAYS / 2) * 86_400_000).toISOString().slice(0, 10);
    expect(issuerSpreadNotchOn(issuer, half)).toBeCloseTo(9, 1);
    expect(issuerNotchOn(issuer, half)).toBe(8);
    expect(issuerSpreadNotchOn(issuer, '2026-10-14')).toBeGreaterThan(9.9);
    expect(issuerSpreadNotchOn(issuer, '2026-10-15')).toBe(10);
    expect(issuerNotchOn(issuer, '2026-10-15')).toBe(10);
  });

  it('gives issuers news jumps: fat-tailed daily spread changes, mostly wider, about once an issuer-year', () => {
    let f: SpreadFactors = { market: 0, sectors: {}, issuers: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [String(i), 0])) };
    const rng = new Rng(3, 'jumps');
    const moves: number[] = [];
    for (let day = 0; day < 252; day++) {
      const next = stepSpreads(f, rng);
      for (const k of Object.keys(f.issuers)) moves.push(next.issuers[k]! - f.issuers[k]!);
      f = next;
    }
    const big = moves.filter((m) => Math.abs(m) > 0.05);
    // Diffusion alone (1 % a day) almost never moves 5 %: these are the jumps, ~1 per issuer-year.
    expect(big.length).toBeGreaterThan(250);
    expect(big.length).toBeLessThan(550);
    expect(big.filter((m) => m > 0).length / big.length).toBeGreaterThan(0.5);
    const sd = Math.sqrt(moves.reduce((a, m) => a + m * m, 0) / moves.length);
    const kurtosis = moves.reduce((a, m) => a + m ** 4, 0) / moves.length / sd ** 4;
    expect(kurtosis).toBeGreaterThan(10);
  });

  it('moves the treasury curve during the day, ending at the published close', () => {
    const [prev, day] = universe.days.slice(-2) as [(typeof universe.days)[0], (typeof universe.days)[0]];
    const curves = intradayCurves(11, prev, day);
    expect(curves).toHaveLength(INTRADAY_STEPS);
    expect(curves[INTRADAY_STEPS - 1]).toBe(day.curveObj);
    const tenYear = (c: (typeof curves)[0]) => interpolateCurve(c, 10);
    const midday = tenYear(curves[INTRADAY_STEPS / 2 - 1]!);
    // Midday is neither close exactly: a morning trade sees a curve nobody publishes.
    expect(Math.abs(midday - tenYear(prev.curveObj))).toBeGreaterThan(1e-6);
    expect(Math.abs(midday - tenYear(day.curveObj))).toBeGreaterThan(1e-6);
    expect(Math.abs(midday - tenYear(day.curveObj))).toBeLessThan(0.003);
    expect(intradayCurves(11, prev, day).map(tenYear)).toEqual(curves.map(tenYear));
  });

  it('prints around the mid with dealer- and size-dependent half-spreads and fat-tailed noise the pricer is not told', () => {
    const trades = generateBondTrades(new Rng(5, 'prints'), 1, '2026-11-20', 40_000, 100, { hy: false, years: 7 }, 5_000_000);
    // What a perfect mid, adjusted by the pricer's convention, still misses.
    const miss = (small: boolean, by: number) => {
      const sel = trades.filter((t) => (small ? t.quantity < 1e6 : t.quantity >= 1e6));
      const errs = sel.map((t) => {
        const s = t.side === 'customer_buy' ? 1 : t.side === 'customer_sell' ? -1 : 0;
        return Math.abs(t.price - s * halfSpreadPoints(t.quantity, false, 7) - 100);
      });
      return errs.filter((e) => e > by).length / errs.length;
    };
    expect(miss(true, 0.25)).toBeGreaterThan(0.05);
    expect(miss(true, 0.25)).toBeLessThan(0.25);
    expect(miss(false, 0.25)).toBeGreaterThan(0.002);
    expect(miss(false, 0.55)).toBeLessThan(0.02);
    // Off-market and erroneous prints: a few in a thousand, points away.
    const far = trades.filter((t) => Math.abs(t.price - 100) > 2.5).length / trades.length;
    expect(far).toBeGreaterThan(0.001);
    expect(far).toBeLessThan(0.01);
    // The same size on the same side prints at different half-spreads (dealers differ).
    const round = trades.filter((t) => t.side === 'customer_buy' && t.quantity >= 2e6 && t.quantity <= 3e6).map((t) => t.price - 100);
    const q = (p: number) => [...round].sort((a, b) => a - b)[Math.floor(p * (round.length - 1))]!;
    expect(q(0.9) - q(0.1)).toBeGreaterThan(0.08);
  });

  it('keeps some bonds stale: they trade about once a month', () => {
    const stale = universe.bonds.filter((b) => isStaleBond(11, b.cusip)).length / universe.bonds.length;
    expect(stale).toBeGreaterThan(STALE.share / 2);
    expect(stale).toBeLessThan(STALE.share * 2);
    const bond = { amountIssued: 750_000_000, issueDate: '2020-01-15', hy: false, notch: 7 };
    const daysBetweenTrades = 1 / tradeProbability(activityWeight({ ...bond, stale: true }, '2026-11-20'));
    expect(daysBetweenTrades).toBeGreaterThan(15);
    expect(daysBetweenTrades).toBeLessThan(60);
    expect(1 / tradeProbability(activityWeight(bond, '2026-11-20'))).toBeLessThan(daysBetweenTrades / 2);
  });
});
