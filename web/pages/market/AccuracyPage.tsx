/**
 * /bw/market/accuracy: how close the evaluated price shown just before each trade came to the
 * trade (adjusted to mid), beside two naive baselines — last trade carried forward and previous
 * close (GET /v2/market/accuracy; method in docs/market-data.md "Accuracy"). The dimension of
 * the lower table and the chart's credit class are query parameters, so a view can be shared.
 */
import { Alert, Card, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { ACCURACY_THRESHOLDS } from '@common/accuracy';
import { ACCURACY_PATHS, type AccuracyReport } from '@common/api/accuracy';
import { formatDate, formatDay, formatNumber, formatShare } from '@common/format';
import type { RatingClass } from '@common/market';
import { useApiQuery } from '../../api/queries';
import { apiErrorText } from '../../api/errorText';
import { DataTable } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import { TimeSeriesChart } from '../../components/TimeSeriesChart';
import { rangeStart, RANGE_OPTIONS } from '../../components/market/seriesStats';
import { useUrlChoices } from '../../routing/urlChoices';
import { ACCURACY_DIMENSIONS, accuracyColumns, isAccuracyDimension, weeklySeries, type AccuracyDimension } from './accuracyView';

/** Before the report arrives: the thresholds of common/accuracy.ts, as the API sends them. */
const DEFAULT_THRESHOLDS: AccuracyReport['thresholds'] = { IG: [...ACCURACY_THRESHOLDS.IG], HY: [...ACCURACY_THRESHOLDS.HY] };

export default function AccuracyPage() {
  const { params: search, setChoices } = useUrlChoices();
  const dimension: AccuracyDimension = isAccuracyDimension(search.get('by')) ? (search.get('by') as AccuracyDimension) : 'byRating';
  const chartClass: RatingClass = search.get('class') === 'HY' ? 'HY' : 'IG';
  const range = RANGE_OPTIONS.find((r) => r.value === search.get('range'))?.value ?? 'all';
  const setParam = (key: string, value: string) => setChoices({ [key]: value });

  const report = useApiQuery<AccuracyReport>(ACCURACY_PATHS.accuracy, {
    query: range === 'all' ? {} : { from: rangeStart(range) },
    meta: { errorToast: 'Loading the accuracy figures failed:' },
    placeholderData: (previous) => previous,
  });
  const data = report.data;
  const thresholds = data?.thresholds ?? DEFAULT_THRESHOLDS;
  const dim = ACCURACY_DIMENSIONS.find((d) => d.value === dimension)!;
  const overallColumns = useMemo(() => accuracyColumns(null, thresholds), [thresholds]);
  const dimensionColumns = useMemo(() => accuracyColumns(dim.column, thresholds), [dim.column, thresholds]);
  const series = useMemo(() => weeklySeries(data, chartClass), [data, chartClass]);

  return (
    <Stack gap={8} data-testid="accuracy-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle />
        <SegmentedControl
          size="xs"
          mb="sm"
          value={range}
          data={[{ value: 'all', label: 'All' }, ...RANGE_OPTIONS.map(({ value, label }) => ({ value, label }))]}
          onChange={(v) => setParam('range', v)}
          aria-label="Trades of"
          data-testid="accuracy-range"
        />
      </Group>
      <Text size="sm" c="dimmed" maw={900}>
        For every trade, the evaluated price the product showed just before it is compared with the trade's price moved to mid by the dealer
        half-spread for its size and tenor (inter-dealer prints count as mid), beside two naive predictions: the bond's last trade and its
        last price before the trade's day. Every figure is over the same trades — those with all three predictions.
      </Text>
      {report.error && <Alert color="red">{apiErrorText(report.error)}</Alert>}
      {data && data.comparedTrades === 0 && (
        <Alert color="gray" data-testid="accuracy-empty">
          No trade has been evaluated yet: the backtest runs in the background once the price history is complete.
        </Alert>
      )}
      {data && data.comparedTrades > 0 && (
        <Text size="sm" data-testid="accuracy-coverage">
          {formatNumber(data.comparedTrades, 0)} trades compared of {formatNumber(data.evaluatedTrades, 0)} evaluated,{' '}
          {formatDay(data.from)} to {formatDay(data.to)}; last evaluated {formatDate(data.evaluatedAt)}. Rank correlation of confidence and
          error (Spearman): {formatNumber(data.spearman.all, 2)} (IG {formatNumber(data.spearman.IG, 2)}, HY{' '}
          {formatNumber(data.spearman.HY, 2)}).
        </Text>
      )}
      <Card withBorder padding="sm">
        <DataTable
          rows={data?.overall}
          columns={overallColumns}
          loading={report.isLoading}
          height={172}
          rowId={(r) => r.key}
          testId="accuracy-overall"
        />
      </Card>
      <Card withBorder padding="sm">
        <Group justify="space-between" mb={6}>
          <Text fw={600} size="sm">
            Share within {thresholds[chartClass][1]} pt, week by week ({chartClass})
          </Text>
          <SegmentedControl
            size="xs"
            value={chartClass}
            data={['IG', 'HY']}
            onChange={(v) => setParam('class', v)}
            data-testid="accuracy-chart-class"
          />
        </Group>
        <TimeSeriesChart series={series} height={240} formatValue={(v) => formatShare(v)} testId="accuracy-chart" />
      </Card>
      <Card withBorder padding="sm">
        <Group mb={6}>
          <Text fw={600} size="sm">
            By
          </Text>
          <SegmentedControl
            size="xs"
            value={dimension}
            data={ACCURACY_DIMENSIONS.map(({ value, label }) => ({ value, label }))}
            onChange={(v) => setParam('by', v)}
            data-testid="accuracy-dimension"
          />
        </Group>
        <DataTable
          rows={data?.[dimension]}
          columns={dimensionColumns}
          loading={report.isLoading}
          height={420}
          rowId={(r) => `${r.ratingClass ?? 'All'}|${r.key}`}
          testId="accuracy-table"
        />
        <Text size="xs" c="dimmed" mt={4}>
          Errors in price points (per 100 face), prediction minus the trade's mid: median and 95th percentile of the absolute error; bias is
          the mean signed error (positive: priced too high). Shares within IG / HY thresholds, each trade against its own class's.
        </Text>
      </Card>
    </Stack>
  );
}
