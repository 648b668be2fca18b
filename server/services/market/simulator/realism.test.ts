/**
 * Issue 32, item 1: the simulated market against published figures of the US corporate market
 * (docs/market-data.md, "Realism"). Each scenario computes its figure from the simulator's own
 * output with plain arithmetic (not the realism benchmark's queries) and checks it falls near the
 * real one.
 */
import { describe, expect, it } from 'vitest';
import { parseDate, settle, yieldFromPrice } from '@analytics/index';
import { LAST_IG_NOTCH, TREASURY_TENORS } from '../../../../common/market';
import { bondNotch, bondSpreadNotch, simulateDay, tradableBonds } from './history';
import { hiddenMid, priceable, spreadBp } from './model';
import { Rng } from './random';
import { generateBondTrades, OFF_MARKET, type SimTrade } from './trades';
import { generateUniverse } from './universe';

const SEED = 20261121;
// A seeded 30-business-day run of a 600-bond market, every trade kept in memory.
const universe = generateUniverse({ seed: SEED, bonds: 600, historyDays: 30, endDate: '2026-11-20' });
const tradable = tradableBonds(
  SEED,
  universe.bonds,
  universe.issuers,
  universe.bonds.map((_, i) => i + 1),
);
const run: { day: string; alive: number; traded: number; trades: { trade: SimTrade; bond: number; settleDay: number }[] }[] = [];
universe.days.forEach((day, d) => {
  const entry = { day: day.date, alive: 0, traded: 0, trades: [] as (typeof run)[0]['trades'] };
  for (const b of universe.bonds) if (b.issueDate <= day.date && b.maturityDate > day.date) entry.alive++;
  simulateDay(
    SEED,
    day,
    tradable,
    (b) => bondNotch(universe.issuers[universe.bonds[b.index!]!.issuer]!, universe.bonds[b.index!]!, day.date),
    (b, trades, settleDay) => {
      const active = trades.filter((t) => t.status === 'active');
      if (active.length > 0) entry.traded++;
      for (const trade of active) entry.trades.push({ trade, bond: b.index!, settleDay });
    },
    { prev: d > 0 ? universe.days[d - 1] : undefined },
  );
  run.push(entry);
});
const allTrades = run.flatMap((r) => r.trades);
// The default-sized market (no trades): deals and sector spreads need its ~300 issuers.
const big = generateUniverse({ seed: SEED, bonds: 3000, historyDays: 60, endDate: '2026-11-20' });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('a simulated market calibrated to the real one', () => {
  it('has about a quarter of the bonds trading on a day (20–30 %)', () => {
    const shares = run.map((r) => r.traded / r.alive);
    const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
    expect(mean).toBeGreaterThan(0.2);
    expect(mean).toBeLessThan(0.3);
  });

  it('averages ~$380K a trade (250–550K), with few blocks, printed capped at 5MM+ (IG) and 1MM+ (HY)', () => {
    const total = allTrades.reduce((a, t) => a + t.trade.quantity, 0);
    expect(total / allTrades.length).toBeGreaterThan(250_000);
    expect(total / allTrades.length).toBeLessThan(550_000);
    const blocks = allTrades.filter((t) => t.trade.quantity >= 5_000_000).length / allTrades.length;
    expect(blocks).toBeGreaterThan(0.005);
    expect(blocks).toBeLessThan(0.03);
    const oddLots = allTrades.filter((t) => t.trade.quantity < 100_000).length / allTrades.length;
    expect(oddLots).toBeGreaterThan(0.5);
    for (const { trade } of allTrades) {
      expect(trade.reportedQuantity).toBeLessThanOrEqual(5_000_000);
      expect(trade.capped).toBe(trade.reportedQuantity < trade.quantity);
    }
    expect(allTrades.some((t) => t.trade.capped && t.trade.reportedQuantity === 1_000_000)).toBe(true);
  });

  it('prints a fixed-coupon bond at a negative yield only as one of the rare mistyped prints (5+ points off)', () => {
    const negative = allTrades.filter(({ trade, bond, settleDay }) => {
      const b = tradable[bond]!;
      if (b.priceable.terms.couponType === 'floating') return false;
      return yieldFromPrice(settle(b.priceable.bond, settleDay), trade.price) < 0;
    });
    // At most the upward half of the mistyped share, with room for chance; none from ordinary prints.
    expect(negative.length).toBeLessThanOrEqual(Math.max(3, allTrades.length * OFF_MARKET.erroneousShare));
  });

  it('prints the most traded IG bonds within a fraction of a point a day (median high − low under 0.75 pt)', () => {
    const byBond = new Map<number, { count: number; ranges: number[] }>();
    for (const r of run) {
      const prices = new Map<number, number[]>();
      for (const { trade, bond } of r.trades) prices.set(bond, [...(prices.get(bond) ?? []), trade.price]);
      for (const [bond, ps] of prices) {
        const sim = universe.bonds[bond]!;
        if (bondNotch(universe.issuers[sim.issuer]!, sim, r.day) > LAST_IG_NOTCH) continue;
        const entry = byBond.get(bond) ?? { count: 0, ranges: [] };
        entry.count += ps.length;
        if (ps.length >= 2) entry.ranges.push(Math.max(...ps) - Math.min(...ps));
        byBond.set(bond, entry);
      }
    }
    const ranked = [...byBond.values()].sort((a, b) => b.count - a.count);
    const liquid = ranked.slice(0, Math.ceil(ranked.length / 10)).flatMap((e) => e.ranges);
    expect(liquid.length).toBeGreaterThan(100);
    expect(median(liquid)).toBeLessThan(0.75);
  });

  it('keeps ordinary and off-market prints of a bond weeks from maturity above a zero yield; only mistyped ones go beyond', () => {
    const terms = {
      couponType: 'fixed' as const,
      coupon: 0.045,
      frequency: 2,
      dayCount: '30/360' as const,
      issueDate: '2021-12-15',
      maturityDate: '2026-12-15',
      callSchedule: [],
      quotedMargin: null,
    };
    const bond = priceable(terms);
    const settleDay = parseDate('2026-11-23');
    const mid = hiddenMid(bond, settleDay, universe.days.at(-1)!.curveObj, 60).price;
    // The undiscounted cash flows: 100 + the last coupon − the accrued (5 of 6 months, 30/360).
    const zeroYield = 100 + 2.25 - 2.25 * (158 / 180);
    const context = { hy: false, years: 0.07, liquidity: 1, maxPrice: zeroYield };
    const trades = generateBondTrades(new Rng(3, 'short'), 1, '2026-11-20', 20_000, mid, context, 5_000_000);
    // Only the mistyped prints (5–15 points off: OFF_MARKET.erroneousShare of them, half upwards) go above.
    const above = trades.filter((t) => t.price >= zeroYield);
    expect(above.length).toBeGreaterThan(0);
    expect(above.length).toBeLessThan(20_000 * OFF_MARKET.erroneousShare);
    for (const t of above) expect(t.price - mid).toBeGreaterThan(OFF_MARKET.errMinPt - 1);
    expect(trades.filter((t) => t.price > mid).length).toBeGreaterThan(5000);
  });

  it('moves the 10-year Treasury 5–6.5 bp a day (sd; FRED DGS10: 5.7–5.9 bp)', () => {
    const year = generateUniverse({ seed: SEED, bonds: 40, historyDays: 260, endDate: '2026-11-20' });
    const ten = TREASURY_TENORS.findIndex((t) => t.tenor === '10Y');
    const changes = year.days.slice(1).map((d, i) => (d.yields[ten]! - year.days[i]!.yields[ten]!) * 1e4);
    const mean = changes.reduce((a, b) => a + b, 0) / changes.length;
    const sd = Math.sqrt(changes.reduce((a, c) => a + (c - mean) ** 2, 0) / (changes.length - 1));
    expect(sd).toBeGreaterThan(5);
    expect(sd).toBeLessThan(6.5);
  });

  it('prices BB, B and CCC bonds within a quarter of the ICE BofA spreads (~181 / 309 / 839 bp)', () => {
    const end = universe.days.at(-1)!;
    const buckets: Record<'BB' | 'B' | 'CCC', number[]> = { BB: [], B: [], CCC: [] };
    tradable.forEach((t, i) => {
      const sim = universe.bonds[i]!;
      if (sim.couponType !== 'fixed' || sim.maturityDate <= end.date) return;
      const issuer = universe.issuers[sim.issuer]!;
      const notch = bondNotch(issuer, sim, end.date);
      if (notch <= LAST_IG_NOTCH) return;
      const years = (parseDate(sim.maturityDate) - parseDate(end.date)) / 365.25;
      const s = spreadBp(
        {
          notch: bondSpreadNotch(issuer, sim, end.date),
          sector: issuer.sector,
          industry: issuer.industry,
          seniority: t.seniority,
          issuerKey: t.issuerKey,
          noise: t.noise,
        },
        years,
        end.spreads,
      );
      buckets[notch <= 12 ? 'BB' : notch <= 15 ? 'B' : 'CCC'].push(s);
    });
    for (const [bucket, real] of [
      ['BB', 181],
      ['B', 309],
      ['CCC', 839],
    ] as const) {
      expect(median(buckets[bucket]), bucket).toBeGreaterThan(real * 0.75);
      expect(median(buckets[bucket]), bucket).toBeLessThan(real * 1.25);
    }
  });

  it('brings 3–6 IG deals a week to a 3,000-bond market, ~$1–1.5bn each', () => {
    const ig = big.deals.filter((d) => bondNotch(big.issuers[d.issuer]!, big.bonds[d.tranches[0]!.bond]!, d.pricingDate) <= LAST_IG_NOTCH);
    const weeks = big.days.length / 5;
    expect(ig.length / weeks).toBeGreaterThanOrEqual(3);
    expect(ig.length / weeks).toBeLessThanOrEqual(6);
    const average = ig.reduce((a, d) => a + d.tranches.reduce((s, t) => s + t.size, 0), 0) / ig.length;
    expect(average).toBeGreaterThan(800e6);
    expect(average).toBeLessThan(1.8e9);
  });

  it('puts Energy and Financials among the wider IG sectors, consumer finance wider than banks, staples not widest', () => {
    const end = big.days.at(-1)!;
    const bondsOf = tradableBonds(
      SEED,
      big.bonds,
      big.issuers,
      big.bonds.map((_, i) => i + 1),
    );
    const bySector = new Map<string, number[]>();
    const byIndustry = new Map<string, number[]>();
    bondsOf.forEach((t, i) => {
      const sim = big.bonds[i]!;
      const issuer = big.issuers[sim.issuer]!;
      if (sim.maturityDate <= end.date || bondNotch(issuer, sim, end.date) > LAST_IG_NOTCH) return;
      const years = (parseDate(sim.maturityDate) - parseDate(end.date)) / 365.25;
      const s = spreadBp(
        {
          notch: bondSpreadNotch(issuer, sim, end.date),
          sector: issuer.sector,
          industry: issuer.industry,
          seniority: t.seniority,
          issuerKey: t.issuerKey,
          noise: t.noise,
        },
        years,
        end.spreads,
      );
      bySector.set(issuer.sector, [...(bySector.get(issuer.sector) ?? []), s]);
      byIndustry.set(issuer.industry, [...(byIndustry.get(issuer.industry) ?? []), s]);
    });
    const widest = [...bySector]
      .map(([sector, xs]) => [sector, median(xs)] as const)
      .sort((a, b) => b[1] - a[1])
      .map(([sector]) => sector);
    expect(widest.indexOf('ENRG')).toBeLessThan(3);
    expect(widest.indexOf('FINL')).toBeLessThan(5);
    expect(widest[0]).not.toBe('CONS');
    expect(median(byIndustry.get('Consumer Finance')!)).toBeGreaterThan(median(byIndustry.get('Banks')!));
  });
});
