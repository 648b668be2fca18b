/**
 * /bw/market/detail/{metric?}/{tenor?}/{segment?}: the daily series of one summary cell
 * (GET /v2/market/detail). Metric, tenor bucket ("all" = every maturity) and segment are route
 * parameters — selectors navigate, so the URL is shareable and the back button walks them;
 * the range (?range=3m) is a query parameter.
 */
import { Alert, Button, Card, Center, Group, Loader, SegmentedControl, Select, Stack, Text, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { MARKET_PATHS, type MarketDetailResponse, type MarketSummaryResponse } from '@common/api/market';
import { formatDay, formatNumber } from '@common/format';
import { TENOR_BUCKET_IDS } from '@common/market';
import { useApiQuery } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { TimeSeriesChart, type ChartSeries } from '../../components/TimeSeriesChart';
import {
  detailParams,
  detailPath,
  formatChange,
  formatLevel,
  METRIC_OPTIONS,
  SEGMENT_OPTIONS,
  segmentLabel,
  summaryUnit,
  visibleSlopes,
  visibleTenors,
  type DetailParams,
} from './marketView';
import { rangeStart, RANGE_OPTIONS, seriesStats, type RangeId } from '../../components/market/seriesStats';
import { useMetricKeys } from './useMetricKeys';
import { SummaryGrid } from './SummaryGrid';
import { usePreferences } from '../../preferences/usePreferences';
import '../../components/market/market.css';
import { Refreshing } from '../../components/Refreshing';
import { apiErrorText } from '../../api/errorText';
import { changeTone } from '../../components/tone';

export default function MarketDetailPage() {
  const raw = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const p = detailParams({ metric: raw.metric, tenor: raw.tenor, segment: raw.segment });
  const range = (RANGE_OPTIONS.some((r) => r.value === search.get('range')) ? search.get('range') : '3m') as RangeId;
  const go = (next: Partial<DetailParams>) =>
    navigate({ pathname: detailPath({ ...p, ...next }), search: search.toString() ? `?${search}` : '' });

  useMetricKeys((metric) => {
    if (metric !== p.metric) void go({ metric });
  });
  const detail = useApiQuery<MarketDetailResponse>(MARKET_PATHS.marketDetail, {
    query: { metric: p.metric, segment: p.segment, tenor: p.tenor ?? undefined, from: rangeStart(range) },
    meta: { errorToast: 'Loading the market detail failed:' },
    placeholderData: (previous) => previous,
  });
  // Today's row of the summary for this segment (shared cache with the summary page).
  const summary = useApiQuery<MarketSummaryResponse>(MARKET_PATHS.marketSummary, { query: { metric: p.metric } });
  const row = summary.data?.rows.find((r) => r.segment === p.segment);
  const { preferences } = usePreferences();
  const points = useMemo(() => detail.data?.points ?? [], [detail.data]);
  const unit = METRIC_OPTIONS.find((m) => m.value === p.metric)!;
  const format = useMemo(() => (v: number) => formatLevel(p.metric, v), [p.metric]);
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        name: `${segmentLabel(p.segment)} ${p.tenor ?? 'all'}`,
        type: p.metric === 'volume' ? 'histogram' : 'line',
        color: '#ff922b',
        points: points.map((x) => ({ time: x.date, value: x.value })),
      },
    ],
    [points, p.metric, p.segment, p.tenor],
  );
  const stats = seriesStats(points.map((x) => x.value));
  const title = `${segmentLabel(p.segment)} · ${p.tenor ?? 'all maturities'} · ${unit.label.toLowerCase()}`;

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
          <SegmentedControl
            size="xs"
            value={p.metric}
            onChange={(v) => go({ metric: v as DetailParams['metric'] })}
            title="Keys: y, s, p, v"
            data={METRIC_OPTIONS.map(({ value, label }) => ({ value, label }))}
            data-testid="detail-metric"
          />
          <Select
            size="xs"
            w={110}
            aria-label="Tenor bucket"
            value={p.tenor ?? 'all'}
            allowDeselect={false}
            data-testid="detail-tenor"
            onChange={(v) => go({ tenor: v && v !== 'all' ? (v as DetailParams['tenor']) : null })}
            data={[{ value: 'all', label: 'All tenors' }, ...TENOR_BUCKET_IDS.map((t) => ({ value: t, label: t }))]}
          />
          <Select
            size="xs"
            w={220}
            aria-label="Segment"
            value={p.segment}
            allowDeselect={false}
            searchable
            data-testid="detail-segment"
            onChange={(v) => v && go({ segment: v })}
            data={['Market', 'Rating', 'Sector'].map((group) => ({
              group,
              items: SEGMENT_OPTIONS.filter((s) => s.group === group).map(({ value, label }) => ({ value, label })),
            }))}
          />
          <SegmentedControl
            size="xs"
            value={range}
            data={RANGE_OPTIONS.map(({ value, label }) => ({ value, label }))}
            data-testid="detail-range"
            onChange={(v) =>
              setSearch(
                (s) => {
                  const n = new URLSearchParams(s);
                  n.set('range', v);
                  return n;
                },
                { replace: true },
              )
            }
          />
        </Group>
        <Group justify="space-between" mb={4}>
          <Text fw={600} size="sm" data-testid="detail-title">
            {title}
          </Text>
          <Text size="xs" c="dimmed" data-testid="detail-unit" data-weighting={detail.data?.weighting ?? undefined}>
            {summaryUnit(p.metric, detail.data?.weighting)}; daily close
          </Text>
        </Group>
        {stats && (
          <Group gap="lg" mb={6} data-testid="detail-stats">
            <Tooltip label={`Latest close (${formatDay(points.at(-1)?.date)})`} withinPortal>
              <Text size="xs" className="bw-stat">
                Last {formatLevel(p.metric, stats.last)}
              </Text>
            </Tooltip>
            <Text
              size="xs"
              className={`bw-stat bw-tone-${changeTone(p.metric, stats.change) ?? ''}`}
              title={`Change over the range (${unit.changeUnit})`}
            >
              Δ range {formatChange(p.metric, stats.change)}
            </Text>
            <Text size="xs" className="bw-stat" c="dimmed">
              Min {formatLevel(p.metric, stats.min)}
            </Text>
            <Text size="xs" className="bw-stat" c="dimmed">
              Max {formatLevel(p.metric, stats.max)}
            </Text>
            <Text size="xs" className="bw-stat" c="dimmed">
              Avg {formatLevel(p.metric, stats.avg)}
            </Text>
            <Text size="xs" className="bw-stat" c="dimmed" title="Bonds in the cell at the latest close">
              {formatNumber(points.at(-1)?.bondCount ?? null, 0)} bonds
            </Text>
          </Group>
        )}
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
            <TimeSeriesChart series={series} height={440} formatValue={format} testId="detail-chart" />
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
          <SummaryGrid
            summary={{ ...summary.data, rows: [row] }}
            tenors={visibleTenors(preferences.market)}
            slopes={visibleSlopes(preferences.market)}
          />
        </Card>
      )}
    </Stack>
  );
}
