/**
 * Treasury par-curve measures: linear interpolation in years (flat outside the curve's tenors),
 * G-spread, benchmark tenor and T-spread, and the spread to a benchmark bond's yield.
 */
import type { DayNumber } from './dates';
import { AnalyticsInputError } from './errors';

/** One curve point as in the contract: tenor label ('10Y'), years (months/12 or N), yield (decimal). */
export interface CurvePoint {
  tenor: string;
  years: number;
  yield: number;
}

/** A validated curve sorted by years; build once per curve with {@link prepareCurve}. */
export interface Curve {
  readonly tenors: readonly string[];
  readonly years: readonly number[];
  readonly yields: readonly number[];
}

/** Curve-based outputs (contract names). */
export interface CurveSpreads {
  yearsToMaturity: number;
  interpolatedTreasuryYield: number;
  gSpreadBp: number;
  benchmarkTenor: string;
  benchmarkYield: number;
  tSpreadBp: number;
}

const prepared = new WeakMap<readonly CurvePoint[], Curve>();

/**
 * Validates and sorts curve points. Errors name `treasuryCurve[i].field`. Results are cached per
 * points array (by identity), so a server pricing many bonds off one curve object prepares it once.
 */
export function prepareCurve(points: readonly CurvePoint[], field = 'treasuryCurve'): Curve {
  if (!Array.isArray(points) || points.length === 0)
    throw new AnalyticsInputError(field, 'must be a non-empty array of {tenor, years, yield}');
  const cached = prepared.get(points);
  if (cached) return cached;
  const n = points.length;
  const order: number[] = new Array<number>(n);
  let sorted = true;
  for (let i = 0; i < n; i++) {
    const p = points[i];
    if (p === null || typeof p !== 'object') throw new AnalyticsInputError(`${field}[${i}]`, 'must be an object');
    if (typeof p.tenor !== 'string') throw new AnalyticsInputError(`${field}[${i}].tenor`, 'must be a string');
    if (typeof p.years !== 'number' || !Number.isFinite(p.years) || p.years <= 0)
      throw new AnalyticsInputError(`${field}[${i}].years`, 'must be a positive number');
    if (typeof p.yield !== 'number' || !Number.isFinite(p.yield))
      throw new AnalyticsInputError(`${field}[${i}].yield`, 'must be a finite number');
    order[i] = i;
    if (i > 0 && p.years <= points[i - 1]!.years) sorted = false;
  }
  if (!sorted) order.sort((a, b) => points[a]!.years - points[b]!.years);
  const tenors: string[] = new Array<string>(n);
  const years: number[] = new Array<number>(n);
  const yields: number[] = new Array<number>(n);
  for (let k = 0; k < n; k++) {
    const p = points[order[k]!]!;
    if (k > 0 && p.years === years[k - 1]) throw new AnalyticsInputError(`${field}[${order[k]}].years`, 'duplicate tenor');
    tenors[k] = p.tenor;
    years[k] = p.years;
    yields[k] = p.yield;
  }
  const curve: Curve = { tenors, years, yields };
  prepared.set(points, curve);
  return curve;
}

/** Linear interpolation in years; flat (first/last yield) outside the curve. */
export function interpolateCurve(curve: Curve, years: number): number {
  const x = curve.years;
  const y = curve.yields;
  const n = x.length;
  if (years <= x[0]!) return y[0]!;
  if (years >= x[n - 1]!) return y[n - 1]!;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (x[mid]! <= years) lo = mid;
    else hi = mid;
  }
  const w = (years - x[lo]!) / (x[hi]! - x[lo]!);
  return y[lo]! + w * (y[hi]! - y[lo]!);
}

/** Index of the benchmark tenor: nearest in years, an exact tie going to the longer tenor. */
export function benchmarkIndex(curve: Curve, years: number): number {
  let best = 0;
  let bestDist = Infinity;
  for (let i = 0; i < curve.years.length; i++) {
    const dist = Math.abs(curve.years[i]! - years);
    if (dist <= bestDist) {
      best = i;
      bestDist = dist;
    }
  }
  return best;
}

/** Years to maturity for curve purposes: actual days / 365.25. */
export function yearsBetween(settlement: DayNumber, maturity: DayNumber): number {
  return (maturity - settlement) / 365.25;
}

/** G-spread, benchmark and T-spread of a yield against a curve. */
export function spreads(curve: Curve, settlement: DayNumber, maturity: DayNumber, bondYield: number): CurveSpreads {
  const yearsToMaturity = yearsBetween(settlement, maturity);
  const interpolated = interpolateCurve(curve, yearsToMaturity);
  const b = benchmarkIndex(curve, yearsToMaturity);
  const benchmarkYield = curve.yields[b]!;
  return {
    yearsToMaturity,
    interpolatedTreasuryYield: interpolated,
    gSpreadBp: (bondYield - interpolated) * 1e4,
    benchmarkTenor: curve.tenors[b]!,
    benchmarkYield,
    tSpreadBp: (bondYield - benchmarkYield) * 1e4,
  };
}

/** Spread in basis points of a yield over a benchmark bond's yield (both decimals). */
export function spreadToBenchmarkBp(bondYield: number, benchmarkBondYield: number): number {
  return (bondYield - benchmarkBondYield) * 1e4;
}
