import { MARKET_PATHS, type MarketSummaryResponse } from '@common/api/market';
import { useApiQuery } from '../../api/queries';
import { useFeature } from '../../features/useFeature';
import { usePreferences } from '../../preferences/usePreferences';
import { useUrlChoices } from '../../routing/urlChoices';
import { visibleSlopes, visibleTenors } from './marketView';
import { summaryMetric } from './marketSummaryView';
import { useMetricKeys } from './useMetricKeys';

/**
 * The summary page's choices and answers: the metric in the URL (?metric=yield; keys y, s, p, v
 * change it), the grid's columns from the `market` preferences, and the summary, refreshed each
 * minute and kept on screen while the next metric loads.
 */
export function useMarketSummary() {
  const { params, setChoices } = useUrlChoices();
  const metric = summaryMetric(params.get('metric'));
  const { preferences, update } = usePreferences();
  const showIndex = useFeature('bond_market_index');
  const summary = useApiQuery<MarketSummaryResponse>(MARKET_PATHS.marketSummary, {
    query: { metric },
    meta: { errorToast: 'Loading the market summary failed:' },
    placeholderData: (previous) => previous,
    refetchInterval: 60_000,
  });
  const setMetric = (v: string) => setChoices({ metric: v });
  useMetricKeys(setMetric);
  return {
    metric,
    setMetric,
    tenors: visibleTenors(preferences.market),
    slopes: visibleSlopes(preferences.market),
    setColumns: (next: { visibleTenors?: string[]; visibleSlopeTenors?: string[] }) => update({ market: next }),
    showIndex,
    summary,
    data: summary.data,
  };
}

export type MarketSummaryState = ReturnType<typeof useMarketSummary>;
