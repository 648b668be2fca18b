import { describe, expect, it } from 'vitest';
import type { CalculatorTranche } from '@common/api/newIssueCalculator';
import { trancheLevels } from './calculatorLevels';

/** A server answer for a 10-year tranche off the 10-year benchmark at 4 %, 90 bp fair value, 10 bp concession. */
const base: CalculatorTranche = {
  tenorYears: 10,
  sizeMm: 1000,
  settlementDate: '2026-11-27',
  maturityDate: '2036-11-27',
  benchmark: { tenorYears: 10, marketYield: 0.04, yield: { value: 0.04, overridden: false } },
  treasuryAtTenor: 0.04,
  fairValue: { spreadBp: 90, overridden: false, method: 'issuer curve', issuerBonds: 6 },
  concession: { expectedBp: 10, lowBp: 2, highBp: 18, overridden: false },
  tighteningBp: { value: 25, overridden: false },
  iptSpreadBp: 125,
  reofferSpreadBp: 100,
  spreadToBenchmarkBp: 100,
  reofferYield: 0.05,
  coupon: { value: 0.05, overridden: false },
  price: 100,
};

describe('the calculator page recomputing a tranche with overrides', () => {
  it('without overrides it gives back the server levels', () => {
    const r = trancheLevels(base, {});
    expect(r.levels).toMatchObject({ iptSpreadBp: 125, reofferSpreadBp: 100, coupon: 0.05, maturityDate: '2036-11-27' });
    expect(r.levels?.price).toBeCloseTo(100, 4);
  });

  it('each override moves what follows from it', () => {
    expect(trancheLevels(base, { concessionBp: 0 }).levels).toMatchObject({ reofferSpreadBp: 90, iptSpreadBp: 115 });
    expect(trancheLevels(base, { tighteningBp: 40 }).levels).toMatchObject({ reofferSpreadBp: 100, iptSpreadBp: 140 });
    expect(trancheLevels(base, { benchmarkYield: 0.045 }).levels?.reofferYield).toBeCloseTo(0.055, 12);
    expect(trancheLevels(base, { fairValueBp: 112.5 }).levels?.coupon).toBe(0.05125); // 5.225 % rounds down to 5 1/8
    expect(trancheLevels(base, { fairValueBp: 115 }).levels?.coupon).toBe(0.0525);
    expect(trancheLevels(base, { coupon: 0.045 }).levels?.price).toBeLessThan(97);
  });

  it('an override that leaves no positive yield is an error on the tranche, not a crash', () => {
    const r = trancheLevels(base, { fairValueBp: -600 });
    expect(r.levels).toBeNull();
    expect(r.error).toMatch(/negative reoffer yield/);
  });
});
