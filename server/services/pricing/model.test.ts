import { describe, expect, it } from 'vitest';
import { halfSpreadPoints, priorSpreadBp, ratingBucket, curveTenorIndex } from './conventions';
import { SpreadModel } from './model';
import { tradeSignal } from './signal';
import type { BondEntry } from './terms';
import { bulletEntry, fixtureCurves, priceAtSpread } from './testFixtures';
import { SIDE_BUY, SIDE_DEALER, SIDE_SELL, type TradeObs } from './trades';

/** The pure parts of the model, without a database. */
const DAY = '2026-11-18';
const curves = fixtureCurves(['2026-11-16', '2026-11-17', DAY]);

const entry = bulletEntry;

let nextId = 1;
function trade(e: BondEntry, spreadBp: number, side: number, quantity: number, day = DAY): TradeObs {
  const mid = priceAtSpread(e, spreadBp, day, curves);
  const hs = halfSpreadPoints(quantity, e.highYield, 7.3);
  const price = side === SIDE_BUY ? mid + hs : side === SIDE_SELL ? mid - hs : mid;
  return { id: nextId++, bondId: e.id, timeMs: Date.parse(`${day}T15:00:00Z`), day, quantity, reportedQuantity: quantity, price, side };
}

describe('conventions', () => {
  it('half-spreads shrink with size, widen with tenor and for high yield', () => {
    expect(halfSpreadPoints(10_000, false, 7)).toBeGreaterThan(halfSpreadPoints(1_000_000, false, 7));
    expect(halfSpreadPoints(1_000_000, false, 30)).toBeGreaterThan(halfSpreadPoints(1_000_000, false, 2));
    expect(halfSpreadPoints(1_000_000, true, 7)).toBeCloseTo(1.7 * halfSpreadPoints(1_000_000, false, 7), 10);
    expect(halfSpreadPoints(1000, true, 30)).toBeLessThanOrEqual(1.25 * 1.7);
  });

  it('ratings bucket by letter, Moody when S&P is missing, unrated as BBB', () => {
    expect(ratingBucket('BBB-', null)).toBe('BBB');
    expect(ratingBucket(null, 'Ba2')).toBe('BB');
    expect(ratingBucket('CC', null)).toBe('CCC');
    expect(ratingBucket(null, null)).toBe('BBB');
    expect(priorSpreadBp('BB', curveTenorIndex(12))).toBeGreaterThan(priorSpreadBp('A', curveTenorIndex(12)));
  });
});

describe('trade signal', () => {
  it('buys and sells around the mid average back to the mid', () => {
    const e = entry();
    const s = tradeSignal(e, [trade(e, 100, SIDE_BUY, 2e6), trade(e, 100, SIDE_SELL, 2e6)], curves, Date.parse(`${DAY}T20:00:00Z`))!;
    expect(s.spreadBp).toBeCloseTo(100, 6);
    expect(s.dispersionBp).toBeLessThan(0.01);
    expect(s.used.reduce((a, u) => a + u.weight, 0)).toBeCloseTo(1, 4);
  });

  it('rejects an outlier by median absolute deviation and weighs blocks above odd lots', () => {
    const e = entry();
    const trades = [
      trade(e, 100, SIDE_DEALER, 5e6),
      trade(e, 102, SIDE_DEALER, 5e6),
      trade(e, 98, SIDE_DEALER, 5e6),
      trade(e, 180, SIDE_DEALER, 1e6),
      trade(e, 110, SIDE_DEALER, 10_000),
    ];
    const s = tradeSignal(e, trades, curves, Date.parse(`${DAY}T20:00:00Z`))!;
    expect(s.rejected.map((r) => r.reason)).toEqual(['outlier']);
    expect(s.rejected[0]!.id).toBe(trades[3]!.id);
    expect(s.spreadBp).toBeGreaterThan(99);
    expect(s.spreadBp).toBeLessThan(102);
  });

  it('old trades weigh less and give a smaller blend weight', () => {
    const e = entry();
    const fresh = tradeSignal(e, [trade(e, 100, SIDE_DEALER, 1e6)], curves, Date.parse(`${DAY}T20:00:00Z`))!;
    const stale = tradeSignal(e, [trade(e, 100, SIDE_DEALER, 1e6, '2026-11-16')], curves, Date.parse(`${DAY}T20:00:00Z`))!;
    expect(stale.alpha).toBeLessThan(fresh.alpha);
    expect(fresh.alpha).toBeCloseTo(0.5, 1);
  });
});

