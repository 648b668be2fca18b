import { describe, expect, it } from 'vitest';
import { formatMonths, monthsAtPosition, tenorPosition } from './TimeSeriesChart';

describe('the tenor-spaced curve axis', () => {
  it('puts the Treasury tenors at equal distances, so the short end is as wide as the long end', () => {
    expect([1, 2, 3, 4, 6, 12, 24, 36, 60, 84, 120, 240, 360].map(tenorPosition)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('places a maturity between two tenors in proportion: 15Y halfway between 10Y and 20Y', () => {
    expect(tenorPosition(180)).toBeCloseTo(10.5, 12);
    expect(tenorPosition(9)).toBeCloseTo(4.5, 12);
  });

  it('reads positions back as maturities for the axis labels', () => {
    expect(formatMonths(monthsAtPosition(5))).toBe('1Y');
    expect(formatMonths(monthsAtPosition(10.5))).toBe('15Y');
    expect(formatMonths(monthsAtPosition(12))).toBe('30Y');
    for (const m of [1, 5, 9, 30, 100, 300, 360]) expect(monthsAtPosition(tenorPosition(m))).toBeCloseTo(m, 9);
  });
});
