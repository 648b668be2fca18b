/**
 * Daily paths of the hidden factors over the history window. Paths are simulated forward and
 * then bridged so the last day sits at today-like levels (the curve means and a neutral spread
 * market): the history looks like it led up to the present.
 */
import { CURVE_MEAN, type CurveFactors, curveYields, type SpreadFactors, stepCurve, stepSpreads, toCurve } from './model';
import type { Curve } from '@analytics/index';
import { Rng } from './random';

export interface DayState {
  date: string;
  curve: CurveFactors;
  /** Published par yields (decimals) at TREASURY_TENORS. */
  yields: number[];
  curveObj: Curve;
  spreads: SpreadFactors;
}

/**
 * Simulates the window day by day. `issuerKeys` name the issuer factors (issuer ids or indexes).
 */
export function simulatePaths(seed: number, days: string[], sectorCodes: readonly string[], issuerKeys: readonly string[]): DayState[] {
  const rng = new Rng(seed, 'paths');
  // Start from a stationary-ish draw so the first day is not exactly the mean.
  let curve: CurveFactors = {
    b1: CURVE_MEAN.b1 + 0.15 * rng.normal(),
    b2: CURVE_MEAN.b2 + 0.2 * rng.normal(),
    b3: CURVE_MEAN.b3 + 0.25 * rng.normal(),
  };
  let spreads: SpreadFactors = {
    market: 0.12 * rng.normal(),
    sectors: Object.fromEntries(sectorCodes.map((c) => [c, 0.05 * rng.normal()])),
    issuers: Object.fromEntries(issuerKeys.map((k) => [k, 0.05 * rng.normal()])),
  };
  const raw: { curve: CurveFactors; spreads: SpreadFactors }[] = [];
  for (let i = 0; i < days.length; i++) {
    if (i > 0) {
      curve = stepCurve(curve, rng);
      spreads = stepSpreads(spreads, rng);
    }
    raw.push({ curve, spreads });
  }
  // Bridge: remove a linearly growing share of the final gap, so the end is today-like.
  const n = Math.max(1, days.length - 1);
  const last = raw[raw.length - 1]!;
  const gap = { b1: last.curve.b1 - CURVE_MEAN.b1, b2: last.curve.b2 - CURVE_MEAN.b2, b3: last.curve.b3 - CURVE_MEAN.b3 };
  const marketGap = last.spreads.market;
  return raw.map((r, i) => {
    const w = i / n;
    const c = { b1: r.curve.b1 - w * gap.b1, b2: r.curve.b2 - w * gap.b2, b3: r.curve.b3 - w * gap.b3 };
    const yields = curveYields(c);
    return {
      date: days[i]!,
      curve: c,
      yields,
      curveObj: toCurve(yields),
      spreads: { ...r.spreads, market: r.spreads.market - w * marketGap },
    };
  });
}
