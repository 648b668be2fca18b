/** The single-bond chart's series: the metric with its trade and hawk markers, and the default index. */
import type { PriceHistoryResponse } from '@common/api/bond';
import type { MarketIndexResponse } from '@common/api/market';
import type { Trade } from '@common/api/trade';
import { formatNumber } from '@common/format';
import type { RatingClass } from '@common/market';
import type { ChartMarker, ChartSeries } from '../../components/TimeSeriesChart';
import { HISTORY_METRICS, indexPoints, metricValue, tradeMarkers, type HistoryMetric } from './historyView';

export function bondHistorySeries({
  metric,
  from,
  points,
  trades,
  hawkMarkers,
  indexClass,
  index,
}: {
  metric: HistoryMetric;
  from: string;
  points: PriceHistoryResponse['points'];
  trades: Trade[];
  /** Empty when the hawk overlay is off. */
  hawkMarkers: ChartMarker[];
  /** Null when the bond has no default index or the index overlay is off. */
  indexClass: RatingClass | null;
  index: MarketIndexResponse | undefined;
}): ChartSeries[] {
  const main: ChartSeries = {
    name: HISTORY_METRICS.find((m) => m.value === metric)!.label,
    color: '#ff922b',
    points: points.flatMap((p) => {
      const v = metricValue(metric, p);
      return v === null ? [] : [{ time: p.date, value: v }];
    }),
    markers: [...tradeMarkers(trades, metric, from), ...hawkMarkers],
  };
  const out = [main];
  if (indexClass && index) {
    out.push({
      name: `${indexClass} index`,
      color: indexClass === 'IG' ? '#4dabf7' : '#9775fa',
      priceScale: 'left',
      style: 'dashed',
      format: (v: number) => formatNumber(v, 2),
      points: indexPoints(index, indexClass),
    });
  }
  return out;
}
