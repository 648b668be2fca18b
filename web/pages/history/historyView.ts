/**
 * What the history screens plot: a metric of the end-of-day price history, trades as points
 * (sized by quantity, coloured by side), the bond's default index (IG or HY by its composite rating)
 * and, when comparing bonds, series made comparable (price rebased to 100, yields and spreads
 * as the change from the first day in bp).
 */
import type { PriceHistoryResponse } from '@common/api/bond';
import type { MarketIndexResponse } from '@common/api/market';
import type { Trade } from '@common/api/trade';
import { formatNumber, formatPrice, formatYield, formatYieldChange, formatSpread, MISSING } from '@common/format';
import { compositeRating, ratingClassOf, TRADE_FLAG_LABELS, type RatingClass } from '@common/market';
import type { ChartMarker } from '../../components/TimeSeriesChart';

export type HistoryMetric = 'price' | 'yield' | 'spread' | 'confidence';
export const HISTORY_METRICS: ReadonlyArray<{ value: HistoryMetric; label: string; unit: string }> = [
  { value: 'price', label: 'Price', unit: 'evaluated clean price per 100 face' },
  { value: 'yield', label: 'Yield', unit: 'yield to worst, %' },
  { value: 'spread', label: 'Spread', unit: 'G-spread, bp' },
  { value: 'confidence', label: 'Confidence', unit: 'pricing confidence, 0–100' },
];

export function isHistoryMetric(v: string | null | undefined): v is HistoryMetric {
  return HISTORY_METRICS.some((m) => m.value === v);
}

type Point = PriceHistoryResponse['points'][number];

/** The metric's value of a history point (null when the bond had none that day). */
export function metricValue(metric: HistoryMetric, p: Point): number | null {
  switch (metric) {
    case 'price':
      return p.price;
    case 'yield':
      return p.yield;
    case 'spread':
      return p.gSpread;
    case 'confidence':
      return p.confidence;
  }
}

/** A level as the desk reads it. */
export function formatMetric(metric: HistoryMetric, v: number | null | undefined): string {
  if (v === null || v === undefined || Number.isNaN(v)) return MISSING;
  switch (metric) {
    case 'price':
      return formatPrice(v);
    case 'yield':
      return formatYield(v);
    case 'spread':
      return `${formatNumber(v, 1)} bp`;
    case 'confidence':
      return formatNumber(v, 0);
  }
}

/** A change over the range, signed. */
export function formatMetricChange(metric: HistoryMetric, v: number | null | undefined): string {
  if (v === null || v === undefined || Number.isNaN(v)) return MISSING;
  switch (metric) {
    case 'price':
      return `${v > 0 ? '+' : v < 0 ? '-' : ''}${formatPrice(Math.abs(v))}`;
    case 'yield':
      return formatYieldChange(v);
    case 'spread':
      return formatSpread(v);
    case 'confidence':
      return `${v > 0 ? '+' : ''}${formatNumber(v, 0)}`;
  }
}

/**
 * Each side's marker colour on the chart (a canvas, which takes no CSS variables) and its text
 * colour in the table: the colour scheme's own good/bad/dimmed text, which meets AA contrast in
 * both schemes where the markers' bright shades do not.
 */
export const SIDE_STYLE: Record<Trade['side'], { color: string; textColor: string; label: string }> = {
  customer_buy: { color: '#20c997', textColor: 'var(--bw-color-good)', label: 'Customer buy' },
  customer_sell: { color: '#fa5252', textColor: 'var(--bw-color-bad)', label: 'Customer sell' },
  inter_dealer: { color: '#adb5bd', textColor: 'var(--mantine-color-dimmed)', label: 'Inter-dealer' },
};

/** Marker size by disseminated par: 10k → 0.6, 100k → 1.1, 1MM → 1.6, 5MM+ → ~2 (log scale, capped). */
export function tradeMarkerSize(par: number): number {
  const size = 0.6 + 0.5 * Math.log10(Math.max(par, 10_000) / 10_000);
  return Math.min(2.2, Math.round(size * 100) / 100);
}

/**
 * Trades as chart markers for a metric: at the trade's price (price) or yield (yield); trades
 * carry no spread or confidence, so those metrics get none. Cancelled trades are left out.
 */
export function tradeMarkers(trades: readonly Trade[], metric: HistoryMetric, from?: string): ChartMarker[] {
  if (metric !== 'price' && metric !== 'yield') return [];
  const out: ChartMarker[] = [];
  for (const t of trades) {
    // Cancelled prints, and prints the pricer flagged (bad or off-market), are not levels the bond traded at.
    if (t.status === 'cancelled' || t.flag !== null) continue;
    const day = t.executionTime.slice(0, 10);
    if (from && day < from) continue;
    const value = metric === 'price' ? t.price : t.yield;
    if (value === null) continue;
    out.push({ time: day, value, color: SIDE_STYLE[t.side].color, size: tradeMarkerSize(t.reportedQuantity) });
  }
  return out;
}

/** A trade's status as the tape shows it: a flagged print says why it is not a valid level. */
export function tradeStatusText(t: Pick<Trade, 'status' | 'flag'>): string {
  return t.flag === null ? t.status : `${TRADE_FLAG_LABELS[t.flag]}: not priced from`;
}

/** The default index of a bond: IG or HY by its composite rating, the lower of S&P and Moody's (unrated bonds: none). */
export function defaultIndexOf(ratingSp: string | null | undefined, ratingMoody: string | null | undefined): RatingClass | null {
  return ratingClassOf(compositeRating(ratingSp, ratingMoody));
}

/** The index series (level, from 100) of a class. */
export function indexPoints(index: MarketIndexResponse | undefined, cls: RatingClass): Array<{ time: string; value: number }> {
  const key = cls === 'IG' ? 'ig' : 'hy';
  return (index?.points ?? []).filter((p) => p[key] !== null).map((p) => ({ time: p.date, value: p[key]! }));
}

export type CompareMode = 'absolute' | 'normalised';

/**
 * A bond's series for comparison: absolute levels, or normalised — price rebased to 100 at the
 * first day, yields and spreads as the change since the first day in bp, confidence as points of change.
 */
export function compareValues(metric: HistoryMetric, values: ReadonlyArray<number | null>, mode: CompareMode): Array<number | null> {
  if (mode === 'absolute') return [...values];
  const base = values.find((v): v is number => v !== null && Number.isFinite(v));
  if (base === undefined) return values.map(() => null);
  return values.map((v) => {
    if (v === null) return null;
    if (metric === 'price') return base === 0 ? null : (v / base) * 100;
    if (metric === 'yield') return (v - base) * 10_000;
    return v - base;
  });
}

/** Axis format of a compare chart. */
export function compareFormat(metric: HistoryMetric, mode: CompareMode): (v: number) => string {
  if (mode === 'absolute') return (v) => formatMetric(metric, v);
  if (metric === 'price') return (v) => formatNumber(v, 2);
  if (metric === 'confidence') return (v) => `${v > 0 ? '+' : ''}${formatNumber(v, 0)}`;
  return (v) => formatSpread(v);
}
