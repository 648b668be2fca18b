/**
 * The evaluated-pricing model's conventions in one place: windows, decay, half-spreads, rating
 * and tenor buckets, the spread priors and the confidence formula's constants. Everything that a
 * reviewer would want to tune (or that docs/market-data.md quotes) lives here.
 */
import { isoDate } from '../../../common/calendar';
import { ratingBucketOf, spEquivalentOfMoody, type RatingBucket } from '../../../common/market';

/** Trades older than this many calendar days (≈ 10 business days) are not used. */
export const TRADE_WINDOW_DAYS = 14;
/** Most recent trades per bond considered (older ones add little once this many are fresh). */
export const MAX_TRADES_PER_BOND = 40;
/**
 * Trade ages are measured from asOf rounded down to this step, so ticks a few seconds apart with
 * nothing new give identical prices (and rewrite nothing); 15 minutes is noise against a
 * two-day half-life.
 */
export const AGE_STEP_MS = 15 * 60_000;
/** Recency decay of a trade's weight: half-life in days. */
export const DECAY_HALF_LIFE_DAYS = 2;
/** Outlier rule: |s − median| > max(k · 1.4826 · MAD, floor) is rejected (needs ≥ 3 trades). */
export const OUTLIER_K = 3.5;
export const OUTLIER_FLOOR_BP = { ig: 15, hy: 40 } as const;
/** Scales of "tight" dispersion (trades) and of a "good" model fit, in bp. */
export const DISPERSION_SCALE_BP = { ig: 8, hy: 25 } as const;
export const MODEL_FIT_SCALE_BP = { ig: 25, hy: 75 } as const;
/** The highest confidence any evidence can give (a price is never certain). */
export const CONFIDENCE_CEILING = 0.95;
/** The highest confidence each model kind can give a bond without trades of its own. */
export const MODEL_CONFIDENCE_CAP = { issuer: 0.6, sector: 0.45, rating: 0.25 } as const;
/** Shrinkage strengths (pseudo-observations) of the hierarchical spread curves. */
export const SHRINK = { ratingCell: 2, sectorCell: 2, issuerLevel: 0.5, issuerSlope: 4, notchSlope: 10 } as const;
/** Volume % change compares today with the average of this many previous business days. */
export const VOLUME_AVERAGE_DAYS = 20;

export { RATING_BUCKETS, type RatingBucket } from '../../../common/market';

const DAY_MS = 86_400_000;

/**
 * Half the bid–ask spread, in price points, that a dealer charges a customer trading `quantity`
 * par of a bond with `years` to maturity: odd lots pay most, blocks least, longer bonds more and
 * high yield 1.7× — the same dealer convention the simulator quotes with, so the evaluated mid of
 * a simulated market is unbiased. ≈1 point for a 10k odd lot of a 7-year bond, ≈0.37 at 100k,
 * ≈0.15 at 1MM, ≈0.08 at 10MM; capped at 1.25 points.
 */
export function halfSpreadPoints(quantity: number, highYield: boolean, years: number): number {
  const base = 0.05 + 0.32 * Math.sqrt(100_000 / Math.max(quantity, 1000));
  const tenor = 0.6 + 0.4 * Math.min(2, Math.sqrt(Math.max(years, 0.25) / 7));
  return Math.min(1.25, base * tenor) * (highYield ? 1.7 : 1);
}

/** A trade's weight in the trade-implied spread: size (√par in MM, capped at 5MM) × recency decay. */
export function tradeWeight(quantity: number, ageDays: number): number {
  return Math.min(Math.sqrt(Math.max(quantity, 0) / 1e6), Math.sqrt(5)) * decay(ageDays);
}

/** A trade's contribution to the evidence that decides the trade/model blend (≤ 1 each). */
export function tradeEvidence(quantity: number, ageDays: number): number {
  return Math.min(1, Math.sqrt(Math.max(quantity, 0) / 1e6)) * decay(ageDays);
}

/** Exponential recency decay with {@link DECAY_HALF_LIFE_DAYS}. */
export function decay(ageDays: number): number {
  return Math.pow(0.5, Math.max(ageDays, 0) / DECAY_HALF_LIFE_DAYS);
}

/** Share of the trade-implied spread in the blend: evidence / (evidence + 1). */
export function blendWeight(evidence: number): number {
  return evidence > 0 ? evidence / (evidence + 1) : 0;
}

