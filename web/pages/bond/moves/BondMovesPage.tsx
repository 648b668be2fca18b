/**
 * /bw/bond/chart: bond market moves — the biggest movers by price, yield or spread change over
 * 1 day, 1 week or 1 month (GET /v2/market/moves), filtered like the bond table, as a diverging
 * bar chart and a table. Metric, period and filters live in the URL (shareable, back button).
 */
import { Alert, Card, Center, Grid, Group, Loader, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SimpleTable, type Column } from '../../../components/SimpleTable';
import { MARKET_PATHS, type MarketMovesResponse } from '@common/api/market';
import {
  formatDay,
  formatNumber,
  formatPrice,
  formatRatings,
  RATINGS_HELP,
  formatSpread,
  formatYield,
  formatYieldChange,
} from '@common/format';
import { useApiQuery } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';
import { BondFilters } from '../BondToolbar';
import { filterQuery, filtersFromSearch, searchFromFilters, usableFilters } from '../bondView';
import { useFeature } from '../../../features/useFeature';
import '../bond.css';
import { Refreshing } from '../../../components/Refreshing';
import { apiErrorText } from '../../../api/errorText';
import { changeTone, toneClass, TONE_COLOR } from '../../../components/tone';

type Metric = MarketMovesResponse['metric'];
type Period = MarketMovesResponse['period'];
type Move = MarketMovesResponse['moves'][number];

const METRICS: Array<{ value: Metric; label: string; unit: string }> = [
  { value: 'price', label: 'Price', unit: 'points per 100 face' },
  { value: 'yield', label: 'Yield', unit: 'bp (yield to worst)' },
  { value: 'spread', label: 'Spread', unit: 'bp (G-spread)' },
];
const PERIODS: Array<{ value: Period; label: string }> = [
  { value: '1d', label: '1 day' },
  { value: '1w', label: '1 week' },
  { value: '1m', label: '1 month' },
];

/** A level of a metric as the moves page writes it. */
function levelText(metric: Metric, v: number): string {
  if (metric === 'price') return formatPrice(v);
  if (metric === 'yield') return formatYield(v);
  return `${formatNumber(v, 1)} bp`;
}

/** A change of a metric, signed. */
function changeText(metric: Metric, v: number): string {
  if (metric === 'price') return `${v > 0 ? '+' : ''}${formatPrice(v)}`;
  if (metric === 'yield') return formatYieldChange(v);
  return formatSpread(v);
}

/** Level and change texts of a metric. */
export function moveText(
  metric: Metric,
  move: Pick<Move, 'value' | 'previous' | 'change'>,
): { level: string; previous: string; change: string } {
  return { level: levelText(metric, move.value), previous: levelText(metric, move.previous), change: changeText(metric, move.change) };
}

/** The moves table's columns: the metric's unit in the headers' tooltips, its good direction in the change's colour. */
function moveColumns(metric: Metric, unit: string): Column<Move>[] {
  return [
    { header: 'Bond', field: 'description' },
    { header: 'CUSIP', field: 'cusip', className: 'bw-num' },
    { header: 'Rating', id: 'rating', value: (m) => formatRatings(m.ratingMoody, m.ratingSP), headerTooltip: RATINGS_HELP },
    {
      header: 'Tenor (y)',
      field: 'tenor',
      format: (v) => formatNumber(v as number, 2),
      align: 'right',
      className: 'bw-num',
      headerTooltip: 'Remaining years to maturity',
    },
    ...(
      [
        ['Previous', 'previous', `Previous level (${unit})`],
        ['Latest', 'value', `Latest level (${unit})`],
      ] as const
    ).map(([header, field, headerTooltip]): Column<Move> => ({
      header,
      field,
      format: (v) => levelText(metric, v as number),
      align: 'right',
      className: 'bw-num',
      headerTooltip,
    })),
    {
      header: 'Change',
      field: 'change',
      format: (v) => changeText(metric, v as number),
      align: 'right',
      className: 'bw-num',
      tone: metric,
      headerTooltip: `Change (${unit})`,
    },
  ];
}

/** Good for the holder (green): price up, yield or spread down. */
function isGood(metric: Metric, change: number): boolean {
  return changeTone(metric, change) === 'good';
}

