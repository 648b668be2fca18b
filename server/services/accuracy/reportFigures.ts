/**
 * The figures of the accuracy tables (share within thresholds, percentiles, rank correlation) and
 * the tables' row order, shared by the read model's answers (modelReport.ts) and the direct
 * computation they must equal (reportByScan.ts).
 */
import { CONFIDENCE_BANDS, LIQUIDITY_BUCKETS, SIZE_BUCKETS, BLOCK_SIZE_ROW } from '../../../common/accuracy';
import type { AccuracyRow, AccuracyStats } from '../../../common/api/accuracy';
import { RATING_BUCKETS, RATING_CLASSES, TENOR_BUCKET_IDS } from '../../../common/market';

/** Shares within each trade's thresholds, percentiles (linear interpolation, as percentile_cont), means. */
export function statsOf(errors: readonly number[], tight: readonly number[], wide: readonly number[]): AccuracyStats {
  const n = errors.length;
  const abs = new Float64Array(n);
  let inTight = 0;
  let inWide = 0;
  let sumAbs = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const e = errors[i]!;
    const a = Math.abs(e);
    abs[i] = a;
    // A hair of tolerance: 0.55 − 0.15 must count as within 0.40.
    if (a <= tight[i]! + 1e-9) inTight++;
    if (a <= wide[i]! + 1e-9) inWide++;
    sumAbs += a;
    sum += e;
  }
  abs.sort();
  return {
    withinTight: inTight / n,
    withinWide: inWide / n,
    medianError: percentile(abs, 0.5),
    p95Error: percentile(abs, 0.95),
    meanAbsError: sumAbs / n,
    bias: sum / n,
  };
}

function percentile(sorted: Float64Array, p: number): number {
  return percentileOf(sorted.length, p, (i) => sorted[i]!);
}

/** The p-th percentile of n sorted values, `at(i)` the i-th smallest (linear interpolation, as percentile_cont). */
export function percentileOf(n: number, p: number, at: (i: number) => number): number {
  const pos = p * (n - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, n - 1);
  return at(lo) + (pos - lo) * (at(hi) - at(lo));
}

/** Ranks 1…n, ties given their average rank. */
function averageRanks(values: readonly number[]): Float64Array {
  return ranksInOrder(
    values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!),
    (i) => values[i]!,
  );
}

/** Ranks 1…n of the indexes in `order` (sorted by value), ties given their average rank. */
export function ranksInOrder(order: ArrayLike<number>, value: (i: number) => number): Float64Array {
  const ranks = new Float64Array(order.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && value(order[j + 1]!) === value(order[i]!)) j++;
    for (let k = i; k <= j; k++) ranks[order[k]!] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return ranks;
}

/** Spearman's ρ: Pearson's correlation of the average ranks; null under two pairs or without spread. */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length;
  if (n < 2) return null;
  return pearsonOfRanks(averageRanks(x), averageRanks(y));
}

/** Pearson's correlation of two rank vectors (1…n); null without spread. */
export function pearsonOfRanks(rx: Float64Array, ry: Float64Array): number | null {
  const n = rx.length;
  const mean = (n + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = rx[i]! - mean;
    const dy = ry[i]! - mean;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

/** Groups' rows in the report's order: all, then IG, then HY; buckets in their natural order. */
export function sortedRows(rows: AccuracyRow[]): AccuracyRow[] {
  return rows.sort((a, b) => order(a.ratingClass) - order(b.ratingClass) || rank(a.key) - rank(b.key) || a.key.localeCompare(b.key));
}

const order = (c: 'IG' | 'HY' | null) => (c === null ? 0 : c === 'IG' ? 1 : 2);
/** Buckets in their natural order (ratings best first, tenors short first, sizes small first…). */
const KEY_ORDER: string[] = [
  'All',
  ...RATING_CLASSES,
  ...RATING_BUCKETS,
  'NR',
  ...TENOR_BUCKET_IDS,
  ...SIZE_BUCKETS.map((b) => b.id),
  BLOCK_SIZE_ROW,
  ...LIQUIDITY_BUCKETS.map((b) => b.id),
  'none',
  ...CONFIDENCE_BANDS.map((b) => b.id),
];
const rank = (key: string) => {
  const i = KEY_ORDER.indexOf(key);
  return i < 0 ? KEY_ORDER.length : i;
};
