/** The bond's chart card: toolbar, legend, overlay notes and plot stats, then the chart or why there is none. */
import { Alert, Card, Center, Group, Loader, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatNumber } from '@common/format';
import { apiErrorText } from '../../api/errorText';
import { Refreshing } from '../../components/Refreshing';
import { TimeSeriesChart } from '../../components/TimeSeriesChart';
import type { RangeId } from '../../components/market/seriesStats';
import { indexWeightingText } from '../../components/market/weighting';
import { formatMetric, formatMetricChange, SIDE_STYLE, type HistoryMetric } from './historyView';
import { HistoryToolbar } from './HistoryToolbar';
import type { BondHistoryState } from './useBondHistory';

export function HistoryChartCard({
  state,
  onMetric,
  onRange,
}: {
  state: BondHistoryState;
  onMetric: (m: HistoryMetric) => void;
  onRange: (r: RangeId) => void;
}) {
  const { bond, metric, metricInfo, indexClass, index, showIndex, showHawk, showStats, stats, hawk, history, series, format } = state;
  return (
    <Card withBorder padding="sm">
      <HistoryToolbar state={state} onMetric={onMetric} onRange={onRange} />
      <Group justify="space-between" mb={4}>
        <Text size="xs" c="dimmed">
          {metricInfo.unit}, daily close
          {metric === 'price' || metric === 'yield' ? '; trades at their ' + metric : '; trades are plotted on price and yield'}
        </Text>
        <Group gap="sm">
          {Object.values(SIDE_STYLE).map((s) => (
            <Group key={s.label} gap={4}>
              <span style={{ width: 8, height: 8, borderRadius: 4, background: s.color, display: 'inline-block' }} />
              <Text size="xs" c="dimmed">
                {s.label}
              </Text>
            </Group>
          ))}
          <Text size="xs" c="dimmed" title="Point size grows with the disseminated par amount (log scale)">
            · size = quantity
          </Text>
        </Group>
      </Group>
      {showIndex && indexClass && index.data && (
        <Text size="xs" c="dimmed" mb={4} data-testid="history-index-weighting" data-weighting={index.data.weighting}>
          {indexClass} index (dashed, left axis): total return from 100, {indexWeightingText(index.data.weighting)}
        </Text>
      )}
      {showStats && stats && (
        <Group gap="lg" mb={4} data-testid="plot-stats">
          <Text size="xs" className="bw-stat">
            Last {formatMetric(metric, stats.last)}
          </Text>
          <Text size="xs" className="bw-stat" title="Last minus first close of the range">
            Δ {formatMetricChange(metric, stats.change)}
          </Text>
          <Text size="xs" className="bw-stat" c="dimmed">
            Min {formatMetric(metric, stats.min)}
          </Text>
          <Text size="xs" className="bw-stat" c="dimmed">
            Max {formatMetric(metric, stats.max)}
          </Text>
          <Text size="xs" className="bw-stat" c="dimmed">
            Avg {formatMetric(metric, stats.avg)}
          </Text>
          <Text size="xs" className="bw-stat" c="dimmed">
            {formatNumber(state.tradeList.length, 0)} trades
          </Text>
        </Group>
      )}
      {showHawk && hawk.markers.length === 0 && (
        <Text size="xs" c="dimmed" mb={4} data-testid="hawk-empty">
          No market-hawk alerts on this bond in the range.
        </Text>
      )}
      {showHawk && hawk.markers.length > 0 && (
        <Text size="xs" c="red" mb={4} data-testid="hawk-markers">
          ▼ {hawk.markers.length} market-hawk {hawk.markers.length === 1 ? 'alert' : 'alerts'} on this bond in the range (
          <Link to={`/bw/alerts/history?bondId=${bond.id}`}>history</Link>)
        </Text>
      )}
      {history.isPending && (
        <Center h={400}>
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {history.isError && !history.data && (
        <Alert color="red" data-testid="history-error">
          The price history could not be loaded: {apiErrorText(history.error)}
        </Alert>
      )}
      {history.data && series[0]!.points.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="history-empty">
          No {metric} history in this range.
        </Text>
      )}
      {series[0]!.points.length > 0 && (
        <Refreshing active={history.isPlaceholderData}>
          <TimeSeriesChart series={series} height={400} formatValue={format} testId="history-chart" />
        </Refreshing>
      )}
    </Card>
  );
}
