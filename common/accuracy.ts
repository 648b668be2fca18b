/**
 * The vocabulary of the evaluated-price backtest (issue 10, docs/market-data.md "Accuracy"),
 * shared by the server that computes it and the page and command that show it: the error
 * thresholds per credit class, and the buckets trades are grouped by.
 */
import type { RatingClass } from './market';

/**
 * A prediction counts as "within" when |prediction − trade mid| ≤ the threshold, in price points:
 * the tighter and wider thresholds the issue (and peers' published figures) use for IG and HY.
 */
export const ACCURACY_THRESHOLDS: Record<RatingClass, readonly [tight: number, wide: number]> = {
  IG: [0.4, 0.55],
  HY: [0.6, 0.82],
};

/** Trade size buckets by par, upper bound exclusive. `1MM+` is reported besides them (the blocks). */
export const SIZE_BUCKETS = [
  { id: '<100K', below: 100_000 },
  { id: '100K-1MM', below: 1_000_000 },
  { id: '1MM-5MM', below: 5_000_000 },
  { id: '5MM+', below: Number.POSITIVE_INFINITY },
] as const;
export type SizeBucket = (typeof SIZE_BUCKETS)[number]['id'];
/** The aggregate row of every trade of 1MM or more. */
export const BLOCK_SIZE_ROW = '1MM+';
export const BLOCK_SIZE_MIN = 1_000_000;

export function sizeBucketOf(par: number): SizeBucket {
  for (const b of SIZE_BUCKETS) if (par < b.below) return b.id;
  return '5MM+';
}

/**
 * Liquidity: business days since the bond's previous trade (0 = it traded earlier the same day);
 * `none` = no earlier trade known (the first print in the data).
 */
export const LIQUIDITY_BUCKETS = [
  { id: '0d', maxDays: 0 },
  { id: '1d', maxDays: 1 },
  { id: '2-5d', maxDays: 5 },
  { id: '6-20d', maxDays: 20 },
  { id: '21d+', maxDays: Number.POSITIVE_INFINITY },
] as const;
export type LiquidityBucket = (typeof LIQUIDITY_BUCKETS)[number]['id'] | 'none';

export function liquidityBucketOf(businessDays: number | null): LiquidityBucket {
  if (businessDays === null) return 'none';
  for (const b of LIQUIDITY_BUCKETS) if (businessDays <= b.maxDays) return b.id;
  return '21d+';
}

/** Confidence bands of the evaluated price (0–100), lower bound inclusive. */
export const CONFIDENCE_BANDS = [
  { id: '0-19', min: 0 },
  { id: '20-39', min: 20 },
  { id: '40-59', min: 40 },
  { id: '60-79', min: 60 },
  { id: '80-100', min: 80 },
] as const;
export type ConfidenceBand = (typeof CONFIDENCE_BANDS)[number]['id'];

export function confidenceBandOf(confidence: number): ConfidenceBand {
  let band: ConfidenceBand = '0-19';
  for (const b of CONFIDENCE_BANDS) if (confidence >= b.min) band = b.id;
  return band;
}

/** The three predictions compared for each trade. */
export const ACCURACY_PREDICTORS = ['model', 'lastTrade', 'previousClose'] as const;
export type AccuracyPredictor = (typeof ACCURACY_PREDICTORS)[number];
export const ACCURACY_PREDICTOR_LABELS: Record<AccuracyPredictor, string> = {
  model: 'Evaluated price',
  lastTrade: 'Last trade carried forward',
  previousClose: 'Previous close',
};
