import { describe, expect, it } from 'vitest';
import { parseDate as d } from './dates';
import { days30360, parseDayCount, yearFraction, yearFractionIcma } from './daycount';

describe('30/360 US Bond Basis (QuantLib Thirty360.BondBasis)', () => {
  it('D1=31 becomes 30; D2=31 becomes 30 only when D1 is 30', () => {
    expect(days30360(d('2024-01-31'), d('2024-03-31'))).toBe(60);
    expect(days30360(d('2024-01-30'), d('2024-03-31'))).toBe(60);
    expect(days30360(d('2024-01-29'), d('2024-03-31'))).toBe(62);
    expect(days30360(d('2024-03-31'), d('2024-09-30'))).toBe(180);
  });

  it('has no February rule: month-end February is not treated as the 30th', () => {
    expect(days30360(d('2024-02-29'), d('2024-08-31'))).toBe(182);
    expect(days30360(d('2023-08-31'), d('2024-02-29'))).toBe(179);
    expect(days30360(d('2023-02-28'), d('2023-03-31'))).toBe(33);
  });
});

describe('ACT/ACT ICMA', () => {
  it('is days over reference-period days, divided by the frequency', () => {
    expect(yearFraction('ACT/ACT', d('2024-01-15'), d('2024-04-15'), d('2024-01-15'), d('2024-07-15'))).toBeCloseTo((0.5 * 91) / 182, 15);
  });

  it('splits a long first period at the quasi-coupon date (QuantLib ISMA)', () => {
    // Issue 2008-10-15, first coupon 2009-07-01 (long), reference period 2009-01-01 → 2009-07-01.
    const yf = yearFractionIcma(d('2008-10-15'), d('2009-07-01'), d('2009-01-01'), d('2009-07-01'));
    expect(yf).toBeCloseTo(0.5 * (78 / 184) + 0.5, 14);
  });

  it('ACT/360 and ACT/365F are plain actual-day fractions', () => {
    expect(yearFraction('ACT/360', d('2024-01-01'), d('2024-07-01'))).toBeCloseTo(182 / 360, 15);
    expect(yearFraction('ACT/365F', d('2024-01-01'), d('2025-01-01'))).toBeCloseTo(366 / 365, 15);
  });

  it('unknown day counts name the field', () => {
    expect(() => parseDayCount('30E/360')).toThrow(/^dayCount: unknown day count/);
  });
});
