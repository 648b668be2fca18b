import { useMemo } from 'react';
import { MARKET_PATHS, type MarketIndexResponse } from '@common/api/market';
import { useApiQuery } from '../../api/queries';
import { useFeature } from '../../features/useFeature';
import { indexSeries } from './marketPanelsView';

/** The bond market index panel's answer (GET /v2/market/index) and its chart series. */
export function useMarketIndex() {
  const help = useFeature('tooltips');
  const index = useApiQuery<MarketIndexResponse>(MARKET_PATHS.marketIndex, {
    meta: { errorToast: 'Loading the bond market index failed:' },
  });
  const series = useMemo(() => indexSeries(index.data?.points ?? []), [index.data]);
  return { help, index, points: index.data?.points ?? [], series };
}

export type MarketIndexState = ReturnType<typeof useMarketIndex>;
