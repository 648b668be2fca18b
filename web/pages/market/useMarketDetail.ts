import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { MARKET_PATHS, type MarketDetailResponse, type MarketSummaryResponse } from '@common/api/market';
import { useApiQuery } from '../../api/queries';
import { rangeStart, RANGE_OPTIONS, seriesStats, type RangeId } from '../../components/market/seriesStats';
import { usePreferences } from '../../preferences/usePreferences';
import { useUrlChoices } from '../../routing/urlChoices';
import { detailSeries, detailTitle } from './marketDetailView';
import { detailParams, detailPath, formatLevel, METRIC_OPTIONS, visibleSlopes, visibleTenors, type DetailParams } from './marketView';
import { useMetricKeys } from './useMetricKeys';

/**
 * The page's cell, held in the route (metric, tenor, segment) and ?range=, and the answers it asks
 * for: the cell's daily series and today's summary row of its segment.
 */
export function useMarketDetail() {
  const raw = useParams();
  const navigate = useNavigate();
  const { params: search, setChoices } = useUrlChoices();
  // Kept while the route is unchanged, so the chart series is rebuilt only for a new cell.
  const p = useMemo(
    () => detailParams({ metric: raw.metric, tenor: raw.tenor, segment: raw.segment }),
    [raw.metric, raw.tenor, raw.segment],
  );
  const range = (RANGE_OPTIONS.some((r) => r.value === search.get('range')) ? search.get('range') : '3m') as RangeId;
  /** Moves to another cell: a new route, so the back button walks the choices; the range stays. */
  const go = (next: Partial<DetailParams>) =>
    navigate({ pathname: detailPath({ ...p, ...next }), search: search.toString() ? `?${search}` : '' });
  /** The range is a view choice: it replaces the history entry. */
  const setRange = (v: string) => setChoices({ range: v });

  useMetricKeys((metric) => {
    if (metric !== p.metric) void go({ metric });
  });
  const detail = useApiQuery<MarketDetailResponse>(MARKET_PATHS.marketDetail, {
    query: { metric: p.metric, segment: p.segment, tenor: p.tenor ?? undefined, from: rangeStart(range) },
    meta: { errorToast: 'Loading the market detail failed:' },
    placeholderData: (previous) => previous,
  });
  // Today's row of the summary for this segment (shared cache with the summary page).
  const summary = useApiQuery<MarketSummaryResponse>(MARKET_PATHS.marketSummary, { query: { metric: p.metric } });
  const row = summary.data?.rows.find((r) => r.segment === p.segment);
  const { preferences } = usePreferences();
  const points = useMemo(() => detail.data?.points ?? [], [detail.data]);
  const format = useMemo(() => (v: number) => formatLevel(p.metric, v), [p.metric]);
  const series = useMemo(() => detailSeries(p, points), [p, points]);

  return {
    p,
    range,
    go,
    setRange,
    detail,
    summary,
    row,
    tenors: visibleTenors(preferences.market),
    slopes: visibleSlopes(preferences.market),
    points,
    unit: METRIC_OPTIONS.find((m) => m.value === p.metric)!,
    format,
    series,
    stats: seriesStats(points.map((x) => x.value)),
    title: detailTitle(p),
  };
}

export type MarketDetailState = ReturnType<typeof useMarketDetail>;
