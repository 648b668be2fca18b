/**
 * /bw/market/summary — the landing page after login: the market at a glance. A metric × tenor
 * × segment grid (levels and daily changes; columns from the `market` preferences
 * visibleTenors / visibleSlopeTenors), the bond market index (flag `bond_market_index`), the
 * Treasury curve today vs the previous close, the most active bonds and the platform
 * commentary slot. The metric is in the URL (?metric=yield); cells open the detail series.
 */
import {
  Box,
  Alert,
  Button,
  Card,
  Center,
  Checkbox,
  Grid,
  Group,
  Loader,
  Popover,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { MARKET_PATHS, type MarketMetric, type MarketSummaryResponse } from '@common/api/market';
import { TENOR_BUCKET_IDS, type TenorBucket } from '@common/market';
import { useApiQuery } from '../../api/queries';
import { MarketAsOf } from '../../components/MarketAsOf';
import { PageTitle } from '../../components/PageTitle';
import { WelcomePanel } from '../../components/content/HelpBanner';
import { useFeature } from '../../features/useFeature';
import { usePreferences } from '../../preferences/usePreferences';
import { useUrlChoices } from '../../routing/urlChoices';
import { MarketIndexPanel } from './MarketPanels';
import { MostActivePanel } from './MostActivePanel';
import { TreasuryCurvePanel } from './TreasuryCurvePanel';
import { CommentaryPanel } from './CommentaryPanel';
import { isMetric, METRIC_OPTIONS, SLOPE_OPTIONS, summaryUnit, visibleSlopes, visibleTenors } from './marketView';
import { SummaryGrid } from './SummaryGrid';
import { useMetricKeys } from './useMetricKeys';
import { Refreshing } from '../../components/Refreshing';
import { apiErrorText } from '../../api/errorText';

/** Which tenor buckets and slopes the grid shows (saved as `market` preferences, 1 s debounce). */
function ColumnChooser({
  tenors,
  slopes,
  onChange,
}: {
  tenors: TenorBucket[];
  slopes: string[];
  onChange: (next: { visibleTenors?: string[]; visibleSlopeTenors?: string[] }) => void;
}) {
  return (
    <Popover position="bottom-end" withinPortal shadow="md">
      <Popover.Target>
        <Button size="compact-xs" variant="default" data-testid="tenor-chooser">
          Columns…
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text size="xs" fw={600}>
            Tenor buckets
          </Text>
          <Checkbox.Group
            value={tenors}
            onChange={(v) => v.length > 0 && onChange({ visibleTenors: TENOR_BUCKET_IDS.filter((t) => v.includes(t)) })}
          >
            <SimpleGrid cols={4} spacing={6} verticalSpacing={4}>
              {TENOR_BUCKET_IDS.map((t) => (
                <Checkbox key={t} size="xs" value={t} label={t} data-testid={`tenor-toggle-${t}`} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Text size="xs" fw={600} mt={4}>
            Slopes (yield and spread)
          </Text>
          <Checkbox.Group value={slopes} onChange={(v) => onChange({ visibleSlopeTenors: SLOPE_OPTIONS.filter((s) => v.includes(s)) })}>
            <SimpleGrid cols={2} spacing={6} verticalSpacing={4}>
              {SLOPE_OPTIONS.map((s) => (
                <Checkbox key={s} size="xs" value={s} label={s} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export default function MarketSummaryPage() {
  const { params, setChoices } = useUrlChoices();
  const metric: MarketMetric = isMetric(params.get('metric')) ? (params.get('metric') as MarketMetric) : 'spread';
  const { preferences, update } = usePreferences();
  const tenors = visibleTenors(preferences.market);
  const slopes = visibleSlopes(preferences.market);
  const showIndex = useFeature('bond_market_index');
  const summary = useApiQuery<MarketSummaryResponse>(MARKET_PATHS.marketSummary, {
    query: { metric },
    meta: { errorToast: 'Loading the market summary failed:' },
    placeholderData: (previous) => previous,
    refetchInterval: 60_000,
  });
  const setMetric = (v: string) => setChoices({ metric: v });
  useMetricKeys(setMetric);
  const data = summary.data;
  const unit = METRIC_OPTIONS.find((m) => m.value === metric)!;

  return (
    <Stack gap={6} data-testid="market-summary-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle />
        <Box mb="sm" data-testid="summary-asof">
          {data && <MarketAsOf asOf={data.asOf} />}
        </Box>
      </Group>
      <WelcomePanel />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm">
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
                    {summaryUnit(metric, data?.weighting)}; below: change vs previous close ({unit.changeUnit})
                    {metric === 'yield' || metric === 'spread' ? '; slopes in bp' : ''}
                  </Text>
                </Group>
                <ColumnChooser tenors={tenors} slopes={slopes} onChange={(next) => update({ market: next })} />
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
              {data && data.rows.every((r) => r.total.bondCount === 0) && (
                <Text size="sm" c="dimmed" data-testid="summary-empty">
                  No priced bonds yet — the grid fills after the first market close.
                </Text>
              )}
              {data && data.rows.some((r) => r.total.bondCount > 0) && (
                <Refreshing active={summary.isPlaceholderData} style={{ overflowX: 'auto' }}>
                  <SummaryGrid summary={data} tenors={tenors} slopes={slopes} />
                </Refreshing>
              )}
            </Card>
            {data && <MostActivePanel bonds={data.mostActive} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="sm">
            {showIndex && <MarketIndexPanel />}
            {data && <TreasuryCurvePanel treasury={data.treasury} />}
            <CommentaryPanel />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
