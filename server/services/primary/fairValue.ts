/**
 * Fair value of a new tranche against the issuer's secondary curve, as a syndicate desk reads it:
 * the issuer's bonds' spreads by remaining tenor, a curve through them, and the curve's level at
 * the new tranche's tenor. The curve is spread = a + b·ln(tenor), fitted by least squares weighted
 * by amount outstanding (benchmark-sized bonds count most). Within the issuer's tenors it is read
 * off the fit; beyond them it follows the slope of the sector-and-rating curve from the issuer's
 * nearest end, since one issuer's bonds say little about where its curve goes past its longest
 * bond. Without issuer bonds the sector-and-rating curve is the fair value itself.
 */

export interface CurvePointInput {
  /** Remaining years to maturity. */
  tenor: number;
  spreadBp: number;
  /** Amount outstanding (or any positive weight). */
  weight: number;
}

/** spread(t) = level + slope · ln(t), t in years. */
export interface LogCurve {
  level: number;
  slope: number;
}

export type FairValueMethod = 'issuer curve' | 'issuer curve, extended with the sector and rating slope' | 'sector and rating curve';

export interface FairValue {
  spreadBp: number;
  method: FairValueMethod;
}

/** Shortest tenor the log curve is evaluated at (a 3-month bond would otherwise dominate the fit). */
const MIN_TENOR = 0.25;
/** Tenors closer than this count as one point when deciding whether a slope can be fitted. */
const DISTINCT_TENOR_YEARS = 0.5;

const ln = (t: number) => Math.log(Math.max(t, MIN_TENOR));

export function curveAt(curve: LogCurve, tenor: number): number {
  return curve.level + curve.slope * ln(tenor);
}

/**
 * Weighted least-squares fit of spread = level + slope·ln(tenor). With tenors that do not spread
 * over at least {@link DISTINCT_TENOR_YEARS}, the slope is `fallbackSlope` and only the level is
 * fitted. Null without points.
 */
export function fitLogCurve(points: readonly CurvePointInput[], fallbackSlope = 0): LogCurve | null {
  const usable = points.filter((p) => Number.isFinite(p.spreadBp) && p.tenor > 0 && p.weight > 0);
  if (usable.length === 0) return null;
  let sw = 0;
  let sx = 0;
  let sy = 0;
  for (const p of usable) {
    sw += p.weight;
    sx += p.weight * ln(p.tenor);
    sy += p.weight * p.spreadBp;
  }
  const mx = sx / sw;
  const my = sy / sw;
  const tenors = usable.map((p) => p.tenor);
  if (Math.max(...tenors) - Math.min(...tenors) < DISTINCT_TENOR_YEARS) return { level: my - fallbackSlope * mx, slope: fallbackSlope };
  let sxx = 0;
  let sxy = 0;
  for (const p of usable) {
    const dx = ln(p.tenor) - mx;
    sxx += p.weight * dx * dx;
    sxy += p.weight * dx * (p.spreadBp - my);
  }
  const slope = sxy / sxx;
  return { level: my - slope * mx, slope };
}

/**
 * The fair spread at `tenor` from the issuer's points and the sector-and-rating reference curve.
 * Null when neither exists.
 */
export function fairValueAt(tenor: number, issuerPoints: readonly CurvePointInput[], reference: LogCurve | null): FairValue | null {
  const issuer = fitLogCurve(issuerPoints, reference?.slope ?? 0);
  if (!issuer) return reference ? { spreadBp: curveAt(reference, tenor), method: 'sector and rating curve' } : null;
  const tenors = issuerPoints.map((p) => p.tenor);
  const shortest = Math.min(...tenors);
  const longest = Math.max(...tenors);
  if (tenor >= shortest && tenor <= longest) return { spreadBp: curveAt(issuer, tenor), method: 'issuer curve' };
  const anchor = tenor > longest ? longest : shortest;
  const slope = reference?.slope ?? issuer.slope;
  return {
    spreadBp: curveAt(issuer, anchor) + slope * (ln(tenor) - ln(anchor)),
    method: 'issuer curve, extended with the sector and rating slope',
  };
}
