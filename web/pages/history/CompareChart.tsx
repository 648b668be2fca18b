/** Several bonds' histories on one chart, absolute or normalised. */
import { Alert, Card, Loader, Text } from '@mantine/core';
import type { BondDetailResponse } from '@common/api/bond';
import { TimeSeriesChart } from '../../components/TimeSeriesChart';
import type { RangeId } from '../../components/market/seriesStats';
import { compareUnitText } from './historyCompare';
import { compareFormat, type CompareMode, type HistoryMetric } from './historyView';
import { useCompareHistories } from './useCompareHistories';

export function CompareChart({
  ids,
  details,
  metric,
  range,
  mode,
}: {
  ids: number[];
  details: Map<number, BondDetailResponse>;
  metric: HistoryMetric;
  range: RangeId;
  mode: CompareMode;
}) {
  const { pending, failed, series } = useCompareHistories(ids, details, metric, range, mode);
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed" mb={4}>
        {compareUnitText(metric, mode)}
      </Text>
      {pending && <Loader size="sm" type="dots" />}
      {failed > 0 && (
        <Alert color="red" p="xs">
          {failed} price histor{failed === 1 ? 'y' : 'ies'} could not be loaded.
        </Alert>
      )}
      {!pending && series.every((s) => s.points.length === 0) && (
        <Text size="sm" c="dimmed">
          No history in this range.
        </Text>
      )}
      {series.some((s) => s.points.length > 0) && (
        <TimeSeriesChart series={series} height={440} formatValue={compareFormat(metric, mode)} testId="compare-chart" />
      )}
    </Card>
  );
}
