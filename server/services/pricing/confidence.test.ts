import { createBond, parseDate } from '@analytics/index';
import { describe, expect, it } from 'vitest';
import { confidenceFromVariance, nextPrintSdPt } from './confidence';
import { halfSpreadPoints, type RatingBucket } from './conventions';
import { evaluateUniverse } from './evaluate';
import type { BondEntry } from './terms';
import { fixtureCurves, priceAtSpread } from './testFixtures';
import { SIDE_BUY, SIDE_DEALER, SIDE_SELL, type TradeObs } from './trades';

/**
 * Confidence earns its name: a bond's own trades are evidence added to what the model knows, so
 * one or two recent trades never score it below the same bond priced by the model alone (in the
 * issue, HAE 4.80 08/08/27 fell from 58 to 38 when two trades arrived), and more trade evidence
 * never lowers it.
 */
const DAY = '2026-11-18';
const DAYS = ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-16', '2026-11-17', DAY];
const curves = fixtureCurves(DAYS);
const ASOF = new Date(`${DAY}T20:00:00Z`);

function bullet(id: number, maturity: string, highYield = false, rating: RatingBucket = highYield ? 'BB' : 'A'): BondEntry {
  const issueDay = parseDate('2024-08-08');
  const maturityDay = parseDate(maturity);
  return {
    id,
    issuerId: 1,
    sectorId: 1,
    rating,
    highYield,
    couponType: 'fixed',
    coupon: 0.048,
    issueDay,
    maturity,
    maturityDay,
    quotedMargin: 0,
    calls: [],
    bond: createBond({
      issueDate: issueDay,
      maturityDate: maturityDay,
      coupon: 0.048,
      frequency: 2,
      dayCount: '30/360',
      endOfMonth: false,
      redemption: 100,
    }),
    error: null,
    updatedAtMs: 1,
  };
}

let nextId = 1;
function trade(e: BondEntry, spreadBp: number, side: number, quantity: number, day: string, hour = 15): TradeObs {
  const mid = priceAtSpread(e, spreadBp, day, curves);
  const years = (e.maturityDay - parseDate(day)) / 365.25;
  const hs = halfSpreadPoints(quantity, e.highYield, years);
  const price = side === SIDE_BUY ? mid + hs : side === SIDE_SELL ? mid - hs : mid;
  return {
    id: nextId++,
    bondId: e.id,
    timeMs: Date.parse(`${day}T${hour}:00:00Z`),
    day,
    quantity,
    reportedQuantity: quantity,
    price,
    side,
  };
}

/**
 * Confidence of bond 1 (a 2033 bullet, or `maturity`, of an issuer with three well-traded bonds)
 * given its own trades. Confidence measures the uncertainty of the *price* (issue 10 item 3: it
 * must rank price errors), so a bond a few months from maturity is near-certain whatever its
 * trades: the scenarios use a seven-year bond, where trade evidence matters.
 */
function confidenceWith(
  own: (e: BondEntry) => TradeObs[],
  highYield = false,
  maturity = '2033-08-08',
  rating: RatingBucket = highYield ? 'BB' : 'A',
  peerBp = 110,
): number {
  const target = bullet(1, maturity, highYield, rating);
  const peers = ['2029-08-08', '2031-08-08', '2034-08-08'].map((m, i) => bullet(2 + i, m, highYield, rating));
  const trades = new Map<number, TradeObs[]>();
  peers.forEach((p, i) =>
    trades.set(
      p.id,
      DAYS.slice(-3).flatMap((d) => [trade(p, peerBp + 10 * i, SIDE_DEALER, 2e6, d), trade(p, peerBp + 2 + 10 * i, SIDE_BUY, 1e6, d, 16)]),
    ),
  );
  trades.set(1, own(target));
  const out = evaluateUniverse([target, ...peers], (id) => trades.get(id) ?? [], curves, ASOF);
  return out.evaluations.find((e) => e.bondId === 1)!.confidence;
}

describe('confidence rises with a bond’s own trade evidence', () => {
  for (const highYield of [false, true]) {
    const label = highYield ? 'high yield' : 'investment grade';
    it(`${label}: one or two recent trades do not score below the model alone`, () => {
      const modelOnly = confidenceWith(() => [], highYield);
      const one = confidenceWith((e) => [trade(e, 95, SIDE_BUY, 250_000, '2026-11-17')], highYield);
      // Two trades that disagree by 25 bp (a buy and a sell a day apart).
      const two = confidenceWith(
        (e) => [trade(e, 85, SIDE_SELL, 100_000, '2026-11-16'), trade(e, 110, SIDE_BUY, 500_000, '2026-11-17')],
        highYield,
      );
      expect(modelOnly).toBeGreaterThan(0);
      expect(one).toBeGreaterThanOrEqual(modelOnly);
      expect(two).toBeGreaterThanOrEqual(modelOnly);
    });

    it(`${label}: more, fresher, bigger trades never lower it`, () => {
      const scores = [
        confidenceWith(() => [], highYield),
        confidenceWith((e) => [trade(e, 100, SIDE_DEALER, 1e6, '2026-11-12')], highYield),
        confidenceWith((e) => [trade(e, 100, SIDE_DEALER, 1e6, DAY)], highYield),
        confidenceWith((e) => [trade(e, 100, SIDE_DEALER, 1e6, '2026-11-17'), trade(e, 101, SIDE_DEALER, 1e6, DAY)], highYield),
        confidenceWith(
          (e) => DAYS.slice(-3).flatMap((d) => [trade(e, 100, SIDE_DEALER, 2e6, d), trade(e, 101, SIDE_BUY, 2e6, d, 16)]),
          highYield,
        ),
      ];
      for (let i = 1; i < scores.length; i++) expect(scores[i], `${scores.join(' → ')}`).toBeGreaterThanOrEqual(scores[i - 1]!);
      // Trades remove what the price does not know, not the day's move of rates and spread before
      // the next print nor that print's own noise (confidence.ts): the gain is bounded by those
      // (it was > 20 when they did not count; 53 → 73 for this BB bullet).
      expect(scores[scores.length - 1]).toBeGreaterThan(scores[0]! + 15);
    });

    it(`${label}: a short bond's price is surer than a long one's on the same evidence`, () => {
      expect(confidenceWith(() => [], highYield, '2027-08-08')).toBeGreaterThan(confidenceWith(() => [], highYield, '2033-08-08') + 10);
    });
  }
});

