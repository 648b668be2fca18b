import { describe, expect, it } from 'vitest';
import { NegativeYieldError, addMonths, benchmarkTenorOf, couponFor, priceNewTranche } from './newIssuePricing';

const base = {
  tenorYears: 10,
  settlementDate: '2026-11-27',
  fairValueBp: 90,
  concessionBp: 10,
  tighteningBp: 25,
  treasuryAtTenor: 0.04,
  benchmarkMarketYield: 0.04,
  benchmarkYield: 0.04,
  coupon: null,
};

describe('a new tranche priced from its inputs', () => {
  it('picks the nearest on-the-run benchmark, a tie going to the longer', () => {
    expect([1, 2.4, 2.5, 4, 6, 8.5, 12, 15, 25, 40].map(benchmarkTenorOf)).toEqual([2, 2, 3, 5, 7, 10, 10, 20, 30, 30]);
  });

  it('rounds the coupon down to the 1/8 %, keeping an exact eighth', () => {
    expect(couponFor(0.05)).toBe(0.05);
    expect(couponFor(0.0512499)).toBe(0.05);
    expect(couponFor(0.05125)).toBe(0.05125);
    expect(couponFor(0.0549)).toBe(0.05375);
  });

  it('adds months, clamped to the end of a shorter month', () => {
    expect(addMonths('2026-11-27', 120)).toBe('2036-11-27');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
  });

  it('a coupon equal to the reoffer yield prices at par; IPT adds the tightening', () => {
    const levels = priceNewTranche(base);
    expect(levels).toMatchObject({
      reofferSpreadBp: 100,
      iptSpreadBp: 125,
      spreadToBenchmarkBp: 100,
      coupon: 0.05,
      maturityDate: '2036-11-27',
    });
    expect(levels.reofferYield).toBeCloseTo(0.05, 12);
    expect(levels.price).toBeCloseTo(100, 4);
  });

  it('carries the curve between the benchmark and the tranche into the spread to the benchmark', () => {
    // A 12-year tranche priced off the 10-year: the curve is 15 bp higher at 12 years.
    const levels = priceNewTranche({ ...base, tenorYears: 12, treasuryAtTenor: 0.0415 });
    expect(levels.spreadToBenchmarkBp).toBe(115);
    expect(levels.reofferYield).toBeCloseTo(0.0515, 12);
    expect(levels.coupon).toBe(0.05125);
    expect(levels.price).toBeLessThan(100);
  });

  it('an entered benchmark yield moves the reoffer yield one for one; a coupon under it prices at a discount', () => {
    expect(priceNewTranche({ ...base, benchmarkYield: 0.045 }).reofferYield).toBeCloseTo(0.055, 12);
    // 4.5 % coupon at 5 % for 10 years: par less the annuity of the 0.25 half-yearly shortfall, 100 − 0.25·(1 − 1.025^−20)/0.025 ≈ 96.10.
    expect(priceNewTranche({ ...base, coupon: 0.045 }).price).toBeCloseTo(100 - 0.25 * ((1 - 1.025 ** -20) / 0.025), 3);
  });

  it('refuses a spread that leaves no positive yield', () => {
    expect(() => priceNewTranche({ ...base, fairValueBp: -450, concessionBp: 0 })).toThrow(NegativeYieldError);
  });
});
