/**
 * Fair value of a new tranche against the issuer's secondary curve, as a syndicate desk reads it:
 * the issuer's bonds' spreads by remaining tenor, a curve through them, and the curve's level at
 * the new tranche's tenor. The curve is spread = a + b·ln(tenor), fitted by least squares weighted
 * by amount outstanding (benchmark-sized bonds count most). Within the issuer's tenors it is read
 * off the fit; beyond them it follows the slope of the sector-and-rating curve from the issuer's
 * nearest end, since one issuer's bonds say little about where its curve goes past its longest
 * bond. Without issuer bonds the sector-and-rating curve is the fair value itself.
 */
import type { RatingBucket } from '../../../common/market';

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

export type FairValueMethod =
  | 'issuer curve'
  | 'issuer curve, extended with the sector and rating slope'
  | 'sector and rating curve'
  | 'issuer senior curve, notched for rank';

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
 * The fair spread at `tenor` from the issuer's points and the sector-and-rating curve.
 * Null when neither exists.
 */
export function fairValueAt(tenor: number, issuerPoints: readonly CurvePointInput[], sectorCurve: LogCurve | null): FairValue | null {
  const issuer = fitLogCurve(issuerPoints, sectorCurve?.slope ?? 0);
  if (!issuer) return sectorCurve ? { spreadBp: curveAt(sectorCurve, tenor), method: 'sector and rating curve' } : null;
  const tenors = issuerPoints.map((p) => p.tenor);
  const shortest = Math.min(...tenors);
  const longest = Math.max(...tenors);
  if (tenor >= shortest && tenor <= longest) return { spreadBp: curveAt(issuer, tenor), method: 'issuer curve' };
  const anchor = tenor > longest ? longest : shortest;
  const slope = sectorCurve?.slope ?? issuer.slope;
  return {
    spreadBp: curveAt(issuer, anchor) + slope * (ln(tenor) - ln(anchor)),
    method: 'issuer curve, extended with the sector and rating slope',
  };
}

/** The rank a new issue of unknown seniority has (most are). */
export const SENIOR_RANK = 'Senior Unsecured';

/**
 * Documented rank notches: where a bond of each rank trades against its issuer's senior unsecured
 * curve, as a multiple of the senior spread, for investment grade and high yield issuers. They
 * stand for the market's convention of notching by rank — secured one notch above senior (and
 * tighter for its collateral), a bank's subordinated (Tier 2) debt one to two notches below, junior
 * subordinated (AT1-like) three — turned into a spread multiple at typical IG and HY spread steps
 * (~15 % a notch in IG, ~12 % in HY): secured ×0.75, subordinated ×1.5 IG / ×1.7 HY, junior
 * subordinated ×2.4. docs/primary-markets.md "Fair value by rank".
 */
export const RANK_SPREAD_MULTIPLE: Record<string, { ig: number; hy: number }> = {
  'Senior Secured': { ig: 0.75, hy: 0.75 },
  [SENIOR_RANK]: { ig: 1, hy: 1 },
  Subordinated: { ig: 1.5, hy: 1.7 },
  'Junior Subordinated': { ig: 2.4, hy: 2.4 },
};

/** An issuer's bond as fair value reads it: its spread, tenor, weight and rank. */
export interface RankedPoint extends CurvePointInput {
  seniority: string;
}

/** Why a tranche has no fair value (shown in its place: none rather than a wrong one). */
export interface NoFairValue {
  spreadBp: null;
  reason: string;
}

/**
 * The ratings fair value reads: the issuer's (its largest senior unsecured bond's), which picks the
 * rank multiple, and the tranche's own once it is a bond (null while it is in the market).
 */
export interface TrancheRatings {
  issuer: RatingBucket;
  tranche?: RatingBucket | null;
}

/**
 * The market's line for distressed debt: a spread over 1,000 bp to Treasuries (the distress ratio
 * of the high-yield indices counts bonds past it). Such paper trades on price and expected
 * recovery, not on a spread curve, so a spread "fair value" there is not credible.
 */
export const DISTRESSED_SPREAD_BP = 1000;
const PRICED_ON_RECOVERY = 'distressed paper trades on price and recovery, not on a spread curve';

/**
 * Bonds of the tranche's own rank read directly only when there are at least this many and the
 * tranche's tenor lies among them; fewer (or a tenor past them) read the senior curve, notched. On
 * the simulated market a rank's one to three bonds, extrapolated, missed by 10–60 bp where the
 * notched senior curve (more bonds) missed by 0–10 (bench/RESULTS.md, 29 Nov).
 */