/**
 * Issue 32 item 4: confidence must rank the error against the next print, which also moves with a
 * day of rates and spread and carries its own dealer's half-spread. Values worked by hand from
 * confidence.ts's parameters (rates 3.7 bp a day, spread 2.6 % of itself a day — 5.2 % for CCC —,
 * print noise 0.315 of a 100K lot's conventional half-spread, scale 0.6 pt).
 */
const A = { highYield: false, rating: 'A' } as const;
const BB = { highYield: true, rating: 'BB' } as const;
const CCC = { highYield: true, rating: 'CCC' } as const;

describe('confidence ranks the error against the next print', () => {
  it('an A bond traded today (basis known to ±2 bp) scores 82: worked by hand', () => {
    // 5 years, model 100 bp, price 100. Spread variance 4 + 3.7² + (0.026 · 100)² = 24.45 bp²;
    // spread duration at 5.2 %: (1 − 1.026⁻¹⁰) / 0.052 = 4.35351; √24.45 · 4.35351 · 100 / 10⁴ =
    // 0.215268 pt. Print: 0.315 · (0.05 + 0.32) · (0.6 + 0.4 · √(5/7)) = 0.315 · 0.347083 =
    // 0.109331 pt. sd = √(0.215268² + 0.109331²) = 0.241440; 95 / (1 + (0.241440 / 0.6)²) = 81.76.
    expect(nextPrintSdPt(4, 100, 5, 100, A)).toBeCloseTo(0.24144, 4);
    expect(confidenceFromVariance(4, 100, 5, 100, A)).toBe(82);
  });

  it('a CCC bond untraded for 10 days scores 10: worked by hand', () => {
    // Its basis known to ±20 bp at its last trade, then 10 business days of drift (1.2 % of 900 bp
    // a day, basis.ts): 400 + 10.8² · 10 = 1,566.4 bp². Spread variance 1,566.4 + 3.7² +
    // (0.052 · 900)² = 3,770.33 bp²; spread duration at 13.2 %: (1 − 1.066⁻¹⁰) / 0.132 = 3.57765;
    // √3,770.33 · 3.57765 · 80 / 10⁴ = 1.757430 pt. Print: 0.315 · 0.347083 · 1.7 = 0.185863 pt.
    // sd = 1.767231; 95 / (1 + (1.767231 / 0.6)²) = 9.82.
    expect(nextPrintSdPt(1566.4, 900, 5, 80, CCC)).toBeCloseTo(1.767231, 4);
    expect(confidenceFromVariance(1566.4, 900, 5, 80, CCC)).toBe(10);
    // The same bond rated BB (a spread day of 2.6 %): 1,566.4 + 13.69 + 23.4² = 2,127.65 bp²,
    // 1.320196 pt, sd 1.333215, 95 / (1 + (1.333215 / 0.6)²) = 16.00.
    expect(confidenceFromVariance(1566.4, 900, 5, 80, BB)).toBe(16);
  });

  it('through the pricing: a CCC bond without trades scores far below an A bond traded today', () => {
    const aTradedToday = confidenceWith((e) => [trade(e, 100, SIDE_DEALER, 1e6, DAY)], false, '2031-08-08');
    const cccUntraded = confidenceWith(() => [], true, '2031-08-08', 'CCC', 900);
    expect(aTradedToday).toBeGreaterThan(cccUntraded + 40);
    expect(cccUntraded).toBeLessThan(30);
  });

  it('the same spread uncertainty scores lower on a long bond (rates move it more) and a high-yield one (wider prints)', () => {
    // A day's 3.7 bp of rates is ~0.55 pt of a 30-year bond's price (spread duration ~15) against ~0.16 pt at 5 years.
    expect(confidenceFromVariance(4, 100, 30, 100, A)).toBeLessThan(confidenceFromVariance(4, 100, 5, 100, A) - 30);
    expect(confidenceFromVariance(4, 100, 5, 100, BB)).toBeLessThan(confidenceFromVariance(4, 100, 5, 100, A));
  });
});
