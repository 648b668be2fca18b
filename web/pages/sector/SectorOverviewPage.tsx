/**
 * /bw/sector/overview: sectors by weighted G-spread, yield to worst, volume and daily change
 * (GET /v2/market/sectors) as a sortable table and a bar chart; drill-down in the URL
 * (?sector=FINL&industry=BANK&issuer=12, so the back button walks back up): a sector's
 * industries and issuers (GET /v2/issuer?sector=), an issuer's curve (GET /v2/issuer/{id}/curve),
 * and links to the bond table filtered by sector (/bw/bond?sector=) or issuer (/bw/bond?issuerId=),
 * and "create alert" on the issuer (its bonds) or the sector (its new deals) for accounts with
 * market hawk (alerts/handoff.ts).
 */
import { Alert, Anchor, Box, Button, Card, Center, Grid, Group, Loader, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ISSUER_PATHS, type IssuerCurveResponse, type IssuerSearchResponse } from '@common/api/issuer';
import { MARKET_PATHS, type MarketSectorsResponse } from '@common/api/market';
import { formatDate, formatSize, formatSpread, formatSpreadLevel, formatYield, formatYieldChange } from '@common/format';
import { useApiQuery } from '../../api/queries';
import { DataTable } from '../../components/DataTable';
import { MarketAsOf } from '../../components/MarketAsOf';
import { PageTitle } from '../../components/PageTitle';
import { TimeSeriesChart, type ChartSeries } from '../../components/TimeSeriesChart';
import { monthPoints } from '../market/marketView';
import '../../components/market/market.css';
import { changeTone, toneClass, TONE_COLOR } from '../../components/tone';
import { SECTOR_CODES, type SectorCode } from '@common/market';
import { useFeature } from '../../features/useFeature';
import { createAlertLink } from '../alerts/handoff';

type SectorStats = MarketSectorsResponse['sectors'][number];
type Stats = Omit<SectorStats, 'industries'>;
type IssuerRow = IssuerSearchResponse['issuers'][number];

type Measure = 'spread' | 'yield' | 'volume' | 'spreadChange';
const MEASURES: Array<{ value: Measure; label: string; unit: string }> = [
  { value: 'spread', label: 'Spread', unit: 'G-spread, bp (weighted by amount outstanding)' },
  { value: 'yield', label: 'Yield', unit: 'yield to worst, % (weighted)' },
  { value: 'volume', label: 'Volume', unit: 'par traded today, USD MM' },
  { value: 'spreadChange', label: 'Δ Spread', unit: 'daily G-spread change, bp' },
];

const fmt = (f: (v: number | null) => string) => (p: ValueFormatterParams<Stats>) => f((p.value as number | null) ?? null);

/** Numeric cells: right-aligned (a cellClass replaces the numericColumn type's) and monospaced. */
const NUM = 'ag-right-aligned-cell bw-stat';

/** Columns shared by the sector and industry tables (units in header tooltips). */
function statsColumns(nameHeader: string): ColDef<Stats>[] {
  return [
    { field: 'name', headerName: nameHeader, flex: 1, minWidth: 170 },
    { field: 'bondCount', headerName: 'Bonds', width: 80, type: 'numericColumn', headerTooltip: 'Outstanding bonds' },
    {
      field: 'spread',
      headerName: 'Spread',
      width: 100,
      type: 'numericColumn',
      valueFormatter: fmt(formatSpreadLevel),
      headerTooltip: 'G-spread, bp, weighted by amount outstanding',
      cellClass: NUM,
    },
    {
      field: 'spreadChange',
      headerName: 'Δ Spread',
      width: 100,
      type: 'numericColumn',
      valueFormatter: fmt(formatSpread),
      headerTooltip: 'Daily change, bp (green: tighter)',
      cellClass: (p) => `${NUM} ${toneClass('spread', p.value as number | null)}`,
    },
    {
      field: 'yield',
      headerName: 'Yield',
      width: 95,
      type: 'numericColumn',
      valueFormatter: fmt(formatYield),
      headerTooltip: 'Yield to worst, %, weighted',
      cellClass: NUM,
    },
    {
      field: 'yieldChange',
      headerName: 'Δ Yield',
      width: 95,
      type: 'numericColumn',
      valueFormatter: fmt(formatYieldChange),
      headerTooltip: 'Daily change, bp (green: lower)',
      cellClass: (p) => `${NUM} ${toneClass('yield', p.value as number | null)}`,
    },
    {
      field: 'volume',
      headerName: 'Volume',
      width: 105,
      type: 'numericColumn',
      valueFormatter: fmt(formatSize),
      headerTooltip: 'Par traded today, USD (MM = millions, K = thousands)',
      cellClass: NUM,
    },
  ];
}

