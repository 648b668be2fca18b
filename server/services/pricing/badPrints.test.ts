import { createBond, parseDate } from '@analytics/index';
import { describe, expect, it } from 'vitest';
import { estimateBasis, type BasisTrade } from './basis';
import { evaluateUniverse } from './evaluate';
import type { BondEntry } from './terms';
import { fixtureCurves, priceAtSpread } from './testFixtures';
import { SIDE_DEALER, type TradeObs } from './trades';

/**
 * Issue 32 item 3: prints the pricer must not believe, and prints it must. Expectations are
 * worked out from each scenario, not read back from the pricer.
 */
const DAY = '2026-11-18';
const DAYS = ['2026-11-12', '2026-11-13', '2026-11-16', '2026-11-17', DAY];
const curves = fixtureCurves(DAYS);
const ASOF = new Date(`${DAY}T22:00:00Z`);
const NOW = ASOF.getTime();
const DAY_MS = 86_400_000;

function bullet(id: number, maturity: string): BondEntry {
  const issueDay = parseDate('2024-08-08');
  const maturityDay = parseDate(maturity);
  return {
    id,
    issuerId: id,
    sectorId: 1,
    rating: 'A',
    highYield: false,
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
const dealerTrade = (e: BondEntry, spreadBp: number, day: string): TradeObs => ({
  id: nextId++,
  bondId: e.id,
  timeMs: Date.parse(`${day}T15:00:00Z`),
  day,
  quantity: 2e6,
  reportedQuantity: 2e6,
  price: priceAtSpread(e, spreadBp, day, curves),
  side: SIDE_DEALER,
});

describe('bad prints', () => {
  it('a bad print is flagged and not priced from: a print through Treasuries, the bond’s only trade', () => {
    const target = bullet(1, '2033-08-08');
    const peers = [2, 3, 4, 5].map((id) => bullet(id, `20${29 + id}-08-08`));
    const trades = new Map<number, TradeObs[]>(peers.map((p) => [p.id, DAYS.slice(-3).map((d) => dealerTrade(p, 100, d))]));
    const clean = evaluateUniverse([target, ...peers], (id) => trades.get(id) ?? [], curves, ASOF);
    // 60 bp through Treasuries on a seven-year bond: ~3.5 points above its price at the Treasury yield.
    const bad = dealerTrade(target, -60, DAY);
    trades.set(1, [bad]);
    const out = evaluateUniverse([target, ...peers], (id) => trades.get(id) ?? [], curves, ASOF);
    const priced = out.evaluations.find((e) => e.bondId === 1)!;
    expect(priced.lineage.rejected?.find((r) => r[0] === bad.id)?.[2]).toBe('bad print');
    expect(priced.lastTradeId).toBe(0);
    expect(priced.lineage.blend).toBe(0);
    // Priced as if the print had not happened: every bond's price is the one without it.
    for (const e of clean.evaluations) expect(out.evaluations.find((x) => x.bondId === e.bondId)!.measures.price).toBe(e.measures.price);
    expect(priced.spreadBp).toBeGreaterThan(90);
  });

  it('a rich but possible print (a short bond a little through Treasuries by 10 bp, a tenth of a point) is still used', () => {
    const target = bullet(1, '2027-08-08');
    const out = evaluateUniverse([target], () => [dealerTrade(target, -10, DAY)], curves, ASOF);
    const priced = out.evaluations[0]!;
    expect(priced.lineage.rejected ?? []).toEqual([]);
    expect(priced.lastTradeId).toBeGreaterThan(0);
  });
});

describe('an evaluation that has jumped', () => {
  const base = { fitBp: 10, modelCode: 5, fitScaleBp: 25, years: 7, highYield: false, asOfMs: NOW };
  const own = (id: number, spread: number, daysAgo: number): BasisTrade => ({
    id,
    midSpreadBp: spread,
    quantity: 2e6,
    side: SIDE_DEALER,
    timeMs: NOW - daysAgo * DAY_MS,
  });
  // Yesterday the bond stood at 300 bp, a little of it known from its own trades (30 %). Today its
  // model says 120 bp on another curve (a refit, no news of the bond): the evaluation jumps to ~174.
  const yesterday = { basisBp: 0, varBp2: 100, asOfMs: NOW - DAY_MS, modelBp: 300, modelCode: 6, known: 0.3 };

  it('never rejects the bond’s own prints against it', () => {
    const est = estimateBasis({ ...base, modelBp: 120, carried: yesterday, trades: [own(1, 302, 0.1)] });
    expect(est.gated).toEqual([]);
    expect(est.used).toBe(1);
    // Its print says 302: the price goes back there, not to the model's 120.
    expect(120 + est.basisBp).toBeGreaterThan(290);
  });

  it('lowers the confidence of a close that moves without trades', () => {
    const steady = estimateBasis({ ...base, modelBp: 300, modelCode: 6, carried: yesterday, trades: [] });
    const jumped = estimateBasis({ ...base, modelBp: 120, carried: yesterday, trades: [] });
    // The level moved ~126 bp (to 120 + 0.3 × 180) with nothing of the bond's own: its variance grows by about that squared.
    expect(120 + jumped.basisBp).toBeLessThan(180);
    expect(jumped.varBp2).toBeGreaterThan(steady.varBp2 + 110 ** 2);
  });
});
