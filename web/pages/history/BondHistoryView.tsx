/**
 * One bond's history (shared by /bw/bond/{bondId}/history and /bw/history with one bond):
 * price, yield, spread or confidence at each close (GET /v2/bond/{id}/price-history), trades as
 * points sized by quantity and coloured by side (GET /v2/bond/{id}/trades), the default index
 * (IG or HY by rating, GET /v2/market/index) on its own axis with the weighting it used (equal
 * where amount outstanding is unknown, as on public data), a market-hawk overlay seam, and
 * plot stats over the range. Overlay toggles are the `bondHistory` preferences.
 * Data in useBondHistory; the chart card and the trades card are its views.
 */
import { Stack } from '@mantine/core';
import type { RangeId } from '../../components/market/seriesStats';
import '../../components/market/market.css';
import { HistoryChartCard } from './HistoryChartCard';
import type { HistoryMetric } from './historyView';
import { TradesCard } from './TradesCard';
import { useBondHistory, type HistoryBond } from './useBondHistory';

export function BondHistoryView({
  bond,
  metric,
  range,
  onMetric,
  onRange,
}: {
  bond: HistoryBond;
  metric: HistoryMetric;
  range: RangeId;
  onMetric: (m: HistoryMetric) => void;
  onRange: (r: RangeId) => void;
}) {
  const state = useBondHistory(bond, metric, range);
  return (
    <Stack gap="sm" data-testid="bond-history" data-bond-id={bond.id}>
      <HistoryChartCard state={state} onMetric={onMetric} onRange={onRange} />
      <TradesCard state={state} />
    </Stack>
  );
}