export const MIN_OWN_RANK_BONDS = 3;

/**
 * The fair spread of a tranche of `seniority` (null: senior unsecured) at `tenor`, never from a
 * curve that mixes ranks (issue 32: a mix of all the issuer's bonds gave concessions of −150 to
 * +380 bp):
 * 1. a senior unsecured tranche: the issuer's senior unsecured curve (extended with the sector-and-rating
 *    slope), else the sector-and-rating curve;
 * 2. another rank: its own bonds when {@link MIN_OWN_RANK_BONDS} or more span the tenor, else the
 *    issuer's senior unsecured curve × {@link RANK_SPREAD_MULTIPLE}, else its own bonds extended;
 * 3. none — with the reason — when none of these exists, when the notch would cross from an
 *    investment-grade issuer into a high-yield tranche, or for distressed paper: an issuer or
 *    tranche rated CCC+ or below, or a spread past {@link DISTRESSED_SPREAD_BP}.
 */
export function fairValueForRank(
  tenor: number,
  points: readonly RankedPoint[],
  seniority: string | null,
  sectorCurve: LogCurve | null,
  ratings: TrancheRatings,
): FairValue | NoFairValue {
  if (ratings.issuer === 'CCC' || ratings.tranche === 'CCC')
    return { spreadBp: null, reason: `none: rated CCC+ or below, ${PRICED_ON_RECOVERY}` };
  const rank = seniority ?? SENIOR_RANK;
  const senior = points.filter((p) => p.seniority === SENIOR_RANK);
  const fair =
    rank === SENIOR_RANK ? fairValueAt(tenor, senior, sectorCurve) : notchedFairValue(tenor, points, rank, senior, sectorCurve, ratings);
  if (fair === null) return { spreadBp: null, reason: 'none: no issuer or sector curve to read it from' };
  if ('reason' in fair) return fair;
  if (fair.spreadBp > DISTRESSED_SPREAD_BP)
    return { spreadBp: null, reason: `none: over ${DISTRESSED_SPREAD_BP.toLocaleString('en-US')} bp, ${PRICED_ON_RECOVERY}` };
  return fair;
}

const HIGH_YIELD: readonly RatingBucket[] = ['BB', 'B', 'CCC'];
const CROSSES = "a high-yield curve is flat where the issuer's rises, so no multiple of it holds across tenors";

/**
 * A tranche rated high yield notched off an investment-grade issuer's senior curve (a BBB- bank's
 * subordinated or junior subordinated debt): high-yield spreads are nearly flat in tenor where
 * investment grade's rise steeply, so one multiple of the senior curve is wrong by tenor — on the
 * simulated market by −80 to +150 bp between 2 and 30 years (bench/RESULTS.md, 29 Nov 2026).
 */
function crossesIntoHighYield(ratings: TrancheRatings): boolean {
  return !HIGH_YIELD.includes(ratings.issuer) && ratings.tranche != null && HIGH_YIELD.includes(ratings.tranche);
}

function notchedFairValue(
  tenor: number,
  points: readonly RankedPoint[],
  rank: string,
  senior: readonly RankedPoint[],
  sectorCurve: LogCurve | null,
  ratings: TrancheRatings,
): FairValue | NoFairValue | null {
  const highYield = HIGH_YIELD.includes(ratings.issuer);
  const own = points.filter((p) => p.seniority === rank);
  const tenors = own.map((p) => p.tenor);
  if (own.length >= MIN_OWN_RANK_BONDS && tenor >= Math.min(...tenors) && tenor <= Math.max(...tenors))
    return fairValueAt(tenor, own, sectorCurve);
  const multiple = RANK_SPREAD_MULTIPLE[rank]?.[highYield ? 'hy' : 'ig'];
  if (multiple === undefined) return { spreadBp: null, reason: `none: no documented notch for the rank ${rank}` };
  const base = senior.length > 0 ? fairValueAt(tenor, senior, sectorCurve) : null;
  if (base && crossesIntoHighYield(ratings))
    return { spreadBp: null, reason: `none: rated high yield, its issuer investment grade: ${CROSSES}` };
  if (base) return { spreadBp: base.spreadBp * multiple, method: 'issuer senior curve, notched for rank' };
  if (own.length > 0) return fairValueAt(tenor, own, sectorCurve);
  return { spreadBp: null, reason: `none: no ${rank.toLowerCase()} or senior unsecured bond of the issuer to notch from` };
}
