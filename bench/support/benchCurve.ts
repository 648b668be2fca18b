import type { CurvePoint } from '../../analytics/index';

/** The Treasury par curve the analytics benchmarks price on (late-2026 levels, 11 tenors). */
export const BENCH_CURVE: CurvePoint[] = [
  ['1M', 1 / 12, 0.0431],
  ['3M', 0.25, 0.0428],
  ['6M', 0.5, 0.0421],
  ['1Y', 1, 0.0405],
  ['2Y', 2, 0.0392],
  ['3Y', 3, 0.0389],
  ['5Y', 5, 0.0397],
  ['7Y', 7, 0.0411],
  ['10Y', 10, 0.0428],
  ['20Y', 20, 0.0466],
  ['30Y', 30, 0.0461],
].map(([tenor, years, y]) => ({ tenor: tenor as string, years: years as number, yield: y as number }));