function measureText(m: Measure, v: number | null): string {
  if (m === 'spread') return formatSpreadLevel(v);
  if (m === 'yield') return formatYield(v);
  if (m === 'volume') return formatSize(v);
  return formatSpread(v);
}

/** Horizontal bars of one measure per sector (diverging around zero for changes); a click drills in. */
function SectorBars({
  sectors,
  measure,
  selected,
  onSelect,
}: {
  sectors: Stats[];
  measure: Measure;
  selected: string | null;
  onSelect: (code: string) => void;
}) {
  const values = sectors.map((s) => s[measure] as number | null);
  const max = Math.max(...values.map((v) => Math.abs(v ?? 0)), 1e-12);
  const diverging = measure === 'spreadChange';
  const sorted = [...sectors].sort((a, b) => ((b[measure] as number | null) ?? -Infinity) - ((a[measure] as number | null) ?? -Infinity));
  return (
    <Stack gap={3} data-testid="sector-bars" role="img" aria-label={`Sectors by ${measure}`}>
      {sorted.map((s) => {
        const v = s[measure] as number | null;
        const width = v === null ? 0 : (Math.abs(v) / max) * (diverging ? 50 : 100);
        const tone = diverging ? changeTone('spread', v) : undefined;
        const color = tone ? TONE_COLOR[tone] : s.code === selected ? 'var(--mantine-color-orange-5)' : 'var(--mantine-color-blue-7)';
        return (
          <Group
            key={s.code}
            gap={6}
            wrap="nowrap"
            className="bw-clickable"
            onClick={() => onSelect(s.code)}
            data-testid={`sector-bar-${s.code}`}
          >
            <Text size="xs" w={150} truncate fw={s.code === selected ? 700 : 400}>
              {s.name}
            </Text>
            <div style={{ position: 'relative', flex: 1, height: 14 }}>
              {diverging && (
                <div
                  style={{ position: 'absolute', left: '50%', top: 0, bottom: 0, width: 1, background: 'var(--mantine-color-dark-3)' }}
                />
              )}
              <div
                style={{
                  position: 'absolute',
                  top: 2,
                  height: 10,
                  width: `${width}%`,
                  left: diverging ? ((v ?? 0) >= 0 ? '50%' : `${50 - width}%`) : 0,
                  background: color,
                  borderRadius: 1,
                }}
              />
            </div>
            <Text size="xs" w={80} ta="right" className="bw-stat">
              {measureText(measure, v)}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}

/** The issuer's bonds as points (G-spread by remaining maturity) joined by a faint line. */
function curveSeries(curve: IssuerCurveResponse): ChartSeries[] {
  const points = monthPoints(
    curve.points,
    (p) => p.tenor,
    (p) => p.gSpread,
  );
  return [
    { name: 'G-spread', color: '#ff922b', style: 'points', points },
    { name: '', color: '#ff922b55', points },
  ];
}

function IssuerPanel({ issuer, onClose }: { issuer: IssuerRow; onClose: () => void }) {
  const curve = useApiQuery<IssuerCurveResponse>(ISSUER_PATHS.issuerCurve(issuer.id), {
    meta: { errorToast: 'Loading the issuer curve failed:' },
  });
  const series = useMemo(() => (curve.data ? curveSeries(curve.data) : []), [curve.data]);
  const hawk = useFeature('market_hawk_basic');
  return (
    <Card withBorder padding="sm" data-testid="issuer-panel">
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">
          {issuer.displayName} ({issuer.ticker}) · issuer curve
        </Text>
        <Group gap={4}>
          <Button component={Link} to={`/bw/bond?issuerId=${issuer.id}`} size="compact-xs" variant="light" data-testid="issuer-bonds-link">
            Bonds of {issuer.ticker} →
          </Button>
          <Button component={Link} to={`/bw/term-structure-change?issuer=${issuer.id}`} size="compact-xs" variant="default">
            Term structure change
          </Button>
          {hawk && (
            <Button
              component={Link}
              to={createAlertLink({ kind: 'issuer', issuerId: issuer.id, label: `${issuer.displayName} (${issuer.ticker})` })}
              size="compact-xs"
              variant="default"
              data-testid="issuer-create-alert"
            >
              Create alert
            </Button>
          )}
          <Button size="compact-xs" variant="subtle" onClick={onClose}>
            ×
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mb={4}>
        G-spread (bp) of each outstanding bond against its remaining maturity{curve.data?.asOf ? ` · ${formatDate(curve.data.asOf)}` : ''}
      </Text>
      {curve.isPending && (
        <Center h={200}>
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {curve.isError && (
        <Alert color="red" p="xs">
          The curve could not be loaded.
        </Alert>
      )}
      {curve.data && series[0]!.points.length === 0 && (
        <Text size="xs" c="dimmed">
          No priced bonds for this issuer.
        </Text>
      )}
      {series.length > 0 && series[0]!.points.length > 0 && (
        <TimeSeriesChart
          series={series}
          axis="months"
          height={220}
          formatValue={formatSpreadLevel as (v: number) => string}
          testId="issuer-curve-chart"
        />
      )}
    </Card>
  );
}

export default function SectorOverviewPage() {
  const [params, setParams] = useSearchParams();
  const measure = (MEASURES.some((m) => m.value === params.get('measure')) ? params.get('measure') : 'spread') as Measure;
  const sectorCode = params.get('sector');
  const industryCode = params.get('industry');
  const issuerId = params.get('issuer');
  const set = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const [k, v] of Object.entries(changes)) {
          if (v === null) n.delete(k);
          else n.set(k, v);
        }
        return n;
      },
      { replace },
    );

  const sectors = useApiQuery<MarketSectorsResponse>(MARKET_PATHS.marketSectors, { meta: { errorToast: 'Loading sectors failed:' } });
  const sector = sectors.data?.sectors.find((s) => s.code === sectorCode) ?? null;
  const industry = sector?.industries.find((i) => i.code === industryCode) ?? null;
  const scope = industry ?? sector;
  const issuers = useApiQuery<IssuerSearchResponse>(scope ? ISSUER_PATHS.issuers : null, {
    query: { sector: scope?.code, limit: 100 },
    meta: { errorToast: 'Loading issuers failed:' },
  });
  const issuer = issuers.data?.issuers.find((i) => String(i.id) === issuerId) ?? null;
  const hawk = useFeature('market_hawk_basic');

  const sectorColumns = useMemo(() => statsColumns('Sector'), []);
  const industryColumns = useMemo(() => statsColumns('Industry'), []);
  const issuerColumns = useMemo<ColDef<IssuerRow>[]>(
    () => [
      { field: 'displayName', headerName: 'Issuer', flex: 1, minWidth: 150 },
      { field: 'ticker', headerName: 'Ticker', width: 80 },
      {
        field: 'sectorCode',
        headerName: 'Industry',
        width: 150,
        valueFormatter: (p) => sector?.industries.find((i) => i.code === p.value)?.name ?? String(p.value),
      },
      {
        field: 'bondCount',
        headerName: 'Bonds',
        width: 75,
        type: 'numericColumn',
        sort: 'desc',
        headerTooltip: 'Bonds issued (incl. matured)',
      },
    ],
    [sector],
  );
  const list = sectors.data?.sectors ?? [];

  return (
    <Stack gap={6} data-testid="sector-overview-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle />
        <Box mb="sm">{sectors.data && <MarketAsOf asOf={sectors.data.asOf} />}</Box>
      </Group>
      {sectors.isPending && (
        <Center h={300}>
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {sectors.isError && (
        <Alert color="red" data-testid="sectors-error">
          Sectors could not be loaded.
        </Alert>
      )}
      {sectors.data && list.length === 0 && (
        <Text c="dimmed" size="sm" data-testid="sectors-empty">
          No sectors yet.
        </Text>
      )}
      {list.length > 0 && (
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Card withBorder padding="sm">
              <Text fw={600} size="sm" mb={4}>
                Sectors{' '}
                <Text span size="xs" c="dimmed">
                  · click a row to drill in
                </Text>
              </Text>
              <DataTable<Stats>
                rows={list}
                columns={sectorColumns}
                rowId={(r) => r.code}
                height={Math.min(40 + list.length * 26, 340)}
                onRowClick={(r) => set({ sector: r.code, industry: null, issuer: null })}
                testId="sector-table"
              />
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Card withBorder padding="sm">
              <Group justify="space-between" mb={6}>
                <Tooltip label={MEASURES.find((m) => m.value === measure)!.unit} withinPortal>
                  <Text fw={600} size="sm">
                    By {MEASURES.find((m) => m.value === measure)!.label.toLowerCase()}
                  </Text>
                </Tooltip>
                <SegmentedControl
                  size="xs"
                  value={measure}
                  onChange={(v) => set({ measure: v }, true)}
                  data={MEASURES.map(({ value, label }) => ({ value, label }))}
                  data-testid="sector-measure"
                />
              </Group>
              <SectorBars
                sectors={list}
                measure={measure}
                selected={sectorCode}
                onSelect={(code) => set({ sector: code, industry: null, issuer: null })}
              />
            </Card>
          </Grid.Col>
        </Grid>
      )}
      {sectorCode && sectors.data && !sector && <Alert color="yellow">Unknown sector {sectorCode}.</Alert>}
      {sector && (
        <Grid gap="sm" data-testid="sector-drilldown">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Card withBorder padding="sm">
              <Group justify="space-between" mb={4}>
                <Text fw={600} size="sm" data-testid="drill-title">
                  <Anchor size="sm" onClick={() => set({ industry: null, issuer: null })}>
                    {sector.name}
                  </Anchor>
                  {industry && <> › {industry.name}</>} · industries
                </Text>
                <Group gap={4}>
                  <Button
                    component={Link}
                    to={`/bw/bond?sector=${encodeURIComponent(scope!.code)}`}
                    size="compact-xs"
                    variant="light"
                    data-testid="sector-bonds-link"
                  >
                    Bonds in {scope!.name} →
                  </Button>
                  {hawk && (SECTOR_CODES as readonly string[]).includes(sector.code) && (
                    <Button
                      component={Link}
                      to={createAlertLink({ kind: 'sector', sector: sector.code as SectorCode, label: sector.name })}
                      size="compact-xs"
                      variant="default"
                      data-testid="sector-create-alert"
                    >
                      Alert on new deals in {sector.name}
                    </Button>
                  )}
                </Group>
              </Group>
              {sector.industries.length === 0 ? (
                <Text size="xs" c="dimmed">
                  No industries.
                </Text>
              ) : (
                <DataTable<Stats>
                  rows={sector.industries}
                  columns={industryColumns}
                  rowId={(r) => r.code}
                  height={Math.min(40 + sector.industries.length * 26, 260)}
                  onRowClick={(r) => set({ industry: r.code, issuer: null })}
                  testId="industry-table"
                />
              )}
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Card withBorder padding="sm">
              <Text fw={600} size="sm" mb={4}>
                Issuers in {scope!.name}{' '}
                <Text span size="xs" c="dimmed">
                  · click for the curve
                </Text>
              </Text>
              {issuers.isPending && (
                <Center h={120}>
                  <Loader size="sm" type="dots" />
                </Center>
              )}
              {issuers.isError && (
                <Alert color="red" p="xs">
                  Issuers could not be loaded.
                </Alert>
              )}
              {issuers.data && issuers.data.issuers.length === 0 && (
                <Text size="xs" c="dimmed" data-testid="issuers-empty">
                  No issuers in this sector.
                </Text>
              )}
              {issuers.data && issuers.data.issuers.length > 0 && (
                <DataTable<IssuerRow>
                  rows={issuers.data.issuers}
                  columns={issuerColumns}
                  rowId={(r) => String(r.id)}
                  height={260}
                  onRowClick={(r) => set({ issuer: String(r.id) })}
                  testId="issuer-table"
                />
              )}
            </Card>
          </Grid.Col>
          {issuer && (
            <Grid.Col span={12}>
              <IssuerPanel issuer={issuer} onClose={() => set({ issuer: null })} />
            </Grid.Col>
          )}
        </Grid>
      )}
    </Stack>
  );
}