function MoveBars({ metric, moves }: { metric: Metric; moves: Move[] }) {
  const navigate = useNavigate();
  const max = Math.max(...moves.map((m) => Math.abs(m.change)), 1e-12);
  return (
    <Stack gap={2} data-testid="moves-chart" role="img" aria-label={`Biggest ${metric} moves`}>
      {moves.map((m) => {
        const width = (Math.abs(m.change) / max) * 50;
        const good = isGood(metric, m.change);
        const text = moveText(metric, m);
        return (
          <Group key={m.bondId} gap={6} wrap="nowrap" className="bw-clickable" onClick={() => navigate(`/bw/bond/${m.bondId}/pricing`)}>
            <Text size="xs" w={150} truncate title={m.description}>
              {m.description}
            </Text>
            <div style={{ position: 'relative', flex: 1, height: 14 }}>
              <div style={{ position: 'absolute', left: '50%', top: 0, bottom: 0, width: 1, background: 'var(--mantine-color-dark-3)' }} />
              <Tooltip label={`${m.description}: ${text.previous} → ${text.level} (${text.change})`} withinPortal openDelay={150}>
                <div
                  style={{
                    position: 'absolute',
                    top: 2,
                    height: 10,
                    width: `${width}%`,
                    left: m.change >= 0 ? '50%' : `${50 - width}%`,
                    background: TONE_COLOR[good ? 'good' : 'bad'],
                    borderRadius: 1,
                  }}
                />
              </Tooltip>
            </div>
            <Text size="xs" w={80} ta="right" className={`bw-num ${toneClass(metric, m.change)}`}>
              {text.change}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

export default function BondMovesPage() {
  const [params, setParams] = useSearchParams();
  const metric = (METRICS.some((m) => m.value === params.get('metric')) ? params.get('metric') : 'price') as Metric;
  const period = (PERIODS.some((p) => p.value === params.get('period')) ? params.get('period') : '1d') as Period;
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const spRatings = useFeature('s_and_p_ratings');
  const setAll = (next: { metric?: Metric; period?: Period; filters?: typeof filters }) => {
    const search = searchFromFilters(next.filters ?? filters);
    search.set('metric', next.metric ?? metric);
    search.set('period', next.period ?? period);
    setParams(search);
  };
  const moves = useApiQuery<MarketMovesResponse>(MARKET_PATHS.marketMoves, {
    query: { ...filterQuery(usableFilters(filters, spRatings)), metric, period, limit: 30 },
    meta: { errorToast: 'Loading market moves failed:' },
    placeholderData: (previous) => previous,
  });
  const unit = METRICS.find((m) => m.value === metric)!.unit;
  const list = moves.data?.moves ?? [];
  const navigate = useNavigate();
  const columns = useMemo(() => moveColumns(metric, unit), [metric, unit]);
  return (
    <Stack gap={6} data-testid="bond-moves-page">
      <PageTitle />
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            value={metric}
            onChange={(v) => setAll({ metric: v as Metric })}
            data={METRICS.map(({ value, label }) => ({ value, label }))}
            data-testid="moves-metric"
          />
          <SegmentedControl
            size="xs"
            value={period}
            onChange={(v) => setAll({ period: v as Period })}
            data={PERIODS}
            data-testid="moves-period"
          />
        </Group>
        {moves.data?.baseDate && (
          <Text size="xs" c="dimmed">
            Change vs the close of {formatDay(moves.data.baseDate)} · {unit}
          </Text>
        )}
      </Group>
      <BondFilters filters={filters} onChange={(f) => setAll({ filters: f })} />
      {moves.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {moves.isError && (
        <Alert color="red" data-testid="moves-error">
          Market moves could not be loaded: {apiErrorText(moves.error)}
        </Alert>
      )}
      {moves.data && list.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="moves-empty">
          No moves for these filters and period.
        </Text>
      )}
      {list.length > 0 && (
        <Refreshing active={moves.isPlaceholderData}>
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Card withBorder padding="sm">
                <Text fw={600} size="sm" mb={6}>
                  Biggest {metric} moves ({unit})
                </Text>
                <MoveBars metric={metric} moves={list} />
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Card withBorder padding="sm">
                <SimpleTable
                  rows={list}
                  columns={columns}
                  rowKey={(m) => String(m.bondId)}
                  onRowClick={(m) => void navigate(`/bw/bond/${m.bondId}/pricing`)}
                  rowLabel={(m) => `Open ${m.description}`}
                  rowTestId="moves-row"
                  fz="xs"
                  verticalSpacing={3}
                  striped
                  highlightOnHover
                  testId="moves-table"
                />
              </Card>
            </Grid.Col>
          </Grid>
        </Refreshing>
      )}
    </Stack>
  );
}
