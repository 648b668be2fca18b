import { describe, expect, it } from 'vitest';
import { LAST_IG_NOTCH, TREASURY_TENORS } from '../../../../common/market';
import { isValidCusip, isValidIsin } from '../codesAndRatings';
import { DEAL_STATUSES } from '../../../../common/market';
import { bondNotch, simulateDay, tradableBonds } from './history';
import { issuerNotchOn } from './issuers';
import { spreadBp } from './model';
import { Rng } from './random';
import { activityWeight, generateBondTrades } from './trades';
import { generateUniverse } from './universe';

const OPTIONS = { seed: 7, bonds: 800, historyDays: 60, endDate: '2026-11-20' };
const universe = generateUniverse(OPTIONS);

describe('simulated universe', () => {
  it('is the same universe for the same seed, and a different one for another seed', () => {
    const again = generateUniverse(OPTIONS);
    expect(JSON.stringify(again.bonds)).toBe(JSON.stringify(universe.bonds));
    expect(JSON.stringify(again.issuers)).toBe(JSON.stringify(universe.issuers));
    expect(JSON.stringify(again.deals)).toBe(JSON.stringify(universe.deals));
    expect(again.days.map((d) => d.yields)).toEqual(universe.days.map((d) => d.yields));
    const other = generateUniverse({ ...OPTIONS, seed: 8 });
    expect(other.bonds[0]!.cusip).not.toBe(universe.bonds[0]!.cusip);
  });

  it('gives every bond a valid, unique CUSIP and ISIN and a street description', () => {
    expect(universe.bonds).toHaveLength(800);
    const cusips = new Set(universe.bonds.map((b) => b.cusip));
    expect(cusips.size).toBe(universe.bonds.length);
    for (const b of universe.bonds) {
      expect(isValidCusip(b.cusip), b.cusip).toBe(true);
      expect(isValidIsin(b.isin), b.isin).toBe(true);
      expect(b.isin.slice(2, 11)).toBe(b.cusip);
      expect(b.description).toMatch(/^[A-Z]{2,5} (\d+\.\d{2,3}|0|FRN) \d\d\/\d\d\/\d\d$/);
      expect(b.maturityDate > OPTIONS.endDate).toBe(true);
    }
  });

  it('mixes fixed, zero and floating coupons, callables, and IG/HY sizes in range', () => {
    const types = new Set(universe.bonds.map((b) => b.couponType));
    expect([...types].sort()).toEqual(['fixed', 'floating', 'zero']);
    const frn = universe.bonds.filter((b) => b.couponType === 'floating');
    expect(frn.every((b) => b.frequency === 4 && b.dayCount === 'ACT/360' && b.floaterIndex === 'SOFR')).toBe(true);
    const callable = universe.bonds.filter((b) => b.callSchedule.length > 0).length / universe.bonds.length;
    expect(callable).toBeGreaterThan(0.2);
    expect(callable).toBeLessThan(0.8);
    for (const b of universe.bonds) {
      // Sizes follow the issuer's rating when the bond was sold.
      const hy = issuerNotchOn(universe.issuers[b.issuer]!, b.issueDate) > LAST_IG_NOTCH;
      expect(b.amountIssued).toBeGreaterThanOrEqual(hy ? 200e6 : 300e6);
      expect(b.amountIssued).toBeLessThanOrEqual(hy ? 1.5e9 : 3e9);
    }
  });

  it('keeps treasury curves today-like with daily moves of a few basis points', () => {
    const last = universe.days[universe.days.length - 1]!.yields;
    const at = (tenor: string) => last[TREASURY_TENORS.findIndex((t) => t.tenor === tenor)]!;
    expect(at('1M')).toBeGreaterThan(0.04);
    expect(at('1M')).toBeLessThan(0.046);
    for (const t of ['2Y', '5Y', '10Y', '30Y']) {
      expect(at(t)).toBeGreaterThan(0.037);
      expect(at(t)).toBeLessThan(0.049);
    }
    const moves: number[] = [];
    for (let i = 1; i < universe.days.length; i++) {
      const k = TREASURY_TENORS.findIndex((t) => t.tenor === '10Y');
      moves.push(Math.abs(universe.days[i]!.yields[k]! - universe.days[i - 1]!.yields[k]!) * 1e4);
    }
    moves.sort((a, b) => a - b);
    const median = moves[Math.floor(moves.length / 2)]!;
    expect(median).toBeGreaterThan(0.5);
    expect(median).toBeLessThan(8);
    expect(moves[moves.length - 1]!).toBeLessThan(25);
    for (const d of universe.days) {
      for (const y of d.yields) {
        expect(y).toBeGreaterThan(0.025);
        expect(y).toBeLessThan(0.065);
      }
    }
  });

  it('puts IG spreads in 20–250 bp, HY in 100–1200 bp and distressed (CCC) in 350–3000 bp, wider for lower ratings', () => {
    const end = universe.days[universe.days.length - 1]!;
    const tradable = tradableBonds(
      OPTIONS.seed,
      universe.bonds,
      universe.issuers,
      universe.bonds.map((_, i) => i + 1),
    );
    const ig: number[] = [];
    const hy: number[] = [];
    const ccc: number[] = [];
    tradable.forEach((t, i) => {
      const notch = bondNotch(universe.issuers[universe.bonds[i]!.issuer]!, universe.bonds[i]!, end.date);
      const s = spreadBp(
        { notch, sector: t.sector as never, seniority: t.seniority, issuerKey: t.issuerKey, noise: t.noise },
        7,
        end.spreads,
      );
      (notch >= 16 ? ccc : notch > LAST_IG_NOTCH ? hy : ig).push(s);
    });
    expect(Math.min(...ig)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...ig)).toBeLessThanOrEqual(250);
    expect(Math.min(...hy)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...hy)).toBeLessThanOrEqual(1200);
    // Issue 10: distressed names trade at distressed spreads (before, CCC was capped at 1,200 bp with HY).
    expect(ccc.length).toBeGreaterThan(0);
    expect(Math.min(...ccc)).toBeGreaterThanOrEqual(350);
    expect(Math.max(...ccc)).toBeLessThanOrEqual(3000);
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(ig)).toBeGreaterThan(60);
    expect(mean(ig)).toBeLessThan(170);
    expect(mean(hy)).toBeGreaterThan(mean(ig) * 1.8);
    expect(mean(ccc)).toBeGreaterThan(mean(hy) * 1.5);
  });

  it('has only a minority of bonds trading each day, with dissemination caps applied', () => {
    const tradable = tradableBonds(
      OPTIONS.seed,
      universe.bonds,
      universe.issuers,
      universe.bonds.map((_, i) => i + 1),
    );
    for (const day of universe.days.slice(-5)) {
      const traded = new Set<number>();
      let trades = 0;
      simulateDay(
        OPTIONS.seed,
        day,
        tradable,
        (b) => bondNotch(universe.issuers[Number(b.issuerKey)]!, universe.bonds[b.id - 1]!, day.date),
        (b, ts) => {
          traded.add(b.id);
          for (const t of ts) {
            trades++;
            expect(t.reportedQuantity).toBeLessThanOrEqual(t.capped ? t.reportedQuantity : t.quantity);
            expect(t.capped).toBe(t.quantity > t.reportedQuantity);
            expect([1_000_000, 5_000_000].includes(t.reportedQuantity) || !t.capped).toBe(true);
          }
        },
      );
      const share = traded.size / universe.bonds.length;
      expect(share).toBeGreaterThan(0.03);
      expect(share).toBeLessThan(0.3);
      expect(trades).toBeGreaterThan(traded.size);
    }
  });

  it('prints customer buys above the mid and sells below it, blocks tighter than odd lots', () => {
    const rng = new Rng(1, 'sides');
    const trades = generateBondTrades(rng, 1, '2026-11-20', 4000, 100, { hy: false, years: 7 }, 5_000_000);
    const avg = (side: string, f: (q: number) => boolean) => {
      const xs = trades.filter((t) => t.side === side && f(t.quantity)).map((t) => t.price);
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    };
    expect(avg('customer_buy', () => true)).toBeGreaterThan(100.1);
    expect(avg('customer_sell', () => true)).toBeLessThan(99.9);
    expect(avg('customer_buy', (q) => q < 100_000) - 100).toBeGreaterThan(avg('customer_buy', (q) => q >= 5_000_000) - 100);
    expect(activityWeight({ amountIssued: 1e9, issueDate: '2026-11-13', hy: false, notch: 6 }, '2026-11-20')).toBeGreaterThan(
      3 * activityWeight({ amountIssued: 1e9, issueDate: '2021-11-13', hy: false, notch: 6 }, '2026-11-20'),
    );
  });

  it('walks each deal through the statuses in order, tightening from IPT with a concession and a covered book', () => {
    expect(universe.deals.length).toBeGreaterThan(3);
    for (const d of universe.deals) {
      expect(d.history.map((h) => h.status)).toEqual(DEAL_STATUSES);
      for (let i = 1; i < d.history.length; i++) expect(d.history[i]!.at.getTime()).toBeGreaterThan(d.history[i - 1]!.at.getTime());
      for (const t of d.tranches) {
        expect(t.ipt).toBeGreaterThan(t.guidance);
        expect(t.guidance).toBeGreaterThanOrEqual(t.priced);
        expect(t.concession).toBeGreaterThanOrEqual(-2);
        expect(t.concession).toBeLessThanOrEqual(50);
        expect(t.orderBook).toBeGreaterThan(t.size);
        const bond = universe.bonds[t.bond]!;
        expect(bond.deal).toBe(d.index);
        expect(bond.issueDate > d.pricingDate).toBe(true);
      }
    }
  });
});
