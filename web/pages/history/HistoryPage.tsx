/**
 * /bw/history: pick any bond (search by CUSIP, ticker or description over GET /v2/bond?q=, or
 * by issuer over GET /v2/issuer?q=) and see its history; pick several to compare them on one
 * chart, absolute or normalised (price rebased to 100, yields and spreads as bp changes).
 * Everything is in the URL: ?bonds=12,40&metric=yield&range=6m&mode=normalised.
 */
import { Alert, Anchor, Badge, Button, Card, CloseButton, Group, Loader, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { BOND_PATHS, type BondDetailResponse, type BondListResponse, type PriceHistoryResponse } from '@common/api/bond';
import { ISSUER_PATHS, type IssuerSearchResponse } from '@common/api/issuer';
import { MARKET_PATHS, type MarketSummaryResponse } from '@common/api/market';
import { api } from '../../api/client';
import { apiKey, useApiQuery } from '../../api/queries';
import { PageTitle } from '../../components/PageTitle';
import { TimeSeriesChart, type ChartSeries } from '../../components/TimeSeriesChart';
import { RANGE_OPTIONS, rangeStart, type RangeId } from '../../components/market/seriesStats';
import { useHistoryParams } from './BondHistoryPage';
import { BondHistoryView } from './BondHistoryView';
import { compareFormat, compareValues, HISTORY_METRICS, metricValue, type CompareMode, type HistoryMetric } from './historyView';

const MAX_BONDS = 6;
const COLORS = ['#ff922b', '#4dabf7', '#51cf66', '#f06595', '#fcc419', '#9775fa'];

/** Search box: bonds matching the text, plus the bonds of issuers matching it. */
function BondSearch({ onPick, disabled }: { onPick: (id: number) => void; disabled: boolean }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const bonds = useApiQuery<BondListResponse>(q.length >= 2 ? BOND_PATHS.bonds : null, {
    query: { q, limit: 20, columns: ['description', 'bondIdentifier', 'ratingSP', 'issuer'] },
  });
  const issuers = useApiQuery<IssuerSearchResponse>(q.length >= 2 ? ISSUER_PATHS.issuers : null, { query: { q, limit: 3 } });
  const firstIssuer = issuers.data?.issuers[0];
  const issuerBonds = useApiQuery<BondListResponse>(firstIssuer ? BOND_PATHS.bonds : null, {
    query: {
      issuerId: String(firstIssuer?.id ?? ''),
      limit: 20,
      sort: 'maturityDate',
      sortDesc: 'false',
      columns: ['description', 'bondIdentifier', 'ratingSP', 'issuer'],
    },
  });
  const data = useMemo(() => {
    const seen = new Set<number>();
    const groups: Array<{ group: string; items: Array<{ value: string; label: string }> }> = [];
    const add = (group: string, rows: BondListResponse['rows'] | undefined) => {
      const items = (rows ?? [])
        .filter((r) => !seen.has(r.id) && seen.add(r.id))
        .map((r) => ({
          value: String(r.id),
          label: `${r.description} · ${r.bondIdentifier}${r.ratingSP ? ` · ${r.ratingSP}` : ''}`,
        }));
      if (items.length) groups.push({ group, items });
    };
    add('Bonds', bonds.data?.rows);
    if (firstIssuer) add(`Issuer: ${firstIssuer.displayName}`, issuerBonds.data?.rows);
    return groups;
  }, [bonds.data, issuerBonds.data, firstIssuer]);
  const loading = bonds.isFetching || issuers.isFetching;
  return (
    <Select
      w={440}
      size="xs"
      searchable
      clearable={false}
      disabled={disabled}
      value={null}
      data-testid="history-search"
      placeholder={disabled ? `At most ${MAX_BONDS} bonds` : 'Add a bond: CUSIP, ticker, issuer or description…'}
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      filter={({ options }) => options}
      nothingFoundMessage={q.length < 2 ? 'Type at least 2 characters' : loading ? 'Searching…' : 'No bonds found'}
      rightSection={loading ? <Loader size={12} /> : undefined}
      onChange={(v) => {
        if (v) {
          onPick(Number(v));
          setSearch('');
        }
      }}
    />
  );
}

function CompareChart({
  ids,
  details,
  metric,
  range,
  mode,
}: {
  ids: number[];
  details: Map<number, BondDetailResponse>;
  metric: HistoryMetric;
  range: RangeId;
  mode: CompareMode;
}) {
  const from = rangeStart(range);
  const histories = useQueries({
    queries: ids.map((id) => ({
      queryKey: apiKey(BOND_PATHS.bondPriceHistory({ id }), { from }),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<PriceHistoryResponse>(BOND_PATHS.bondPriceHistory({ id }), { query: { from }, signal }),
      meta: { errorToast: 'Loading a price history failed:' },
    })),
  });
  const pending = histories.some((h) => h.isPending);
  const failed = histories.filter((h) => h.isError).length;
  const dataKey = histories.map((h) => h.dataUpdatedAt).join(',');
  const series = useMemo<ChartSeries[]>(
    () =>
      ids.flatMap((id, i) => {
        const h = histories[i]?.data;
        if (!h) return [];
        const values = compareValues(
          metric,
          h.points.map((p) => metricValue(metric, p)),
          mode,
        );
        return [
          {
            name: details.get(id)?.description ?? `#${id}`,
            color: COLORS[i % COLORS.length],
            points: h.points.flatMap((p, k) => (values[k] === null ? [] : [{ time: p.date, value: values[k]! }])),
          },
        ];
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by value: dataKey and the ids' text
    [dataKey, ids.join(','), metric, mode, details],
  );
  const unit = HISTORY_METRICS.find((m) => m.value === metric)!.unit;
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed" mb={4}>
        {mode === 'absolute'
          ? unit
          : metric === 'price'
            ? 'price rebased to 100 at the first close'
            : metric === 'confidence'
              ? 'confidence change since the first close'
              : `${metric} change since the first close, bp`}
      </Text>
      {pending && <Loader size="sm" type="dots" />}
      {failed > 0 && (
        <Alert color="red" p="xs">
          {failed} price histor{failed === 1 ? 'y' : 'ies'} could not be loaded.
        </Alert>
      )}
      {!pending && series.every((s) => s.points.length === 0) && (
        <Text size="sm" c="dimmed">
          No history in this range.
        </Text>
      )}
      {series.some((s) => s.points.length > 0) && (
        <TimeSeriesChart series={series} height={440} formatValue={compareFormat(metric, mode)} testId="compare-chart" />
      )}
    </Card>
  );
}

/** Nothing chosen yet: say what the page does and offer today's most active bonds. */
function QuickPicks({ onPick }: { onPick: (id: number) => void }) {
  const summary = useApiQuery<MarketSummaryResponse>(MARKET_PATHS.marketSummary, { query: { metric: 'spread' } });
  const bonds = summary.data?.mostActive.slice(0, 8) ?? [];
  return (
    <Stack gap={4} data-testid="history-none">
      <Text size="sm" c="dimmed">
        Search for a bond to see its price, yield, spread and confidence history with its trades; add up to {MAX_BONDS} to compare them.
      </Text>
      {bonds.length > 0 && (
        <Group gap={6}>
          <Text size="xs" c="dimmed">
            Most active today:
          </Text>
          {bonds.map((b) => (
            <Button key={b.id} size="compact-xs" variant="default" onClick={() => onPick(b.id)} data-testid="history-quick-pick">
              {b.description}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}

export default function HistoryPage() {
  const { params, setParams, metric, range, setMetric, setRange } = useHistoryParams();
  const ids = useMemo(
    () =>
      [
        ...new Set(
          (params.get('bonds') ?? '')
            .split(',')
            .filter((s) => /^\d+$/.test(s))
            .map(Number),
        ),
      ].slice(0, MAX_BONDS),
    [params],
  );
  const mode: CompareMode = params.get('mode') === 'normalised' ? 'normalised' : 'absolute';
  const setIds = (next: number[]) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (next.length) n.set('bonds', next.join(','));
      else n.delete('bonds');
      return n;
    });
  const detailQueries = useQueries({
    queries: ids.map((id) => ({
      queryKey: apiKey(BOND_PATHS.bond({ id })),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<BondDetailResponse>(BOND_PATHS.bond({ id }), { signal }),
      meta: { errorToast: 'Loading a bond failed:' },
    })),
  });
  const detailKey = detailQueries.map((q) => q.dataUpdatedAt).join(',');
  const details = useMemo(() => {
    const map = new Map<number, BondDetailResponse>();
    detailQueries.forEach((q) => q.data && map.set(q.data.id, q.data));
    return map;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detailKey]);
  const single = ids.length === 1 ? details.get(ids[0]!) : undefined;

  return (
    <Stack gap={6} data-testid="history-page">
      <PageTitle />
      <Card withBorder padding="sm">
        <Group gap="xs" align="center">
          <BondSearch disabled={ids.length >= MAX_BONDS} onPick={(id) => !ids.includes(id) && setIds([...ids, id])} />
          {ids.map((id, i) => {
            const d = details.get(id);
            return (
              <Badge
                key={id}
                size="lg"
                variant="light"
                tt="none"
                color="gray"
                data-testid="history-bond"
                leftSection={
                  <span style={{ width: 8, height: 8, borderRadius: 4, background: COLORS[i % COLORS.length], display: 'inline-block' }} />
                }
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={`Remove ${d?.description ?? id}`}
                    onClick={() => setIds(ids.filter((x) => x !== id))}
                  />
                }
              >
                <Anchor component={Link} to={`/bw/bond/${id}/history`} size="xs" c="inherit">
                  {d?.description ?? `#${id}`}
                </Anchor>
              </Badge>
            );
          })}
        </Group>
      </Card>
      {ids.length === 0 && <QuickPicks onPick={(id) => setIds([id])} />}
      {detailQueries.some((q) => q.isError) && <Alert color="red">Some bonds could not be loaded.</Alert>}
      {ids.length === 1 && !single && detailQueries[0]?.isPending && <Loader size="sm" type="dots" />}
      {single && (
        <BondHistoryView
          bond={{ id: single.id, description: single.description, ratingSp: single.ratings.sp, ratingMoody: single.ratings.moody }}
          metric={metric}
          range={range}
          onMetric={setMetric}
          onRange={setRange}
        />
      )}
      {ids.length > 1 && (
        <>
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              value={metric}
              onChange={(v) => setMetric(v as HistoryMetric)}
              data={HISTORY_METRICS.map(({ value, label }) => ({ value, label }))}
              data-testid="history-metric"
            />
            <SegmentedControl
              size="xs"
              value={range}
              onChange={(v) => setRange(v as RangeId)}
              data={RANGE_OPTIONS.map(({ value, label }) => ({ value, label }))}
            />
            <SegmentedControl
              size="xs"
              value={mode}
              data-testid="compare-mode"
              onChange={(v) =>
                setParams(
                  (p) => {
                    const n = new URLSearchParams(p);
                    n.set('mode', v);
                    return n;
                  },
                  { replace: true },
                )
              }
              data={[
                { value: 'absolute', label: 'Absolute' },
                { value: 'normalised', label: 'Normalised' },
              ]}
            />
          </Group>
          <CompareChart ids={ids} details={details} metric={metric} range={range} mode={mode} />
        </>
      )}
    </Stack>
  );
}
