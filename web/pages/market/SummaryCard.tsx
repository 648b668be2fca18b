import { Alert, Card, Center, Group, Loader, SegmentedControl, Text } from '@mantine/core';
import { apiErrorText } from '../../api/errorText';
import { Refreshing } from '../../components/Refreshing';
import { ColumnChooser } from './ColumnChooser';
import { METRIC_OPTIONS } from './marketView';
import { hasPricedBonds, summaryUnitLine } from './marketSummaryView';
import { SummaryGrid } from './SummaryGrid';
import type { MarketSummaryState } from './useMarketSummary';

/** The grid's card: metric control, unit line and column chooser over the grid (or its loading, error or empty state). */
export function SummaryCard({ state }: { state: MarketSummaryState }) {
  const { metric, setMetric, tenors, slopes, summary, data } = state;
  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb={6} gap="xs">
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            value={metric}
            data-testid="summary-metric"
            onChange={setMetric}
            title="Keys: y, s, p, v"
            data={METRIC_OPTIONS.map(({ value, label }) => ({ value, label }))}
          />
          <Text size="xs" c="dimmed" data-testid="summary-unit" data-weighting={data?.weighting}>
            {summaryUnitLine(metric, data?.weighting)}
          </Text>
        </Group>
        <ColumnChooser tenors={tenors} slopes={slopes} onChange={state.setColumns} />
      </Group>
      {summary.isPending && (
        <Center h={400}>
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {summary.isError && !data && (
        <Alert color="red" data-testid="summary-error">
          The market summary could not be loaded: {apiErrorText(summary.error)}
        </Alert>
      )}
      {data && !hasPricedBonds(data) && (
        <Text size="sm" c="dimmed" data-testid="summary-empty">
          No priced bonds yet — the grid fills after the first market close.
        </Text>
      )}
      {data && hasPricedBonds(data) && (
        <Refreshing active={summary.isPlaceholderData} style={{ overflowX: 'auto' }}>
          <SummaryGrid summary={data} tenors={tenors} slopes={slopes} />
        </Refreshing>
      )}
    </Card>
  );
}
