/**
 * /bw/term-structure-change: an issuer's or a sector's G-spread or yield curve by tenor bucket
 * on two dates and the change per tenor (GET /v2/market/term-structure-change). Flags:
 * `term_structure_change_non_delta_metrics` shows the two curves' levels (otherwise only the
 * changes), `term_structure_change_visual_bond` plots each bond as a point. The unit line names
 * the weighting the server used (equal where amount outstanding is unknown). Choices live in the
 * URL: ?sector=FINL (or ?issuer=12)&metric=yield&from=2026-10-01&to=2026-11-20.
 */
import { Alert, Anchor, Card, Center, Grid, Group, Loader, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ISSUER_PATHS, type IssuerDetailResponse, type IssuerSearchResponse } from '@common/api/issuer';
import { MARKET_PATHS, type MarketSectorsResponse, type TermStructureChangeResponse } from '@common/api/market';
import { formatDay, formatNumber, formatSpread, formatYield, formatYieldChange } from '@common/format';
import { useApiQuery } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { SimpleTable, type Column } from '../../components/SimpleTable';
import { TimeSeriesChart, type ChartSeries } from '../../components/TimeSeriesChart';
import { useFeature } from '../../features/useFeature';
import { monthPoints, tenorMonths } from '../../components/market/curvePoints';
import '../../components/market/market.css';
import { Refreshing } from '../../components/Refreshing';
import { apiErrorText } from '../../api/errorText';
import { averagedBy } from '../../components/market/weighting';

type Metric = TermStructureChangeResponse['metric'];
const isDay = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** Level and change texts of a metric (yields in %, their changes and all spreads in bp). */
export function tscText(metric: Metric) {
  return {
    level: (v: number | null) => (metric === 'yield' ? formatYield(v) : v === null ? '—' : `${formatNumber(v, 1)} bp`),
    change: (v: number | null) => (metric === 'yield' ? formatYieldChange(v) : formatSpread(v)),
    /** Change axis values: bp for both metrics. */
    changeBp: (v: number) => (metric === 'yield' ? v * 10_000 : v),
  };
}

type Bucket = TermStructureChangeResponse['buckets'][number];

/** The buckets' table: levels on both dates (behind their feature), the change coloured by what it means for a holder. */
function tscColumns(metric: Metric, showLevels: boolean, fromLabel: string, toLabel: string): Column<Bucket>[] {
  const text = tscText(metric);
  const unit = metric === 'yield' ? '%' : 'bp';
  const level = (header: string, field: 'from' | 'to'): Column<Bucket> => ({
    header,
    id: field,
    field,
    format: (v) => text.level(v as number | null),
    align: 'right',
    className: 'bw-stat',
    headerTooltip: unit,
    hidden: !showLevels,
  });
  return [
    { header: 'Tenor', field: 'tenor', headerTooltip: 'Remaining-maturity bucket' },
    level(fromLabel, 'from'),
    level(toLabel, 'to'),
    {
      header: 'Change',
      field: 'change',
      format: (v) => text.change(v as number | null),
      align: 'right',
      className: 'bw-stat',
      tone: metric,
      headerTooltip: `Change, bp (green: ${metric === 'yield' ? 'lower' : 'tighter'})`,
    },
    { header: 'Bonds', field: 'bondCount', kind: 'count', className: 'bw-stat', headerTooltip: 'Bonds in the bucket' },
  ];
}

