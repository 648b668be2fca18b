/**
 * /bw/market/detail/{metric?}/{tenor?}/{segment?}: the daily series of one summary cell
 * (GET /v2/market/detail). Metric, tenor bucket ("all" = every maturity) and segment are route
 * parameters — selectors navigate, so the URL is shareable and the back button walks them;
 * the range (?range=3m) is a query parameter.
 */
import { Alert, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { apiErrorText } from '../../api/errorText';
import { PageTitle } from '../../components/PageTitle';
import { Refreshing } from '../../components/Refreshing';
import { TimeSeriesChart } from '../../components/TimeSeriesChart';
import '../../components/market/market.css';
import { MarketDetailControls } from './MarketDetailControls';
import { MarketDetailStats } from './MarketDetailStats';
import { segmentLabel, summaryUnit } from './marketView';
import { SummaryGrid } from './SummaryGrid';
import { useMarketDetail } from './useMarketDetail';

export default function MarketDetailPage() {
  const state = useMarketDetail();
  const { p, detail, summary, row, points, stats } = state;
  return (
    <Stack gap={6} data-testid="market-detail-page" data-metric={p.metric} data-tenor={p.tenor ?? 'all'} data-segment={p.segment}>
      <Group justify="space-between" align="flex-end">
        <PageTitle />
        <Button component={Link} to={`/bw/market/summary?metric=${p.metric}`} size="compact-xs" variant="subtle" mb="sm">
          ← Market summary
        </Button>
      </Group>
      <Card withBorder padding="sm">
        <Group gap="xs" mb={6} wrap="wrap">
          <MarketDetailControls state={state} />
        </Group>
        <Group justify="space-between" mb={4}>
          <Text fw={600} size="sm" data-testid="detail-title">
            {state.title}
          </Text>
          <Text size="xs" c="dimmed" data-testid="detail-unit" data-weighting={detail.data?.weighting ?? undefined}>
            {summaryUnit(p.metric, detail.data?.weighting)}; daily close
          </Text>
        </Group>
        {stats && <MarketDetailStats state={state} stats={stats} />}
        {detail.isPending && (
          <Center h={420}>
            <Loader size="sm" type="dots" />
          </Center>
        )}
        {detail.isError && !detail.data && (
          <Alert color="red" data-testid="detail-error">
            The series could not be loaded: {apiErrorText(detail.error)}
          </Alert>
        )}
        {detail.data && points.length === 0 && (
          <Text size="sm" c="dimmed" data-testid="detail-empty">
            No bonds in this cell over the range.
          </Text>
        )}
        {points.length > 0 && (
          <Refreshing active={detail.isPlaceholderData}>
            <TimeSeriesChart series={state.series} height={440} formatValue={state.format} testId="detail-chart" />
          </Refreshing>
        )}
      </Card>
      {row && summary.data && (
        <Card withBorder padding="sm" data-testid="detail-neighbours">
          <Text fw={600} size="sm" mb={4}>
            {segmentLabel(p.segment)} today, by tenor{' '}
            <Text span size="xs" c="dimmed">
              · click a cell to switch
            </Text>
          </Text>
          <SummaryGrid summary={{ ...summary.data, rows: [row] }} tenors={state.tenors} slopes={state.slopes} />
        </Card>
      )}
    </Stack>
  );
}
