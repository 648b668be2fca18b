/**
 * Property tests (fast-check) over generated fixed-rate bonds and zeros: price↔yield round trip,
 * price decreasing in yield, duration and convexity equal to numerical derivatives, accrued
 * within one coupon.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonths,
  createBond,
  dirtyPriceFromYield,
  fromYmd,
  gridDate,
  riskMeasures,
  settle,
  yieldFromDirtyPrice,
  yieldsToCall,
  type Frequency,
  type Settlement,
} from './index';

/** A bond, a settlement inside its life and a yield. 30/360 bonds avoid days 29–31 (see test 4). */
const scenario = fc
  .record({
    year: fc.integer({ min: 2025, max: 2060 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
    act: fc.boolean(),
    eom: fc.boolean(),
    frequency: fc.constantFrom<Frequency>(1, 2, 4, 2),
    coupon: fc.double({ min: 0, max: 0.15, noNaN: true }),
    zero: fc.boolean(),
    longFirst: fc.boolean(),
    years: fc.integer({ min: 1, max: 40 }),
    issueShift: fc.integer({ min: 0, max: 80 }),
    settleFraction: fc.double({ min: 0, max: 0.9999, noNaN: true }),
    yieldValue: fc.double({ min: -0.02, max: 0.3, noNaN: true }),
  })
  .map((p) => {
    const dim = new Date(Date.UTC(p.year, p.month, 0)).getUTCDate();
    const day = p.act ? Math.min(p.day, dim) : Math.min(p.day, 28);
    const maturity = fromYmd(p.year, p.month, day);
    const frequency = p.zero ? 2 : p.frequency;
    const eom = p.act && p.eom;
    let issue = addMonths(maturity, -12 * p.years) + p.issueShift;
    let firstCouponDate: number | null = null;
    if (p.longFirst && !p.zero) {
      // Long odd first coupon: first coupon k periods before maturity, issue 1–2 periods earlier.
      const k = (p.years - 1) * frequency;
      firstCouponDate = gridDate(maturity, k, frequency, eom);
      const a = gridDate(maturity, k + 2, frequency, eom);
      const b = gridDate(maturity, k + 1, frequency, eom);
      issue = a + 1 + (p.issueShift % Math.max(1, b - a - 1));
    }
    const bond = createBond({
      issueDate: issue,
      maturityDate: maturity,
      firstCouponDate,
      coupon: p.zero ? 0 : p.coupon,
      frequency,
      dayCount: p.act ? 'ACT/ACT' : '30/360',
      endOfMonth: eom,
      redemption: 100,
      zero: p.zero,
    });
    const settlement = issue + Math.floor(p.settleFraction * (maturity - issue));
    return { s: settle(bond, settlement), y: p.yieldValue };
  })
  // 30/360 settlement on the 31st before a 1st-of-month redemption leaves E − A = 0: no time, no
  // yield sensitivity (covered by a scenario test); the properties are about t > 0.
  .filter(({ s }) => s.n1 > 0);

const runs = { numRuns: 300 };
// Generous timeouts: the machine is shared and CPU time can be scarce.
const TIMEOUT = 30_000;
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(1, Math.abs(b));

describe('pricing properties', () => {
  it(
    'price(yield(p)) = p and yield(price(y)) = y',
    () => {
      fc.assert(
        fc.property(scenario, ({ s, y }) => {
          const p = dirtyPriceFromYield(s, y);
          const y2 = yieldFromDirtyPrice(s, p);
          expect(Math.abs(y2 - y)).toBeLessThan(1e-11);
          expect(rel(dirtyPriceFromYield(s, y2), p)).toBeLessThan(1e-12);
        }),
        runs,
      );
    },
    TIMEOUT,
  );

  it(
    'price is strictly decreasing in yield',
    () => {
      fc.assert(
        fc.property(scenario, fc.double({ min: 1e-6, max: 0.05, noNaN: true }), ({ s, y }, dy) => {
          expect(dirtyPriceFromYield(s, y + dy)).toBeLessThan(dirtyPriceFromYield(s, y));
        }),
        runs,
      );
    },
    TIMEOUT,
  );

  it(
    'modified duration and convexity equal the numerical derivatives of the price',
    () => {
      const check = (s: Settlement, y: number) => {
        const h = 1e-5;
        const p0 = dirtyPriceFromYield(s, y);
        const up = dirtyPriceFromYield(s, y + h);
        const down = dirtyPriceFromYield(s, y - h);
        const r = riskMeasures(s, y);
        expect(rel(r.dirtyPrice, p0)).toBeLessThan(1e-13);
        expect(Math.abs(r.modifiedDuration - -(up - down) / (2 * h * p0))).toBeLessThan(1e-6 * Math.max(1, r.modifiedDuration));
        expect(Math.abs(r.convexity - (up - 2 * p0 + down) / (h * h * p0))).toBeLessThan(1e-3 * Math.max(1, r.convexity));
        expect(r.dv01).toBeCloseTo((r.modifiedDuration * p0) / 10000, 14);
      };
      fc.assert(
        fc.property(scenario, ({ s, y }) => check(s, y)),
        runs,
      );
    },
    TIMEOUT,
  );

  it(
    'a call at maturity at the redemption price yields the yield to maturity',
    () => {
      fc.assert(
        fc.property(scenario, ({ s, y }) => {
          const dirty = dirtyPriceFromYield(s, y);
          const maturity = s.bond.dates[s.bond.dates.length - 1]!;
          const w = yieldsToCall(s, dirty, y, [{ date: maturity, price: s.redemption }]);
          expect(Math.abs(w.yieldToCall[0]!.yield - y)).toBeLessThan(1e-11);
        }),
        runs,
      );
    },
    TIMEOUT,
  );

  it(
    'accrued interest lies within one coupon and time to the first flow within its period',
    () => {
      fc.assert(
        fc.property(scenario, ({ s }) => {
          expect(s.accrued).toBeGreaterThanOrEqual(0);
          expect(s.accrued).toBeLessThanOrEqual(s.firstAmount + 1e-12);
          expect(s.n1).toBeGreaterThan(0);
          if (s.bond.firstRegular || s.nextIndex > 1) expect(s.n1).toBeLessThanOrEqual(1);
        }),
        runs,
      );
    },
    TIMEOUT,
  );
});
