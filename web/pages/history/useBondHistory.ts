/**
 * The data behind one bond's history: the overlay preferences, the price history, trades and
 * default index for the range, the hawk markers, and what is plotted from them.
 */
import { useMemo } from 'react';
import { BOND_PATHS, type PriceHistoryResponse } from '@common/api/bond';
import { MARKET_PATHS, type MarketIndexResponse } from '@common/api/market';
import type { TradeListResponse } from '@common/api/trade';
import { useApiQuery } from '../../api/queries';
import { rangeStart, seriesStats, type RangeId } from '../../components/market/seriesStats';
import { usePreferences } from '../../preferences/usePreferences';
import { bondHistorySeries } from './bondHistorySeries';
import { defaultIndexOf, formatMetric, HISTORY_METRICS, metricValue, type HistoryMetric } from './historyView';
import { useHawkAlertMarkers } from './useHawkAlertMarkers';

export interface HistoryBond {
  id: number;
  description: string;
  ratingSp: string | null;
  ratingMoody: string | null;
}

/** The `bondHistory` preferences that hide an overlay. */
export type HistoryOverlay = 'hideDefaultIndex' | 'hideMarketHawk' | 'hidePlotStats';

export function useBondHistory(bond: HistoryBond, metric: HistoryMetric, range: RangeId) {
  const from = rangeStart(range);
  const { preferences, update } = usePreferences();
  const prefs = preferences.bondHistory ?? {};
  const showIndex = !prefs.hideDefaultIndex;
  const showHawk = !prefs.hideMarketHawk;
  const showStats = !prefs.hidePlotStats;
  const setOverlay = (overlay: HistoryOverlay, shown: boolean) => update({ bondHistory: { [overlay]: !shown } });
  const indexClass = defaultIndexOf(bond.ratingSp, bond.ratingMoody);

  const history = useApiQuery<PriceHistoryResponse>(BOND_PATHS.bondPriceHistory({ id: bond.id }), {
    query: { from },
    meta: { errorToast: 'Loading the price history failed:' },
    placeholderData: (prev) => prev,
  });
  const trades = useApiQuery<TradeListResponse>(BOND_PATHS.bondTrades({ id: bond.id }), {
    query: { from, limit: 1000 },
    meta: { errorToast: 'Loading trades failed:' },
    placeholderData: (prev) => prev,
  });
  const index = useApiQuery<MarketIndexResponse>(showIndex && indexClass ? MARKET_PATHS.marketIndex : null, {
    query: { from },
    meta: { errorToast: 'Loading the index failed:' },
  });
  const hawk = useHawkAlertMarkers(bond.id, showHawk, from, history.data?.points ?? [], metric);

  const points = history.data?.points ?? [];
  const stats = seriesStats(points.map((p) => metricValue(metric, p)));
  const format = useMemo(() => (v: number) => formatMetric(metric, v), [metric]);
  const series = useMemo(
    () =>
      bondHistorySeries({
        metric,
        from,
        points: history.data?.points ?? [],
        trades: trades.data?.trades ?? [],
        hawkMarkers: showHawk ? hawk.markers : [],
        indexClass: showIndex ? indexClass : null,
        index: index.data,
      }),
    [history.data, trades.data, index.data, metric, from, showIndex, indexClass, showHawk, hawk.markers],
  );
  const tradeList = trades.data?.trades ?? [];
  const metricInfo = HISTORY_METRICS.find((m) => m.value === metric)!;

  return {
    bond,
    metric,
    range,
    showIndex,
    showHawk,
    showStats,
    setOverlay,
    indexClass,
    history,
    trades,
    index,
    hawk,
    stats,
    format,
    series,
    tradeList,
    metricInfo,
  };
}

export type BondHistoryState = ReturnType<typeof useBondHistory>;
