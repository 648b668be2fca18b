import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { MARKET_PATHS, type MarketMovesResponse } from '@common/api/market';
import { useApiQuery } from '../../../api/queries';
import { useFeature } from '../../../features/useFeature';
import { filterQuery, filtersFromSearch, searchFromFilters, usableFilters } from '../bondView';
import { METRICS, PERIODS, type Metric, type Period } from './bondMovesView';

/**
 * The moves page's choices, held in the URL (?metric=yield&period=1w plus the bond table's
 * filters) so a view is shareable and the back button works, and the moves they ask for.
 */
export function useBondMoves() {
  const [params, setParams] = useSearchParams();
  const metric = (METRICS.some((m) => m.value === params.get('metric')) ? params.get('metric') : 'price') as Metric;
  const period = (PERIODS.some((p) => p.value === params.get('period')) ? params.get('period') : '1d') as Period;
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const spRatings = useFeature('s_and_p_ratings');
  /** Writes all choices back to the URL, the ones not given kept as they are. */
  const setAll = (next: { metric?: Metric; period?: Period; filters?: typeof filters }) => {
    const search = searchFromFilters(next.filters ?? filters);
    search.set('metric', next.metric ?? metric);
    search.set('period', next.period ?? period);
    setParams(search);
  };
  const moves = useApiQuery<MarketMovesResponse>(MARKET_PATHS.marketMoves, {
    query: { ...filterQuery(usableFilters(filters, spRatings)), metric, period, limit: 30 },
    meta: { errorToast: 'Loading market moves failed:' },
    placeholderData: (previous) => previous,
  });
  return {
    metric,
    period,
    filters,
    setAll,
    moves,
    unit: METRICS.find((m) => m.value === metric)!.unit,
    list: moves.data?.moves ?? [],
  };
}

export type BondMovesState = ReturnType<typeof useBondMoves>;