function IssuerPicker({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const found = useApiQuery<IssuerSearchResponse>(ISSUER_PATHS.issuers, { query: { q: q || undefined, limit: 30 } });
  const current = useApiQuery<IssuerDetailResponse>(value ? ISSUER_PATHS.issuer({ id: value }) : null);
  const data = useMemo(() => {
    const list = (found.data?.issuers ?? []).map((i) => ({ value: String(i.id), label: `${i.displayName} (${i.ticker})` }));
    if (current.data && !list.some((i) => i.value === String(current.data.id)))
      list.unshift({ value: String(current.data.id), label: `${current.data.displayName} (${current.data.ticker})` });
    return list;
  }, [found.data, current.data]);
  return (
    <Select
      size="xs"
      w={260}
      searchable
      aria-label="Issuer"
      placeholder="Search an issuer…"
      data-testid="tsc-issuer"
      value={value ? String(value) : null}
      data={data}
      filter={({ options }) => options}
      onSearchChange={setSearch}
      onChange={(v) => v && onChange(Number(v))}
      nothingFoundMessage="No issuers found"
    />
  );
}

export default function TermStructureChangePage() {
  const [params, setParams] = useSearchParams();
  const showLevels = useFeature('term_structure_change_non_delta_metrics');
  const showBonds = useFeature('term_structure_change_visual_bond');
  const metric: Metric = params.get('metric') === 'yield' ? 'yield' : 'spread';
  const issuerId = /^\d+$/.test(params.get('issuer') ?? '') ? Number(params.get('issuer')) : null;
  const sectors = useApiQuery<MarketSectorsResponse>(MARKET_PATHS.marketSectors, { meta: { errorToast: 'Loading sectors failed:' } });
  // Nothing chosen: the sector with the most bonds, so the page opens on a curve.
  const defaultSector = useMemo(
    () => [...(sectors.data?.sectors ?? [])].sort((a, b) => b.bondCount - a.bondCount)[0]?.code ?? null,
    [sectors.data],
  );
  const sector = issuerId ? null : (params.get('sector') ?? defaultSector);
  const from = isDay(params.get('from')) ? params.get('from')! : undefined;
  const to = isDay(params.get('to')) ? params.get('to')! : undefined;
  const set = (changes: Record<string, string | null>, replace = true) =>
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

  const tsc = useApiQuery<TermStructureChangeResponse>(issuerId || sector ? MARKET_PATHS.termStructureChange : null, {
    query: { metric, issuerId: issuerId ?? undefined, sector: issuerId ? undefined : (sector ?? undefined), from, to },
    meta: { errorToast: 'Loading the term structure failed:' },
    placeholderData: (prev) => prev,
  });
  const text = useMemo(() => tscText(metric), [metric]);
  const data = tsc.data;
  const fromLabel = data?.fromDate ? formatDay(data.fromDate) : 'from';
  const toLabel = data?.toDate ? formatDay(data.toDate) : 'to';
  const columns = useMemo(() => tscColumns(metric, showLevels, fromLabel, toLabel), [metric, showLevels, fromLabel, toLabel]);

  const levelSeries = useMemo<ChartSeries[]>(() => {
    if (!data) return [];
    const bucket = (pick: 'from' | 'to') =>
      data.buckets.filter((b) => b[pick] !== null).map((b) => ({ time: tenorMonths(b.tenor), value: b[pick]! }));
    const out: ChartSeries[] = [
      { name: fromLabel, color: '#868e96', style: 'dashed', points: bucket('from') },
      { name: toLabel, color: '#ff922b', points: bucket('to') },
    ];
    if (showBonds) {
      out.push({
        name: '',
        color: '#adb5bd99',
        style: 'points',
        points: monthPoints(
          data.bonds,
          (b) => b.tenor,
          (b) => b.from,
        ),
      });
      out.push({
        name: '',
        color: '#ffc078',
        style: 'points',
        points: monthPoints(
          data.bonds,
          (b) => b.tenor,
          (b) => b.to,
        ),
      });
    }
    return out;
  }, [data, showBonds, fromLabel, toLabel]);
  const changeSeries = useMemo<ChartSeries[]>(() => {
    if (!data) return [];
    const out: ChartSeries[] = [
      {
        name: 'Change (bp)',
        color: '#4dabf7',
        baseline: 0,
        points: data.buckets.filter((b) => b.change !== null).map((b) => ({ time: tenorMonths(b.tenor), value: text.changeBp(b.change!) })),
      },
    ];
    if (showBonds)
      out.push({
        name: '',
        color: '#74c0fc88',
        style: 'points',
        points: monthPoints(
          data.bonds,
          (b) => b.tenor,
          (b) => (b.change === null ? null : text.changeBp(b.change)),
        ),
      });
    return out;
  }, [data, showBonds, text]);
  const hasData = !!data && data.buckets.some((b) => b.from !== null || b.to !== null);
  // A new chart per scope and metric: switching sector ↔ issuer starts from a chart fitted to the
  // new curve's tenors and levels, never one zoomed or scaled for the previous curve.
  const chartKey = `${issuerId ?? sector}|${metric}`;
  const levelFormat = useMemo(() => (v: number) => text.level(v), [text]);

  return (
    <Stack gap={6} data-testid="tsc-page">
      <PageTitle />
      <Card withBorder padding="sm">
        <Group gap="xs" wrap="wrap" align="flex-end">
          <SegmentedControl
            size="xs"
            value={issuerId ? 'issuer' : 'sector'}
            data-testid="tsc-scope"
            onChange={(v) =>
              v === 'sector'
                ? set({ issuer: null, sector: sector ?? defaultSector }, false)
                : set({ sector: null, issuer: String(issuerId ?? '') }, false)
            }
            data={[
              { value: 'sector', label: 'Sector' },
              { value: 'issuer', label: 'Issuer' },
            ]}
          />
          {issuerId !== null || params.get('issuer') !== null ? (
            <IssuerPicker value={issuerId} onChange={(id) => set({ issuer: String(id), sector: null }, false)} />
          ) : (
            <Select
              size="xs"
              w={260}
              aria-label="Sector or industry"
              searchable
              allowDeselect={false}
              value={sector}
              data-testid="tsc-sector"
              onChange={(v) => v && set({ sector: v }, false)}
              data={(sectors.data?.sectors ?? []).map((s) => ({
                group: s.name,
                items: [{ value: s.code, label: `${s.name} (all)` }, ...s.industries.map((i) => ({ value: i.code, label: i.name }))],
              }))}
            />
          )}
          <SegmentedControl
            size="xs"
            value={metric}
            onChange={(v) => set({ metric: v })}
            data-testid="tsc-metric"
            data={[
              { value: 'spread', label: 'G-spread' },
              { value: 'yield', label: 'Yield' },
            ]}
          />
          <TextInput
            size="xs"
            type="date"
            label="From"
            value={from ?? data?.fromDate ?? ''}
            onChange={(e) => set({ from: e.currentTarget.value || null })}
            data-testid="tsc-from"
            w={150}
          />
          <TextInput
            size="xs"
            type="date"
            label="To"
            value={to ?? data?.toDate ?? ''}
            onChange={(e) => set({ to: e.currentTarget.value || null })}
            data-testid="tsc-to"
            w={150}
          />
          <Text size="xs" c="dimmed" data-testid="tsc-unit" data-weighting={data?.weighting}>
            Closes used: {fromLabel} → {toLabel}. Buckets by remaining maturity; levels {averagedBy(data?.weighting)}.
          </Text>
        </Group>
      </Card>
      {tsc.isPending && tsc.fetchStatus !== 'idle' && (
        <Center h={300}>
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {tsc.isError && !data && (
        <Alert color="red" data-testid="tsc-error">
          The term structure could not be loaded: {apiErrorText(tsc.error)}
        </Alert>
      )}
      {!issuerId && !sector && !sectors.isPending && (
        <Text size="sm" c="dimmed">
          Choose a sector or an issuer.
        </Text>
      )}
      {issuerId === null && params.get('issuer') !== null && (
        <Text size="sm" c="dimmed">
          Search and pick an issuer.
        </Text>
      )}
      {data && !hasData && (
        <Text size="sm" c="dimmed" data-testid="tsc-empty">
          No priced bonds on these dates.
        </Text>
      )}
      {hasData && (
        <Refreshing active={tsc.isPlaceholderData}>
          <Grid gap="sm">
            {showLevels && (
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <Card withBorder padding="sm">
                  <Text fw={600} size="sm" mb={4}>
                    {metric === 'yield' ? 'Yield (%)' : 'G-spread (bp)'} by tenor: {fromLabel} (dashed) and {toLabel}
                  </Text>
                  <TimeSeriesChart
                    key={chartKey}
                    series={levelSeries}
                    axis="months"
                    height={300}
                    formatValue={levelFormat}
                    testId="tsc-levels-chart"
                  />
                </Card>
              </Grid.Col>
            )}
            <Grid.Col span={{ base: 12, lg: showLevels ? 6 : 12 }}>
              <Card withBorder padding="sm">
                <Text fw={600} size="sm" mb={4}>
                  Change by tenor (bp){showBonds ? '; points: individual bonds' : ''}
                </Text>
                <TimeSeriesChart
                  key={chartKey}
                  series={changeSeries}
                  axis="months"
                  height={300}
                  formatValue={formatSpread as (v: number) => string}
                  testId="tsc-change-chart"
                />
              </Card>
            </Grid.Col>
            <Grid.Col span={12}>
              <Card withBorder padding="sm">
                <SimpleTable
                  rows={data.buckets}
                  columns={columns}
                  rowKey={(b) => b.tenor}
                  rowTestId="tsc-row"
                  fz="xs"
                  verticalSpacing={3}
                  striped
                  testId="tsc-table"
                />
                {showBonds && data.bonds.length > 0 && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {data.bonds.length} bonds plotted. Biggest mover:{' '}
                    {(() => {
                      const top = [...data.bonds]
                        .filter((b) => b.change !== null)
                        .sort((a, b) => Math.abs(b.change!) - Math.abs(a.change!))[0];
                      return top ? (
                        <Anchor component={Link} to={`/bw/bond/${top.bondId}/history?metric=${metric}`} size="xs">
                          {top.description} ({text.change(top.change)})
                        </Anchor>
                      ) : (
                        '—'
                      );
                    })()}
                  </Text>
                )}
              </Card>
            </Grid.Col>
          </Grid>
        </Refreshing>
      )}
    </Stack>
  );
}