/** Letter bucket of a bond from its S&P rating, else its Moody's rating; unrated counts as BBB. */
export function ratingBucket(sp: string | null, moody: string | null): RatingBucket {
  const usable = sp && sp.trim() !== 'NR' ? sp.trim().toUpperCase() : spEquivalentOfMoody(moody);
  return ratingBucketOf(usable) ?? (usable ? 'CCC' : 'BBB');
}

/**
 * A bond's notch within its letter bucket, from the same rating `ratingBucket` reads: −1 for '+',
 * 0 for the flat letter, +1 for '−'; below CCC− (CC, C, D) +2 … +4. 0 when unrated.
 */
export function ratingNotch(sp: string | null, moody: string | null): number {
  const usable = sp && sp.trim() !== 'NR' ? sp.trim().toUpperCase() : spEquivalentOfMoody(moody);
  if (!usable) return 0;
  const below = ['CC', 'C', 'D'].indexOf(usable);
  if (below >= 0) return 2 + below;
  return usable.endsWith('+') ? -1 : usable.endsWith('-') ? 1 : 0;
}

export function isHighYield(bucket: RatingBucket): boolean {
  return bucket === 'BB' || bucket === 'B' || bucket === 'CCC';
}

/**
 * Nodes of the model's spread curves by years to maturity, with the point each is anchored at.
 * Coarser than the market's tenor buckets (common/market TENOR_BUCKETS): each node needs enough
 * bonds per rating and sector to fit.
 */
export const CURVE_TENOR_NODES = [
  { label: '0-2y', upTo: 2, center: 1 },
  { label: '2-5y', upTo: 5, center: 3.5 },
  { label: '5-10y', upTo: 10, center: 7.5 },
  { label: '10-20y', upTo: 20, center: 15 },
  { label: '20y+', upTo: Infinity, center: 27 },
] as const;

/** The index in {@link CURVE_TENOR_NODES} of a bond with `years` to maturity. */
export function curveTenorIndex(years: number): number {
  for (let i = 0; i < CURVE_TENOR_NODES.length; i++) if (years < CURVE_TENOR_NODES[i]!.upTo) return i;
  return CURVE_TENOR_NODES.length - 1;
}

/**
 * Prior spread (bp over treasuries) by rating and tenor bucket, the last resort of the model when
 * the universe has no trades in a rating: roughly today's index levels, wider with tenor.
 */
const PRIOR_BASE_BP: Record<RatingBucket, number> = { AAA: 35, AA: 50, A: 75, BBB: 120, BB: 220, B: 350, CCC: 1000 };
/** Term structure of the prior: investment grade steep, high yield flat, distressed (CCC) inverted. */
const PRIOR_TENOR_FACTOR = { ig: [0.6, 0.8, 1, 1.15, 1.25], hy: [0.9, 0.95, 1, 1.02, 1.03], ccc: [1.15, 1.08, 1, 0.97, 0.95] } as const;

/**
 * How far a model spread may stray from the static prior of its rating and tenor (× the prior,
 * notch included): a fit on a few bonds, or on prints it should not have believed, must not give
 * a negative spread (issue 32: −1,101 bp) or one many times its rating's. Outside, it is clipped.
 */
export const MODEL_SPREAD_BOUNDS = { low: 0.2, high: 6 } as const;
/** How far (in log years) an issuer's fitted slope is extended beyond its shortest and longest traded bonds. */
export const ISSUER_SLOPE_REACH = 0.4;

export function priorSpreadBp(bucket: RatingBucket, tenorIndex: number): number {
  const shape = bucket === 'CCC' ? PRIOR_TENOR_FACTOR.ccc : isHighYield(bucket) ? PRIOR_TENOR_FACTOR.hy : PRIOR_TENOR_FACTOR.ig;
  return PRIOR_BASE_BP[bucket] * shape[tenorIndex]!;
}

/** 'YYYY-MM-DD' of a Date in UTC: the market day a time belongs to (US trading hours fit one UTC day). */
export const isoDay = isoDate;

export const MS_PER_DAY = DAY_MS;

/** app_settings key of the instant the whole universe was last repriced as of (the market's "as of"). */
export const UNIVERSE_AS_OF_KEY = 'pricing.universeAsOf';
