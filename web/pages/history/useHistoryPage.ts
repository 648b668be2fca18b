/**
 * The data of /bw/history: the chosen bonds, metric, range and compare mode from the URL, and
 * each chosen bond's details (one query per bond, so a bond added keeps the others cached).
 */
import { useMemo } from 'react';
import { BOND_PATHS, type BondDetailResponse } from '@common/api/bond';
import { useApiQueries } from '../../api/queries';
import { useHistoryParams } from './BondHistoryPage';
import { parseBondIds } from './historyCompare';
import type { CompareMode } from './historyView';

export function useHistoryPage() {
  const { params, setChoices, metric, range, setMetric, setRange } = useHistoryParams();
  const ids = useMemo(() => parseBondIds(params.get('bonds')), [params]);
  const mode: CompareMode = params.get('mode') === 'normalised' ? 'normalised' : 'absolute';
  // Adding or removing a bond is a step the back button undoes; the display mode is a view choice.
  const setIds = (next: number[]) => setChoices({ bonds: next.length ? next.join(',') : null }, 'push');
  const setMode = (next: string) => setChoices({ mode: next });
  // One GET per chosen bond, each cached on its own.
  const detailQueries = useApiQueries<BondDetailResponse>(
    ids.map((id) => BOND_PATHS.bond({ id })),
    { meta: { errorToast: 'Loading a bond failed:' } },
  );
  const detailKey = detailQueries.map((q) => q.dataUpdatedAt).join(',');
  const details = useMemo(() => {
    const map = new Map<number, BondDetailResponse>();
    detailQueries.forEach((q) => q.data && map.set(q.data.id, q.data));
    return map;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detailKey]);
  const single = ids.length === 1 ? details.get(ids[0]!) : undefined;

  return {
    ids,
    metric,
    range,
    mode,
    setMetric,
    setRange,
    setMode,
    setIds,
    details,
    single,
    detailsFailed: detailQueries.some((q) => q.isError),
    // The one bond chosen is still loading: a loader stands in for its history.
    singlePending: ids.length === 1 && !single && !!detailQueries[0]?.isPending,
  };
}

export type HistoryPageState = ReturnType<typeof useHistoryPage>;
