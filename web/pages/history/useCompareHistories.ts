/** The price histories of the bonds compared on /bw/history, over the range, as chart series. */
import { useMemo } from 'react';
import { BOND_PATHS, type BondDetailResponse, type PriceHistoryResponse } from '@common/api/bond';
import { useApiQueries } from '../../api/queries';
import { rangeStart, type RangeId } from '../../components/market/seriesStats';
import { compareSeries } from './historyCompare';
import type { CompareMode, HistoryMetric } from './historyView';

export function useCompareHistories(
  ids: number[],
  details: Map<number, BondDetailResponse>,
  metric: HistoryMetric,
  range: RangeId,
  mode: CompareMode,
) {
  const from = rangeStart(range);
  // One GET per compared bond, each cached on its own.
  const histories = useApiQueries<PriceHistoryResponse>(
    ids.map((id) => BOND_PATHS.bondPriceHistory({ id })),
    { query: { from }, meta: { errorToast: 'Loading a price history failed:' } },
  );
  const pending = histories.some((h) => h.isPending);
  const failed = histories.filter((h) => h.isError).length;
  const dataKey = histories.map((h) => h.dataUpdatedAt).join(',');
  const series = useMemo(
    () =>
      compareSeries(
        ids,
        histories.map((h) => h.data),
        details,
        metric,
        mode,
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by value: dataKey and the ids' text
    [dataKey, ids.join(','), metric, mode, details],
  );
  return { pending, failed, series };
}
