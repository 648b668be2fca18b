/**
 * The market screens' vocabulary: which tenor and slope columns the summary grid shows (the §3
 * `market` preferences visibleTenors / visibleSlopeTenors), how each metric's levels and changes
 * read, segment names, and the detail route's URL.
 */
import type { MarketMetric, MarketSummaryResponse, MarketWeighting, SummaryCell } from '@common/api/market';
import { formatNumber, formatPrice, formatSize, formatSpread, formatYield, formatYieldChange, MISSING } from '@common/format';
import { RATING_BUCKETS, SECTORS, TENOR_BUCKET_IDS, type TenorBucket } from '@common/market';
import { WEIGHTED_BY_SIZE as BY_SIZE, WEIGHTED_EQUALLY as EQUALLY } from '../../components/market/weighting';

export const METRIC_OPTIONS: ReadonlyArray<{ value: MarketMetric; label: string; unit: string; changeUnit: string }> = [
  { value: 'yield', label: 'Yield', unit: `yield to worst, %, ${BY_SIZE}`, changeUnit: 'bp' },
  { value: 'spread', label: 'Spread', unit: `G-spread, bp, ${BY_SIZE}`, changeUnit: 'bp' },
  { value: 'price', label: 'Price', unit: `clean price per 100 face, ${BY_SIZE}`, changeUnit: 'points' },
  { value: 'volume', label: 'Volume', unit: 'traded par, USD MM', changeUnit: 'USD MM' },
];

/** The summary's (and the detail series') unit line, naming the weighting the server used for this answer. */
export function summaryUnit(metric: MarketMetric, weighting: MarketWeighting | null | undefined): string {
  const { unit } = METRIC_OPTIONS.find((m) => m.value === metric)!;
  return weighting === 'equal' ? unit.replace(BY_SIZE, EQUALLY) : unit;
}

export function isMetric(value: string | undefined | null): value is MarketMetric {
  return METRIC_OPTIONS.some((m) => m.value === value);
}

export function isTenor(value: string | undefined | null): value is TenorBucket {
  return (TENOR_BUCKET_IDS as readonly string[]).includes(value ?? '');
}

/** Default columns when the user has not chosen: every bucket, and the 2s10s and 10s30s slopes. */
export const DEFAULT_VISIBLE_TENORS: readonly TenorBucket[] = TENOR_BUCKET_IDS;
export const DEFAULT_VISIBLE_SLOPES: readonly string[] = ['2Y-10Y', '10Y-30Y'];

/** Every slope a user can pick: short-long pairs of buckets ("2Y-10Y" = 10Y level minus 2Y level). */
export const SLOPE_OPTIONS: readonly string[] = ['1Y-2Y', '2Y-5Y', '2Y-10Y', '5Y-10Y', '5Y-30Y', '10Y-30Y', '2Y-30Y'];

/** A slope id split into its buckets, or null for anything else. */
export function parseSlope(id: string): { short: TenorBucket; long: TenorBucket } | null {
  const [short, long, ...rest] = id.split('-');
  if (rest.length || !isTenor(short) || !isTenor(long) || short === long) return null;
  return { short, long };
}

/** Visible tenor buckets from preferences (unknown ids dropped, bucket order kept). */
export function visibleTenors(prefs: { visibleTenors?: string[] } | undefined): TenorBucket[] {
  const chosen = prefs?.visibleTenors;
  if (!chosen || chosen.length === 0) return [...DEFAULT_VISIBLE_TENORS];
  return TENOR_BUCKET_IDS.filter((t) => chosen.includes(t));
}

/** Visible slopes from preferences (unknown ids dropped). An empty list is a choice: no slopes. */
export function visibleSlopes(prefs: { visibleSlopeTenors?: string[] } | undefined): string[] {
  const chosen = prefs?.visibleSlopeTenors;
  if (!chosen) return [...DEFAULT_VISIBLE_SLOPES];
  return chosen.filter((s) => parseSlope(s) !== null);
}

