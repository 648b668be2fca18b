import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@common/random';
import { type ConcessionObservation, MIN_REGRESSION, fitConcessionModel, leastSquares, predictConcession } from './concessionModel';

const window = { from: '2026-05-01', to: '2026-11-19', recentCover: 3, marketVolBp: 6 };

/** Tranches whose concession follows known coefficients plus noise of a known size. */
function synthetic(n: number, noiseBp: number): ConcessionObservation[] {
  const r = mulberry32(5);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  return Array.from({ length: n }, () => {
    const hy = r() < 0.3;
    const tenorYears = [2, 3, 5, 7, 10, 20, 30][Math.floor(r() * 7)]!;
    const size = (0.25 + r() * 2.75) * 1e9;
    const recentCover = 2 + r() * 3;
    const marketVolBp = 3 + r() * 6;
    // Truth: 4 + 12·HY + 2·ln(tenor) + 3·ln(size in bn) − 1.5·cover + 0.8·volatility.
    const concessionBp =
      4 +
      12 * (hy ? 1 : 0) +
      2 * Math.log(tenorYears) +
      3 * Math.log(size / 1e9) -
      1.5 * recentCover +
      0.8 * marketVolBp +
      noiseBp * gauss();
    return { hy, tenorYears, size, recentCover, marketVolBp, concessionBp, tighteningBp: hy ? 45 : 25 };
  });
}

describe('the concession model', () => {
  it('least squares solves an exactly determined system', () => {
    // y = 1 + 2x through (0, 1), (1, 3), (2, 5).
    const beta = leastSquares(
      [
        [1, 0],
        [1, 1],
        [1, 2],
      ],
      [1, 3, 5],
      0,
    );
    expect(beta[0]).toBeCloseTo(1, 9);
    expect(beta[1]).toBeCloseTo(2, 9);
  });

  it('recovers the coefficients a history was made with, and a range as wide as its noise', () => {
    const model = fitConcessionModel(synthetic(2_000, 2), window);
    expect(model.summary.method).toBe('regression');
    const [b0, b1, b2, b3, b4, b5] = model.summary.coefficients.map((c) => c.value);
    expect(b0).toBeCloseTo(4, 0);
    expect(b1).toBeCloseTo(12, 0);
    expect(b2).toBeCloseTo(2, 0);
    expect(b3).toBeCloseTo(3, 0);
    expect(b4).toBeCloseTo(-1.5, 0);
    expect(b5).toBeCloseTo(0.8, 0);
    expect(model.summary.residualBp).toBeGreaterThan(1.8);
    expect(model.summary.residualBp).toBeLessThan(2.2);
    expect(model.summary.typicalTighteningBp).toEqual({ IG: 25, HY: 45 });
    // A 10-year, $1bn HY tranche in a 3× market moving 5 bp a day: 4 + 12 + 2·ln 10 + 0 − 4.5 + 4 = 20.1 bp, ± 1.28 σ.
    const p = predictConcession(model, { hy: true, tenorYears: 10, size: 1e9, recentCover: 3, marketVolBp: 5 });
    expect(p.expectedBp).toBeCloseTo(20.1, 0);
    expect(p.highBp - p.expectedBp).toBeCloseTo(1.2816 * model.summary.residualBp, 0);
    expect(p.expectedBp - p.lowBp).toBeCloseTo(p.highBp - p.expectedBp, 0); // symmetric (each end rounded to 0.1 bp)
  });

  it('a window without high-yield deals still fits: that coefficient is simply zero', () => {
    const igOnly = synthetic(400, 1).filter((o) => !o.hy);
    const model = fitConcessionModel(igOnly, window);
    expect(model.summary.method).toBe('regression');
    expect(Math.abs(model.summary.coefficients[1]!.value)).toBeLessThan(0.01);
    expect(model.summary.coefficients[2]!.value).toBeCloseTo(2, 0);
  });

  it('with few priced tranches it is the median with the 10th-90th percentile range', () => {
    const few: ConcessionObservation[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((c) => ({
      hy: false,
      tenorYears: 5,
      size: 1e9,
      recentCover: null,
      marketVolBp: null,
      concessionBp: c,
      tighteningBp: null,
    }));
    expect(few.length).toBeLessThan(MIN_REGRESSION);
    const model = fitConcessionModel(few, { ...window, recentCover: null, marketVolBp: null });
    expect(model.summary.method).toBe('median');
    expect(predictConcession(model, { hy: true, tenorYears: 30, size: 5e8, recentCover: null, marketVolBp: null })).toEqual({
      expectedBp: 6,
      lowBp: 2,
      highBp: 10,
    });
    // No tightening history: the conventional defaults.
    expect(model.summary.typicalTighteningBp).toEqual({ IG: 25, HY: 40 });
  });

  it('without any history it says so and uses the conventional concession', () => {
    const model = fitConcessionModel([], window);
    expect(model.summary.method).toBe('no history');
    expect(predictConcession(model, { hy: false, tenorYears: 10, size: 1e9, recentCover: null, marketVolBp: null }).expectedBp).toBe(5);
    expect(predictConcession(model, { hy: true, tenorYears: 10, size: 1e9, recentCover: null, marketVolBp: null }).expectedBp).toBe(15);
  });
});
