/**
 * /bw/primary/pricing/{dealId}: one deal — its tranches with fair value and concession, the spread
 * path through IPT, guidance, launch and pricing, the issuer's secondary curve at the close before
 * pricing with each tranche placed on it, comparable recent deals, and how each priced tranche has
 * traded against reoffer since (day 1, week 1, to date). Refreshed every 15 s while the deal is
 * still in the market.
 */
import { Anchor, Badge, Card, Grid, Group, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { PRIMARY_PATHS, type DealDetailResponse, type DealSummary, type Tranche } from '@common/api/primary';
import { formatDate, formatDay, formatRatings, formatSize, formatSpreadLevel, formatTenor } from '@common/format';
import { newYorkOffsetHours } from '@common/calendar';
import { useApiQuery } from '../../api/queries';
import { DataTable, type Column } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import { TimeSeriesChart, type ChartSeries } from '../../components/TimeSeriesChart';
import { STATUS_LABELS } from '../../components/dealStatus';
import { trancheColumns } from './trancheColumns';
import { DealMessagesPanel } from './messages/DealMessagesPanel';
import { apiErrorText } from '../../api/errorText';

const LIVE_REFRESH_MS = 15_000;

const T = trancheColumns<Tranche>();
const TRANCHE_COLUMNS: Column<Tranche>[] = [
  T.tenor,
  T.size,
  T.ipt,
  T.guidance,
  T.launch,
  T.priced,
  T.book,
  T.coupon,
  T.reofferYield,
  T.reofferPrice,
  T.fairValue,
  T.concession,
  { field: 'fairValueMethod', header: 'Fair value from', minWidth: 220, flex: 1 },
];

type Performance = DealDetailResponse['afterPricing'][number] & { tenor: string };
const moved =
  (pick: 'day1' | 'week1' | 'toDate', what: 'spreadChangeBp' | 'priceChange') =>
  (row: Performance): number | null =>
    row[pick]?.[what] ?? null;
const PERFORMANCE_COLUMNS: Column<Performance>[] = [
  { field: 'tenor', header: 'Tranche', width: 90 },
  { header: 'Day 1 spread', width: 110, kind: 'spread', value: moved('day1', 'spreadChangeBp') },
  { header: 'Day 1 price', width: 105, kind: 'priceChange', value: moved('day1', 'priceChange') },
  { header: 'Week 1 spread', width: 115, kind: 'spread', value: moved('week1', 'spreadChangeBp') },
  { header: 'Week 1 price', width: 110, kind: 'priceChange', value: moved('week1', 'priceChange') },
  { header: 'To date spread', width: 120, kind: 'spread', value: moved('toDate', 'spreadChangeBp') },
  { header: 'To date price', width: 115, kind: 'priceChange', value: moved('toDate', 'priceChange') },
];

const averageConcession = (deal: DealSummary): number | null => {
  const xs = deal.tranches.map((t) => t.concessionBp).filter((v): v is number => v !== null);
  return xs.length ? xs.reduce((s, v) => s + v, 0) / xs.length : null;
};
const COMPARABLE_COLUMNS: Column<DealSummary>[] = [
  { field: 'pricedAt', header: 'Priced', width: 120, kind: 'day' },
  { header: 'Issuer', minWidth: 160, flex: 1, value: (d) => d.issuer.displayName },
  { field: 'ratingSp', header: 'S&P', width: 70 },
  { header: 'Tenors', width: 120, value: (d) => d.tranches.map((t) => formatTenor(t.tenorYears)).join(' ') },
  { field: 'totalSize', header: 'Size', width: 90, kind: 'size' },
  { header: 'Avg NIC', width: 95, kind: 'spreadLevel', value: averageConcession },
];

/** Epoch seconds of an instant as New York wall-clock time (the chart shows times as UTC). */
function newYorkWallClock(at: string): number {
  const ms = Date.parse(at);
  return ms / 1000 + newYorkOffsetHours(new Date(ms).toISOString().slice(0, 10)) * 3600;
}

/** The spread at each stage per tranche, on a New York time-of-day axis. */
function spreadPathSeries(detail: DealDetailResponse): ChartSeries[] {
  return detail.spreadPath.map((path) => {
    const tranche = detail.deal.tranches.find((t) => t.id === path.trancheId)!;
    return { name: `${tranche.tenorYears}Y`, points: path.points.map((p) => ({ time: newYorkWallClock(p.at), value: p.spreadBp })) };
  });
}

/** The issuer's bonds, the fitted curve, and each tranche's fair value and (latest) spread, by tenor in months. */
function curveSeries(detail: DealDetailResponse): ChartSeries[] {
  const months = (years: number) => Math.round(years * 12 * 100) / 100;
  const latest = (t: Tranche) => t.pricedSpreadBp ?? t.launchSpreadBp ?? t.guidanceSpreadBp ?? t.iptSpreadBp;
  return [
    { name: 'Issuer bonds', style: 'points', points: detail.issuerCurve.points.map((p) => ({ time: months(p.tenor), value: p.spreadBp })) },
    {
      name: 'Fair-value curve',
      style: 'dashed',
      points: detail.issuerCurve.fitted.map((p) => ({ time: months(p.tenor), value: p.spreadBp })),
    },
    {
      name: 'Fair value',
      style: 'points',
      points: detail.deal.tranches
        .filter((t) => t.fairValueBp !== null)
        .map((t) => ({ time: months(t.tenorYears), value: t.fairValueBp! })),
    },
    {
      name: 'New issue',
      style: 'points',
      points: detail.deal.tranches.filter((t) => latest(t) !== null).map((t) => ({ time: months(t.tenorYears), value: latest(t)! })),
    },
  ];
}

export default function DealPage() {
  const { dealId } = useParams();
  const navigate = useNavigate();
  const id = Number(dealId);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useApiQuery<DealDetailResponse>(valid ? PRIMARY_PATHS.deal({ id }) : null, {
    refetchInterval: (q) => (q.state.data?.deal.status === 'priced' ? false : LIVE_REFRESH_MS),
  });
  if (!valid) return <Text c="red">This deal link is not valid.</Text>;
  if (detail.error) return <Text c="red">{apiErrorText(detail.error)}</Text>;
  const d = detail.data;
  if (!d) return <Text c="dimmed">Loading the deal…</Text>;
  const deal = d.deal;
  const performance: Performance[] = d.afterPricing
    .filter((p) => p.points.length > 0)
    .map((p) => ({
      ...p,
      tenor: `${deal.tranches.find((t) => t.id === p.trancheId)?.tenorYears ?? '?'}Y`,
    }));
  return (
    <Stack gap="sm" data-testid="deal-page">
      <PageTitle title={`${deal.issuer.displayName} — ${deal.tranches.map((t) => `${t.tenorYears}Y`).join(' / ')}`} />
      <Group gap="sm">
        <Badge data-testid="deal-status">{STATUS_LABELS[deal.status]}</Badge>
        <Text size="sm">
          {formatRatings(deal.ratingMoody, deal.ratingSp, 'NR')} · {deal.sector.name} · {formatSize(deal.totalSize)} ·{' '}
          <Anchor component={Link} to={`/bw/bond?issuerId=${deal.issuer.id}`}>
            {deal.issuer.ticker} bonds
          </Anchor>
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {deal.timeline.map((s) => `${STATUS_LABELS[s.status]} ${formatDate(s.at, 'America/New_York')}`).join(' → ')} (New York)
      </Text>
      <Text size="sm">
        Bookrunners: {deal.bookrunners.join(', ')}
        {deal.useOfProceeds ? ` · Use of proceeds: ${deal.useOfProceeds}` : ''}
      </Text>
      <DataTable
        rows={deal.tranches}
        columns={TRANCHE_COLUMNS}
        rowId={(t) => String(t.id)}
        height={60 + 28 * deal.tranches.length}
        testId="tranches-grid"
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder>
            <Text fw={600}>Spread path</Text>
            <TimeSeriesChart
              series={spreadPathSeries(d)}
              axis="intraday"
              height={260}
              formatValue={(v) => formatSpreadLevel(v)}
              testId="spread-path-chart"
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder>
            <Text fw={600}>Issuer curve {d.curveDay ? `at the close of ${formatDay(d.curveDay)}` : '(no close yet)'}</Text>
            <TimeSeriesChart
              series={curveSeries(d)}
              axis="months"
              height={260}
              formatValue={(v) => formatSpreadLevel(v)}
              testId="issuer-curve-chart"
            />
          </Card>
        </Grid.Col>
      </Grid>
      {deal.status === 'priced' && performance.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="no-trades-since-pricing">
          No trades reported in the new bonds since pricing yet.
        </Text>
      )}
      {performance.length > 0 && (
        <>
          <Text fw={600}>Since pricing: each day's trades (size-weighted) against re-offer</Text>
          <DataTable
            rows={performance}
            columns={PERFORMANCE_COLUMNS}
            rowId={(p) => String(p.trancheId)}
            height={60 + 28 * performance.length}
            testId="performance-grid"
          />
        </>
      )}
      <DealMessagesPanel dealId={deal.id} />
      <Text fw={600}>Comparable deals (same sector and credit, 90 days before)</Text>
      <DataTable
        rows={d.comparables}
        columns={COMPARABLE_COLUMNS}
        rowId={(c) => String(c.id)}
        height={220}
        onRowClick={(c) => void navigate(`/bw/primary/pricing/${c.id}`)}
        testId="comparables-grid"
      />
    </Stack>
  );
}
