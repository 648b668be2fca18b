/** Pure helpers of /bw/history: the chosen bonds in the URL and the comparison chart's series and unit. */
import type { BondDetailResponse, PriceHistoryResponse } from '@common/api/bond';
import type { ChartSeries } from '../../components/TimeSeriesChart';
import { compareValues, HISTORY_METRICS, metricValue, type CompareMode, type HistoryMetric } from './historyView';

export const MAX_BONDS = 6;
/** One colour per chosen bond, shared by its badge and its line. */
export const COLORS = ['#ff922b', '#4dabf7', '#51cf66', '#f06595', '#fcc419', '#9775fa'];

export const bondColor = (i: number) => COLORS[i % COLORS.length];

/** ?bonds=12,40: distinct numeric ids, at most MAX_BONDS; anything else is ignored. */
export function parseBondIds(value: string | null): number[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .filter((s) => /^\d+$/.test(s))
        .map(Number),
    ),
  ].slice(0, MAX_BONDS);
}

/** One line per bond whose history has loaded, in the order chosen. */
export function compareSeries(
  ids: number[],
  histories: Array<PriceHistoryResponse | undefined>,
  details: Map<number, BondDetailResponse>,
  metric: HistoryMetric,
  mode: CompareMode,
): ChartSeries[] {
  return ids.flatMap((id, i) => {
    const h = histories[i];
    if (!h) return [];
    const values = compareValues(
      metric,
      h.points.map((p) => metricValue(metric, p)),
      mode,
    );
    return [
      {
        name: details.get(id)?.description ?? `#${id}`,
        color: bondColor(i),
        points: h.points.flatMap((p, k) => (values[k] === null ? [] : [{ time: p.date, value: values[k]! }])),
      },
    ];
  });
}

/** What the comparison chart's values are. */
export function compareUnitText(metric: HistoryMetric, mode: CompareMode): string {
  if (mode === 'absolute') return HISTORY_METRICS.find((m) => m.value === metric)!.unit;
  if (metric === 'price') return 'price rebased to 100 at the first close';
  if (metric === 'confidence') return 'confidence change since the first close';
  return `${metric} change since the first close, bp`;
}