describe('spread model', () => {
  it('an issuer curve runs through its traded bonds; an unknown sector falls back to the rating curve', () => {
    const model = new SpreadModel([
      { issuerId: 1, sectorId: 1, rating: 'A', years: 3, spreadBp: 150, weight: 0.9 },
      { issuerId: 1, sectorId: 1, rating: 'A', years: 9, spreadBp: 170, weight: 0.9 },
      { issuerId: 2, sectorId: 1, rating: 'A', years: 7, spreadBp: 80, weight: 0.9 },
    ]);
    const issuer = model.spreadFor(1, 1, 'A', 6, false);
    expect(issuer.kind).toBe('issuer');
    expect(issuer.spreadBp).toBeGreaterThan(140);
    expect(issuer.spreadBp).toBeLessThan(175);
    const peer = model.spreadFor(3, 1, 'A', 6, false);
    expect(peer.kind).toBe('sector');
    expect(peer.spreadBp).toBeLessThan(issuer.spreadBp);
    const other = model.spreadFor(4, 9, 'BB', 6, true);
    expect(other.kind).toBe('rating');
    expect(other.score).toBeLessThan(0.1);
  });

  it('a distressed bond is priced at its notch: CCC− wider than CCC+ of the same sector and tenor', () => {
    // Six CCC issuers in one sector: three CCC+ near 800 bp, three CCC− near 1,600 bp (5 years).
    const obs = [1, 2, 3, 4, 5, 6].map((issuerId) => ({
      issuerId,
      sectorId: 7,
      rating: 'CCC' as const,
      notch: issuerId <= 3 ? -1 : 1,
      years: 5,
      spreadBp: issuerId <= 3 ? 790 + issuerId * 5 : 1590 + issuerId * 5,
      weight: 0.9,
    }));
    const model = new SpreadModel(obs);
    // Bonds of issuers that have not traded: the sector curve at their own notch.
    const plus = model.spreadFor(20, 7, 'CCC', 5, true, -1);
    const minus = model.spreadFor(21, 7, 'CCC', 5, true, 1);
    expect(plus.kind).toBe('sector');
    expect(plus.spreadBp).toBeGreaterThan(700);
    expect(plus.spreadBp).toBeLessThan(950);
    expect(minus.spreadBp).toBeGreaterThan(1350);
    expect(minus.spreadBp).toBeLessThan(1800);
    // The flat notch sits between them, and the bucket's curve alone (notch 0) is what it was.
    const flat = model.spreadFor(22, 7, 'CCC', 5, true);
    expect(flat.spreadBp).toBeGreaterThan(plus.spreadBp);
    expect(flat.spreadBp).toBeLessThan(minus.spreadBp);
  });

  it('a blown fit is bounded: a steep issuer slope is not extended to 30 years, and a sector of bad prints gives no negative spread', () => {
    // Two bonds of one issuer a few months apart and 250 bp apart: a slope of ~1,400 bp per log year.
    const model = new SpreadModel([
      { issuerId: 1, sectorId: 1, rating: 'BBB', years: 2, spreadBp: 100, weight: 0.9 },
      { issuerId: 1, sectorId: 1, rating: 'BBB', years: 2.4, spreadBp: 350, weight: 0.9 },
      // A sector whose only prints were through Treasuries (the kind issue 32 found at −1,101 bp).
      { issuerId: 2, sectorId: 2, rating: 'BB', years: 7, spreadBp: -1_100, weight: 0.9 },
      { issuerId: 3, sectorId: 2, rating: 'BB', years: 8, spreadBp: -1_000, weight: 0.9 },
    ]);
    const long = model.spreadFor(1, 1, 'BBB', 30, false);
    const short = model.spreadFor(1, 1, 'BBB', 0.3, false);
    expect(long.kind).toBe('issuer');
    // At most six times a BBB's prior at 30 years (~150 bp), never the ~3,800 bp the slope gives.
    expect(long.spreadBp).toBeLessThanOrEqual(6 * priorSpreadBp('BBB', curveTenorIndex(30)) + 1e-9);
    expect(short.spreadBp).toBeGreaterThan(0);
    const bad = model.spreadFor(9, 2, 'BB', 7.5, true);
    expect(bad.spreadBp).toBeGreaterThanOrEqual(0.2 * priorSpreadBp('BB', curveTenorIndex(7.5)) - 1e-9);
    expect(bad.unboundedBp).toBeLessThan(0);
    // A clipped fit is a poor one: the model alone then gives little confidence.
    expect(bad.fitBp).toBeGreaterThan(500);
    expect(bad.score).toBeLessThan(0.1);
  });
});
