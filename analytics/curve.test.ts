import { describe, expect, it } from 'vitest';
import { parseDate as d } from './dates';
import { benchmarkIndex, interpolateCurve, prepareCurve, spreads } from './curve';

const curve = prepareCurve([
  { tenor: '30Y', years: 30, yield: 0.047 },
  { tenor: '1M', years: 1 / 12, yield: 0.053 },
  { tenor: '2Y', years: 2, yield: 0.045 },
  { tenor: '3Y', years: 3, yield: 0.043 },
  { tenor: '10Y', years: 10, yield: 0.044 },
]);

describe('treasury curve measures', () => {
  it('interpolates linearly in years between tenors (points given in any order)', () => {
    expect(interpolateCurve(curve, 2.5)).toBeCloseTo(0.044, 15);
    expect(interpolateCurve(curve, 6.5)).toBeCloseTo(0.0435, 15);
    expect(interpolateCurve(curve, 3)).toBe(0.043);
  });

  it('is flat beyond both ends: before 1M and after 30Y', () => {
    expect(interpolateCurve(curve, 0.01)).toBe(0.053);
    expect(interpolateCurve(curve, 0)).toBe(0.053);
    expect(interpolateCurve(curve, 45)).toBe(0.047);
  });

  it('benchmark is the nearest tenor; an exact tie goes to the longer one', () => {
    expect(curve.tenors[benchmarkIndex(curve, 2.4)]).toBe('2Y');
    expect(curve.tenors[benchmarkIndex(curve, 2.5)]).toBe('3Y');
    expect(curve.tenors[benchmarkIndex(curve, 40)]).toBe('30Y');
  });

  it('G- and T-spreads in basis points on years = actual days / 365.25', () => {
    const s = spreads(curve, d('2024-01-01'), d('2034-01-01'), 0.055);
    expect(s.yearsToMaturity).toBeCloseTo(3653 / 365.25, 15);
    expect(s.benchmarkTenor).toBe('10Y');
    expect(s.tSpreadBp).toBeCloseTo(110, 9);
    expect(s.gSpreadBp).toBeCloseTo((0.055 - interpolateCurve(curve, 3653 / 365.25)) * 1e4, 9);
  });

  it('rejects malformed curves naming the point', () => {
    expect(() => prepareCurve([{ tenor: '1Y', years: 1, yield: Number.NaN }])).toThrow(/^treasuryCurve\[0\]\.yield: /);
    expect(() => prepareCurve([])).toThrow(/^treasuryCurve: /);
  });
});

describe('spread to a benchmark bond', () => {
  it('is the yield difference in basis points', async () => {
    const { spreadToBenchmarkBp } = await import('./curve');
    expect(spreadToBenchmarkBp(0.0525, 0.0431)).toBeCloseTo(94, 10);
  });
});
