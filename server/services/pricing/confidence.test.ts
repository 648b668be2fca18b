import { createBond, parseDate } from '@analytics/index';
import { describe, expect, it } from 'vitest';
import { halfSpreadPoints } from './conventions';
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

function bullet(id: number, maturity: string, highYield = false): BondEntry {
  const issueDay = parseDate('2024-08-08');
  const maturityDay = parseDate(maturity);
  return {
    id,
    issuerId: 1,
    sectorId: 1,
    rating: highYield ? 'BB' : 'A',
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
function confidenceWith(own: (e: BondEntry) => TradeObs[], highYield = false, maturity = '2033-08-08'): number {
  const target = bullet(1, maturity, highYield);
  const peers = [bullet(2, '2029-08-08', highYield), bullet(3, '2031-08-08', highYield), bullet(4, '2034-08-08', highYield)];
  const trades = new Map<number, TradeObs[]>();
  peers.forEach((p, i) =>
    trades.set(
      p.id,
      DAYS.slice(-3).flatMap((d) => [trade(p, 110 + 10 * i, SIDE_DEALER, 2e6, d), trade(p, 112 + 10 * i, SIDE_BUY, 1e6, d, 16)]),
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
      expect(scores[scores.length - 1]).toBeGreaterThan(scores[0]! + 20);
    });

    it(`${label}: a short bond's price is surer than a long one's on the same evidence`, () => {
      expect(confidenceWith(() => [], highYield, '2027-08-08')).toBeGreaterThan(confidenceWith(() => [], highYield, '2033-08-08') + 10);
    });
  }
});
