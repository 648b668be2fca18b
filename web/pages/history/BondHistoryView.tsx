/**
 * One bond's history (shared by /bw/bond/{bondId}/history and /bw/history with one bond):
 * price, yield, spread or confidence at each close (GET /v2/bond/{id}/price-history), trades as
 * points sized by quantity and coloured by side (GET /v2/bond/{id}/trades), the default index
 * (IG or HY by rating, GET /v2/market/index) on its own axis with the weighting it used (equal
 * where amount outstanding is unknown, as on public data), a market-hawk overlay seam, and
 * plot stats over the range. Overlay toggles are the `bondHistory` preferences.
 */
import { Alert, Card, Center, Group, Loader, SegmentedControl, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { BOND_PATHS, type PriceHistoryResponse } from '@common/api/bond';
import { MARKET_PATHS, type MarketIndexResponse } from '@common/api/market';
import { type Trade, type TradeListResponse } from '@common/api/trade';
import { formatNumber } from '@common/format';
import { useApiQuery } from '../../api/queries';
import { useFeature } from '../../features/useFeature';
import { HAWK_FIRINGS_PAGE_MAX, HAWK_PATHS, type HawkFiring } from '@common/api/hawk';
import { DataTable, type CellProps, type Column } from '../../components/DataTable';
import { TimeSeriesChart, type ChartMarker, type ChartSeries } from '../../components/TimeSeriesChart';
import { usePreferences } from '../../preferences/usePreferences';
import { RANGE_OPTIONS, rangeStart, seriesStats, type RangeId } from '../../components/market/seriesStats';
import {
  defaultIndexOf,
  formatMetric,
  formatMetricChange,
  HISTORY_METRICS,
  indexPoints,
  metricValue,
  SIDE_STYLE,
  tradeMarkers,
  tradeStatusText,
  type HistoryMetric,
} from './historyView';
import '../../components/market/market.css';
import { Refreshing } from '../../components/Refreshing';
import { apiErrorText } from '../../api/errorText';
import { createAlertLink } from '../../components/alertLink';
import { indexWeightingText } from '../../components/market/weighting';

export interface HistoryBond {
  id: number;
  description: string;
  ratingSp: string | null;
  ratingMoody: string | null;
}

/**
 * Market-hawk firings of a bond in the range as chart markers (GET /v2/hawk/firings?bondId=), placed
 * at the metric's close on the firing's day; none without the market_hawk_basic feature.
 */
export function useHawkAlertMarkers(
  bondId: number,
  enabled: boolean,
  from: string,
  points: PriceHistoryResponse['points'],
  metric: HistoryMetric,
): { markers: ChartMarker[]; ready: boolean } {
  const feature = useFeature('market_hawk_basic');
  const firings = useApiQuery<{ firings: HawkFiring[] }>(enabled && feature ? HAWK_PATHS.firings : null, {
    query: { bondId, from, limit: HAWK_FIRINGS_PAGE_MAX },
  });
  const markers = useMemo(() => {
    const byDay = new Map(points.map((p) => [p.date, metricValue(metric, p)]));
    const out: ChartMarker[] = [];
    for (const f of firings.data?.firings ?? []) {
      const day = f.firedAt.slice(0, 10);
      const value = byDay.get(day) ?? [...byDay.entries()].filter(([d]) => d <= day).pop()?.[1] ?? null;
      if (value === null || value === undefined) continue;
      out.push({ time: day, value, color: '#fa5252', shape: 'arrowDown', text: 'hawk' });
    }
    return out;
  }, [firings.data, points, metric]);
  return { markers: enabled && feature ? markers : [], ready: !enabled || !feature || !firings.isPending };
}

function TradeSide({ row }: CellProps<Trade>) {
  const side = SIDE_STYLE[row.side];
  return <span style={{ color: side.textColor }}>{side.label}</span>;
}

/** Disseminated par as printed ("5MM+" when capped), in millions otherwise. */
function DisseminatedSize({ row }: CellProps<Trade>) {
  const q = String(row.quantity);
  return /^\d+(\.\d+)?$/.test(q) ? `${formatNumber(Number(q) / 1e6, 3)}MM` : q;
}

/** A flagged print is shown as printed, struck through: not a level the bond traded at. */
function PrintedPrice({ row, text }: CellProps<Trade>) {
  return row.flag ? <span style={{ textDecoration: 'line-through' }}>{text}</span> : text;
}

function TradeStatus({ row, text }: CellProps<Trade>) {
  return row.flag ? <span style={{ color: 'var(--mantine-color-red-7)' }}>{text}</span> : text;
}

/** The trade list's columns (exported for its test). */
export const TRADE_COLUMNS: Column<Trade>[] = [
  { field: 'executionTime', header: 'Time (ET)', kind: 'instant', width: 190, sort: 'desc' },
  { field: 'side', header: 'Side', width: 120, cell: TradeSide },
  {
    header: 'Size',
    // Sorted by the reported par; shown as disseminated.
    value: (t) => t.reportedQuantity ?? 0,
    kind: 'size',
    width: 100,
    headerTooltip: 'Disseminated par (5MM+ / 1MM+ when capped), USD',
    cell: DisseminatedSize,
  },
  { field: 'price', header: 'Price', kind: 'price', width: 90, headerTooltip: 'Per 100 face', cell: PrintedPrice },
  { field: 'yield', header: 'Yield', kind: 'yield', width: 90, headerTooltip: 'Yield at the trade price, %' },
  {
    header: 'ATS',
    value: (t) => (t.ats ? 'Yes' : ''),
    width: 70,
    headerTooltip: 'Executed on an alternative trading system',
  },
  {
    header: 'Status',
    value: tradeStatusText,
    flex: 1,
    minWidth: 90,
    headerTooltip:
      'Bad print: through Treasuries or at a negative yield. Off-market: rejected by the outlier rule of its day. Neither is priced from.',
    cell: TradeStatus,
  },
];

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
  const from = rangeStart(range);
  const { preferences, update } = usePreferences();
  const prefs = preferences.bondHistory ?? {};
  const showIndex = !prefs.hideDefaultIndex;
  const showHawk = !prefs.hideMarketHawk;
  const showStats = !prefs.hidePlotStats;
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
  const values = points.map((p) => metricValue(metric, p));
  const stats = seriesStats(values);
  const format = useMemo(() => (v: number) => formatMetric(metric, v), [metric]);
  const series = useMemo<ChartSeries[]>(() => {
    const list = history.data?.points ?? [];
    const main: ChartSeries = {
      name: HISTORY_METRICS.find((m) => m.value === metric)!.label,
      color: '#ff922b',
      points: list.flatMap((p) => {
        const v = metricValue(metric, p);
        return v === null ? [] : [{ time: p.date, value: v }];
      }),
      markers: [...tradeMarkers(trades.data?.trades ?? [], metric, from), ...(showHawk ? hawk.markers : [])],
    };
    const out = [main];
    if (showIndex && indexClass && index.data) {
      out.push({
        name: `${indexClass} index`,
        color: indexClass === 'IG' ? '#4dabf7' : '#9775fa',
        priceScale: 'left',
        style: 'dashed',
        format: (v: number) => formatNumber(v, 2),
        points: indexPoints(index.data, indexClass),
      });
    }
    return out;
  }, [history.data, trades.data, index.data, metric, from, showIndex, indexClass, showHawk, hawk.markers]);
  const tradeList = trades.data?.trades ?? [];
  const metricInfo = HISTORY_METRICS.find((m) => m.value === metric)!;

  return (
    <Stack gap="sm" data-testid="bond-history" data-bond-id={bond.id}>
      <Card withBorder padding="sm">
        <Group justify="space-between" gap="xs" mb={6}>
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              value={metric}
              onChange={(v) => onMetric(v as HistoryMetric)}
              data={HISTORY_METRICS.map(({ value, label }) => ({ value, label }))}
              data-testid="history-metric"
            />
            <SegmentedControl
              size="xs"
              value={range}
              onChange={(v) => onRange(v as RangeId)}
              data={RANGE_OPTIONS.map(({ value, label }) => ({ value, label }))}
              data-testid="history-range"
            />
          </Group>
          <Group gap="md">
            <Tooltip
              label={indexClass ? `The ${indexClass} active-bond index (total return from 100), left axis` : 'Unrated: no default index'}
              withinPortal
            >
              <Switch
                size="xs"
                label={`${indexClass ?? 'Default'} index`}
                checked={showIndex}
                disabled={!indexClass}
                data-testid="toggle-index"
                onChange={(e) => update({ bondHistory: { hideDefaultIndex: !e.currentTarget.checked } })}
              />
            </Tooltip>
            <Link to={createAlertLink({ kind: 'bond', bondId: bond.id, label: bond.description })} data-testid="create-alert">
              <Text size="xs">Create alert</Text>
            </Link>
            <Switch
              size="xs"
              label="Market hawk alerts"
              checked={showHawk}
              data-testid="toggle-hawk"
              onChange={(e) => update({ bondHistory: { hideMarketHawk: !e.currentTarget.checked } })}
            />
            <Switch
              size="xs"
              label="Plot stats"
              checked={showStats}
              data-testid="toggle-stats"
              onChange={(e) => update({ bondHistory: { hidePlotStats: !e.currentTarget.checked } })}
            />
          </Group>
        </Group>
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
              {formatNumber(tradeList.length, 0)} trades
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
      <Card withBorder padding="sm">
        <Text fw={600} size="sm" mb={4}>
          Trades in the range{' '}
          <Text span size="xs" c="dimmed">
            (TRACE-style dissemination; newest first)
          </Text>
        </Text>
        {trades.isError && (
          <Alert color="red" p="xs">
            Trades could not be loaded: {apiErrorText(trades.error)}
          </Alert>
        )}
        {trades.data && tradeList.length === 0 && (
          <Text size="xs" c="dimmed" data-testid="trades-empty">
            No trades in this range.
          </Text>
        )}
        {tradeList.length > 0 && (
          <DataTable<Trade> rows={tradeList} columns={TRADE_COLUMNS} rowId={(t) => t.id} height={240} testId="history-trades" />
        )}
      </Card>
    </Stack>
  );
}