/** Slopes only read for curve metrics (a price or volume "slope" means nothing). */
export function metricHasSlopes(metric: MarketMetric): boolean {
  return metric === 'yield' || metric === 'spread';
}

/** A slope cell: long minus short for the level and for the daily change; null when a side is missing. */
export function slopeCell(cells: SummaryCell[], slopeId: string): { value: number | null; change: number | null } {
  const slope = parseSlope(slopeId);
  const short = slope && cells.find((c) => c.tenor === slope.short);
  const long = slope && cells.find((c) => c.tenor === slope.long);
  const diff = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null ? null : a - b);
  return { value: diff(long?.value, short?.value), change: diff(long?.change, short?.change) };
}

/** A level as the desk reads it. Slopes of yields are shown in bp. */
export function formatLevel(metric: MarketMetric, value: number | null | undefined, slope = false): string {
  if (value === null || value === undefined || Number.isNaN(value)) return MISSING;
  switch (metric) {
    case 'yield':
      return slope ? formatYieldChange(value) : formatYield(value);
    case 'spread':
      return slope ? formatSpread(value) : `${formatNumber(value, 1)} bp`;
    case 'price':
      return formatPrice(value);
    case 'volume':
      return formatSize(value);
  }
}

/** A daily change as the desk reads it (signed). */
export function formatChange(metric: MarketMetric, value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return MISSING;
  switch (metric) {
    case 'yield':
      return formatYieldChange(value);
    case 'spread':
      return formatSpread(value);
    case 'price':
      return `${value > 0 ? '+' : value < 0 ? '-' : ''}${formatPrice(Math.abs(value))}`;
    case 'volume':
      return `${value > 0 ? '+' : value < 0 ? '-' : ''}${formatSize(Math.abs(value))}`;
  }
}

export const TONE_HELP: Record<MarketMetric, string> = {
  yield: 'Daily change in bp; green: yields lower, red: yields higher',
  spread: 'Daily change in bp; green: tighter, red: wider',
  price: 'Daily change in points; green: prices up, red: down',
  volume: 'Change vs the previous day, USD MM; green: more trading',
};

/** Segments the API knows (labels as the summary names them). */
export const SEGMENT_OPTIONS: ReadonlyArray<{ value: string; label: string; group: string }> = [
  { value: 'all', label: 'All bonds', group: 'Market' },
  { value: 'IG', label: 'Investment grade', group: 'Market' },
  { value: 'HY', label: 'High yield', group: 'Market' },
  ...RATING_BUCKETS.map((b) => ({ value: `rating:${b}`, label: b, group: 'Rating' })),
  ...SECTORS.map((s) => ({ value: `sector:${s.code}`, label: s.name, group: 'Sector' })),
];

export function segmentLabel(segment: string): string {
  return SEGMENT_OPTIONS.find((s) => s.value === segment)?.label ?? segment.replace(/^(sector|rating):/, '');
}

export interface DetailParams {
  metric: MarketMetric;
  /** null: every tenor. */
  tenor: TenorBucket | null;
  segment: string;
}

/** The detail route's parameters read leniently (unknown values fall back to the defaults). */
export function detailParams(raw: { metric?: string; tenor?: string; segment?: string }): DetailParams {
  return {
    metric: isMetric(raw.metric) ? raw.metric : 'spread',
    tenor: isTenor(raw.tenor) ? raw.tenor : null,
    segment:
      raw.segment && SEGMENT_OPTIONS.some((s) => s.value === raw.segment)
        ? raw.segment
        : raw.segment && /^(sector|rating):/.test(raw.segment)
          ? raw.segment
          : 'all',
  };
}

/** /bw/market/detail/{metric}/{tenor}/{segment} ("all" stands for every tenor). */
export function detailPath(p: DetailParams): string {
  return `/bw/market/detail/${p.metric}/${p.tenor ?? 'all'}/${encodeURIComponent(p.segment)}`;
}

/** A summary row by segment id. */
export function rowOf(summary: MarketSummaryResponse, segment: string) {
  return summary.rows.find((r) => r.segment === segment);
}
