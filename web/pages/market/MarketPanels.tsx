/**
 * Side panels of the market summary: the bond market index (flag `bond_market_index`), the
 * Treasury curve today vs the previous close, the most active bonds and the platform commentary
 * slot (content arrives with a later issue).
 */
import { Alert, Anchor, Card, Center, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { MARKET_PATHS, type MarketIndexResponse, type MarketSummaryResponse, type MarketWeighting } from '@common/api/market';
import { formatDay, formatNumber, formatRatings, formatYield, formatYieldChange, RATINGS_HELP, type ValueKind } from '@common/format';
import { useApiQuery } from '../../api/queries';
import { useFeature } from '../../features/useFeature';
import { TimeSeriesChart, type ChartSeries } from '../../components/TimeSeriesChart';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';
import { Value } from '../../components/Value';
import { changeTone } from '../../components/tone';
import { indexWeightingText } from '../../components/market/weighting';

const indexLevel = (v: number) => formatNumber(v, 2);

function IndexStat({ label, points, pick }: { label: string; points: MarketIndexResponse['points']; pick: 'ig' | 'hy' }) {
  const valid = points.filter((p) => p[pick] !== null);
  const last = valid.at(-1)?.[pick] ?? null;
  const prev = valid.at(-2)?.[pick] ?? null;
  const first = valid[0]?.[pick] ?? null;
  const day = last !== null && prev !== null ? (last / prev - 1) * 100 : null;
  const range = last !== null && first !== null ? (last / first - 1) * 100 : null;
  return (
    <Stack gap={0} data-testid={`index-${pick}`}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={600} className="bw-stat" data-value={last ?? undefined}>
        {last === null ? '—' : indexLevel(last)}
      </Text>
      <Text size="xs" className={`bw-stat bw-tone-${changeTone('index', day) ?? ''}`} title="Total return today, %">
        {day === null ? '—' : `${day >= 0 ? '+' : ''}${formatNumber(day, 2)}% 1d`}
        <Text span size="xs" c="dimmed" className="bw-stat" title="Total return over the chart's range, %">
          {' '}
          · {range === null ? '—' : `${range >= 0 ? '+' : ''}${formatNumber(range, 2)}%`} range
        </Text>
      </Text>
    </Stack>
  );
}

/** The index's unit line, as the summary's: the weighting the server used for this answer. */
export function IndexWeighting({ weighting }: { weighting: MarketWeighting }) {
  return (
    <Text size="xs" c="dimmed" data-testid="index-weighting" data-weighting={weighting}>
      Total return, {indexWeightingText(weighting)}
    </Text>
  );
}

/** IG and HY active-bond indexes (total return, from 100). */
export function MarketIndexPanel() {
  const help = useFeature('tooltips');
  const index = useApiQuery<MarketIndexResponse>(MARKET_PATHS.marketIndex, {
    meta: { errorToast: 'Loading the bond market index failed:' },
  });
  const series = useMemo<ChartSeries[]>(() => {
    const points = index.data?.points ?? [];
    return [
      { name: 'IG', color: '#4dabf7', points: points.filter((p) => p.ig !== null).map((p) => ({ time: p.date, value: p.ig! })) },
      { name: 'HY', color: '#ff922b', points: points.filter((p) => p.hy !== null).map((p) => ({ time: p.date, value: p.hy! })) },
    ];
  }, [index.data]);
  const points = index.data?.points ?? [];
  return (
    <Card withBorder padding="sm" data-testid="market-index">
      <Tooltip
        label={`Each month the 100 IG and 100 HY bonds with the most trailing 30-day volume; daily total return ${indexWeightingText(index.data?.weighting ?? 'amountOutstanding')}, chained from 100`}
        multiline
        w={300}
        withinPortal
        disabled={!help}
      >
        <Text fw={600} size="sm" mb={4}>
          Bond market index
        </Text>
      </Tooltip>
      {index.isPending && (
        <Center h={180}>
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {index.isError && (
        <Alert color="red" p="xs">
          The index could not be loaded.
        </Alert>
      )}
      {index.data && points.length === 0 && (
        <Text size="xs" c="dimmed">
          No index history yet.
        </Text>
      )}
      {points.length > 0 && (
        <>
          <Group grow mb={4}>
            <IndexStat label="IG index" points={points} pick="ig" />
            <IndexStat label="HY index" points={points} pick="hy" />
          </Group>
          <TimeSeriesChart series={series} height={150} formatValue={indexLevel} testId="market-index-chart" />
          {index.data && <IndexWeighting weighting={index.data.weighting} />}
        </>
      )}
    </Card>
  );
}

/** The Treasury par curve at today's close and the previous one. */
export function TreasuryCurvePanel({ treasury }: { treasury: MarketSummaryResponse['treasury'] }) {
  const series = useMemo<ChartSeries[]>(() => {
    const months = (years: number) => years * 12;
    return [
      {
        name: treasury.date ? formatDay(treasury.date) : 'Today',
        color: '#4dabf7',
        points: treasury.points.map((p) => ({ time: months(p.years), value: p.yield })),
      },
      {
        name: treasury.previousDate ? formatDay(treasury.previousDate) : 'Previous',
        color: '#868e96',
        style: 'dashed',
        points: treasury.points.filter((p) => p.previousYield !== null).map((p) => ({ time: months(p.years), value: p.previousYield! })),
      },
    ];
  }, [treasury]);
  const key = ['2Y', '5Y', '10Y', '30Y'];
  return (
    <Card withBorder padding="sm" data-testid="treasury-curve">
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          Treasury curve
        </Text>
        <Text size="xs" c="dimmed">
          {treasury.date ? `${formatDay(treasury.date)} vs ${formatDay(treasury.previousDate)}` : 'no curve yet'}
        </Text>
      </Group>
      {treasury.points.length === 0 ? (
        <Text size="xs" c="dimmed">
          No Treasury curve has been loaded.
        </Text>
      ) : (
        <>
          <Group grow gap={4} mb={4}>
            {treasury.points
              .filter((p) => key.includes(p.tenor))
              .map((p) => (
                <Stack key={p.tenor} gap={0} align="flex-end" title={`${p.tenor} par yield, %; change in bp`}>
                  <Text size="xs" c="dimmed">
                    {p.tenor}
                  </Text>
                  <Text size="sm" className="bw-stat">
                    {formatYield(p.yield)}
                  </Text>
                  {/* Coloured like the grid: yields up are red, down green. */}
                  <Text size="sm" className={`bw-stat bw-tone-${changeTone('yield', p.change) ?? ''}`}>
                    {formatYieldChange(p.change)}
                  </Text>
                </Stack>
              ))}
          </Group>
          <TimeSeriesChart series={series} axis="months" height={170} formatValue={formatYield} testId="treasury-chart" />
        </>
      )}
    </Card>
  );
}

type ActiveBond = MarketSummaryResponse['mostActive'][number];

/**
 * A figure as `<Value>` shows it (its sign's colour where asked). These columns keep the panel's
 * own font rather than the grid's market font, as the panel always read.
 */
function valueCell(kind: ValueKind, signed?: boolean) {
  return function ValueCell({ value }: CellProps<ActiveBond>) {
    return <Value kind={kind} value={value as number | null} signed={signed} />;
  };
}

function HistoryLinkCell({ row }: CellProps<ActiveBond>) {
  return (
    <Anchor component={Link} to={`/bw/bond/${row.id}/history`} size="xs" title="Price and trade history">
      history
    </Anchor>
  );
}

const MOST_ACTIVE_COLUMNS: Column<ActiveBond>[] = [
  { header: 'Bond', field: 'description' },
  { header: 'Rating', id: 'rating', value: (b) => formatRatings(b.ratingMoody, b.ratingSP), headerTooltip: RATINGS_HELP },
  { header: 'Price', field: 'price', align: 'right', cell: valueCell('price'), headerTooltip: 'Evaluated clean price, per 100 face' },
  {
    header: 'Δ',
    field: 'changePrice',
    align: 'right',
    cell: valueCell('number', true),
    headerTooltip: 'Price change vs the previous close, points',
  },
  { header: 'YTW', field: 'yieldToWorst', align: 'right', cell: valueCell('yield'), headerTooltip: 'Yield to worst, %' },
  { header: 'Spread', field: 'gSpread', align: 'right', cell: valueCell('spreadLevel'), headerTooltip: 'G-spread, bp' },
  {
    header: 'Volume',
    field: 'volume',
    align: 'right',
    cell: valueCell('size'),
    headerTooltip: 'Par traded today, USD (MM = millions, K = thousands)',
  },
  { header: '', id: 'history', cell: HistoryLinkCell, control: true },
];

/** Today's most traded bonds, each linking to its pages. */
export function MostActivePanel({ bonds }: { bonds: MarketSummaryResponse['mostActive'] }) {
  const navigate = useNavigate();
  return (
    <Card withBorder padding="sm" data-testid="most-active">
      <Text fw={600} size="sm" mb={4}>
        Most active bonds today
      </Text>
      {bonds.length === 0 ? (
        <Text size="xs" c="dimmed" data-testid="most-active-empty">
          No trades reported today yet.
        </Text>
      ) : (
        <SimpleTable
          rows={bonds.slice(0, 10)}
          columns={MOST_ACTIVE_COLUMNS}
          rowKey={(b) => String(b.id)}
          onRowClick={(b) => void navigate(`/bw/bond/${b.id}/pricing`)}
          rowLabel={(b) => `Open ${b.description}`}
          rowTestId="most-active-row"
          fz="xs"
          verticalSpacing={2}
          horizontalSpacing={6}
          highlightOnHover
        />
      )}
    </Card>
  );
}
