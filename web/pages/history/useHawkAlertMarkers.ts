import { useMemo } from 'react';
import type { PriceHistoryResponse } from '@common/api/bond';
import { HAWK_FIRINGS_PAGE_MAX, HAWK_PATHS, type HawkFiring } from '@common/api/hawk';
import { useApiQuery } from '../../api/queries';
import type { ChartMarker } from '../../components/TimeSeriesChart';
import { useFeature } from '../../features/useFeature';
import { metricValue, type HistoryMetric } from './historyView';

/**
 * Market-hawk firings of a bond in the range as chart markers (GET /v2/hawk/firings?bondId=), placed
 * at the metric's close on the firing's day; none without the market_hawk_basic feature.
 */
export function useHawkAlertMarkers(
  bondId: number,
  enabled: boolean,
  from: string,
  points: PriceHistoryResponse['points'],
  metric: HistoryMetric,
): { markers: ChartMarker[]; ready: boolean } {
  const feature = useFeature('market_hawk_basic');
  const firings = useApiQuery<{ firings: HawkFiring[] }>(enabled && feature ? HAWK_PATHS.firings : null, {
    query: { bondId, from, limit: HAWK_FIRINGS_PAGE_MAX },
  });
  const markers = useMemo(() => {
    const byDay = new Map(points.map((p) => [p.date, metricValue(metric, p)]));
    const out: ChartMarker[] = [];
    for (const f of firings.data?.firings ?? []) {
      const day = f.firedAt.slice(0, 10);
      const value = byDay.get(day) ?? [...byDay.entries()].filter(([d]) => d <= day).pop()?.[1] ?? null;
      if (value === null || value === undefined) continue;
      out.push({ time: day, value, color: '#fa5252', shape: 'arrowDown', text: 'hawk' });
    }
    return out;
  }, [firings.data, points, metric]);
  return { markers: enabled && feature ? markers : [], ready: !enabled || !feature || !firings.isPending };
}
