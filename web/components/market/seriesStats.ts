/**
 * Plot statistics over a chart's range (min, max, average, first → last change) and the date
 * ranges the market and history charts offer.
 */

export interface SeriesStats {
  first: number;
  last: number;
  min: number;
  max: number;
  avg: number;
  /** last − first. */
  change: number;
}

/** Stats of the finite values, or null when there are none. */
export function seriesStats(values: ReadonlyArray<number | null | undefined>): SeriesStats | null {
  const list = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (list.length === 0) return null;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (const v of list) {
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  const first = list[0]!;
  const last = list[list.length - 1]!;
  return { first, last, min, max, avg: sum / list.length, change: last - first };
}

export type RangeId = '1m' | '3m' | '6m' | '1y';
export const RANGE_OPTIONS: ReadonlyArray<{ value: RangeId; label: string; days: number }> = [
  { value: '1m', label: '1M', days: 31 },
  { value: '3m', label: '3M', days: 92 },
  { value: '6m', label: '6M', days: 183 },
  { value: '1y', label: '1Y', days: 365 },
];

/** First day (YYYY-MM-DD, UTC) of a range ending today. */
export function rangeStart(range: RangeId, today: Date = new Date()): string {
  const days = RANGE_OPTIONS.find((r) => r.value === range)?.days ?? 92;
  return new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}
