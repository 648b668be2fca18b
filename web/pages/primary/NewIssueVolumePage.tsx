/**
 * /bw/primary/new-issue-volume: par issued by week or month (GET /v2/primary/volume), split by
 * credit class, sector or rating, as a bar chart of the total and a table of the split with the
 * deal count; the year to date against the same span of last year; CSV of the table. Period,
 * split and span live in the URL (?period=month&by=sector&periods=12).
 */
import { Button, Card, Group, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { PRIMARY_PATHS, VOLUME_SPLITS, type VolumeResponse, type VolumeSplit } from '@common/api/primary';
import { csvDocument } from '@common/csv';
import { formatDay, formatNumber, formatPercent, formatSize } from '@common/format';
import { useApiQuery } from '../../api/queries';
import { useUrlChoices } from '../../routing/urlChoices';
import { DataTable, type CellProps, type Column } from '../../components/DataTable';
import { PageTitle } from '../../components/PageTitle';
import { TimeSeriesChart } from '../../components/TimeSeriesChart';
import { toneClass } from '../../components/tone';
import { saveText } from '../../components/download';
import { apiErrorText } from '../../api/errorText';

type Period = VolumeResponse['periods'][number];
type Row = Period & Record<string, unknown>;

const SPLIT_LABELS: Record<VolumeSplit, string> = { class: 'IG / HY', sector: 'Sector', rating: 'Rating' };
const SPANS = ['12', '26', '52'];

/** A period's start as its label: the month ("2026-11") or the week's first day. */
const periodLabel = (period: string) =>
  function PeriodStart({ row }: CellProps<Row>) {
    return period === 'month' ? row.start.slice(0, 7) : formatDay(row.start);
  };

/** The table's columns: period, total, bonds, deals, then one per key of the split. */
function columnsFor(data: VolumeResponse, period: string): Column<Row>[] {
  return [
    { field: 'start', header: period === 'month' ? 'Month' : 'Week of', width: 120, pinned: 'left', cell: periodLabel(period) },
    { field: 'volume', header: 'Total', width: 100, kind: 'size' },
    { field: 'deals', header: 'Deals priced', width: 100, kind: 'count', headerTooltip: 'Deals grouped by priced date (New York)' },
    { field: 'bonds', header: 'Bonds', width: 80, kind: 'count', headerTooltip: 'Bonds grouped by issue date' },
    ...data.keys.map((k): Column<Row> => ({ header: k.label, width: 115, kind: 'size', value: (r) => r.byKey[k.key] ?? 0 })),
  ];
}

/** The table as CSV (par in USD, as the API gives it). */
export function volumeCsv(data: VolumeResponse): string {
  return csvDocument(
    ['period start', 'total', 'deals', 'bonds', ...data.keys.map((k) => k.label)],
    data.periods.map((p) => [p.start, p.volume, p.deals, p.bonds, ...data.keys.map((k) => p.byKey[k.key] ?? 0)]),
  );
}

function YearToDate({ ytd }: { ytd: VolumeResponse['yearToDate'] }) {
  const change = ytd.priorVolume > 0 ? ytd.volume / ytd.priorVolume - 1 : null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="year-to-date">
      <Card withBorder padding="sm">
        <Text size="xs" c="dimmed">
          {ytd.year} year to date
        </Text>
        <Text fw={700} className="bw-stat">
          {formatSize(ytd.volume)}
        </Text>
      </Card>
      <Card withBorder padding="sm">
        <Text size="xs" c="dimmed">
          Same span of {ytd.year - 1}
        </Text>
        <Text fw={700} className="bw-stat">
          {formatSize(ytd.priorVolume)}
        </Text>
        <Text size="xs" className={toneClass('volume', change)}>
          {change === null ? '—' : formatPercent(change * 100)} vs last year
        </Text>
      </Card>
      <Card withBorder padding="sm">
        <Text size="xs" c="dimmed">
          Deals priced / bonds issued
        </Text>
        <Text fw={700} className="bw-stat">
          {formatNumber(ytd.deals, 0)} / {formatNumber(ytd.bonds, 0)}
        </Text>
        <Text size="xs" c="dimmed">
          {formatNumber(ytd.priorDeals, 0)} / {formatNumber(ytd.priorBonds, 0)} in {ytd.year - 1}
        </Text>
      </Card>
    </SimpleGrid>
  );
}

export default function NewIssueVolumePage() {
  const { params, setChoices } = useUrlChoices();
  const period = params.get('period') === 'month' ? 'month' : 'week';
  const by = (VOLUME_SPLITS as readonly string[]).includes(params.get('by') ?? '') ? (params.get('by') as VolumeSplit) : 'class';
  const periods = SPANS.includes(params.get('periods') ?? '') ? params.get('periods')! : '12';
  const volume = useApiQuery<VolumeResponse>(PRIMARY_PATHS.volume, { query: { period, by, periods } });
  const set = (key: string, value: string) => setChoices({ [key]: value });
  const data = volume.data;
  const rows = useMemo(() => (data ? ([...data.periods].reverse() as Row[]) : undefined), [data]);
  return (
    <Stack gap="sm" data-testid="new-issue-volume-page">
      <PageTitle />
      <Group gap="sm" align="flex-end">
        <SegmentedControl
          data={[
            { value: 'week', label: 'Weekly' },
            { value: 'month', label: 'Monthly' },
          ]}
          value={period}
          onChange={(v) => set('period', v)}
          data-testid="volume-period"
        />
        <SegmentedControl
          data={VOLUME_SPLITS.map((s) => ({ value: s, label: SPLIT_LABELS[s] }))}
          value={by}
          onChange={(v) => set('by', v)}
          data-testid="volume-split"
        />
        <Select label="Periods" w={110} data={SPANS} value={periods} onChange={(v) => v && set('periods', v)} allowDeselect={false} />
        <Button
          variant="default"
          disabled={!data}
          onClick={() => data && saveText(volumeCsv(data), `new-issue-volume-${period}-${by}.csv`, 'text/csv')}
          data-testid="volume-csv"
        >
          CSV
        </Button>
      </Group>
      {volume.error && <Text c="red">{apiErrorText(volume.error)}</Text>}
      {data && <YearToDate ytd={data.yearToDate} />}
      {data && (
        <Card withBorder>
          <Text fw={600}>Par issued per {period} (USD)</Text>
          <TimeSeriesChart
            series={[{ name: 'Issued', type: 'histogram', points: data.periods.map((p) => ({ time: p.start, value: p.volume })) }]}
            height={240}
            formatValue={(v) => formatSize(v)}
            testId="volume-chart"
          />
        </Card>
      )}
      {data && (
        <Text size="xs" c="dimmed">
          Volume and bonds by issue date; deals by priced date (New York; a weekend or holiday pricing counts on the next business day), as
          on the new-issues page.
        </Text>
      )}
      {data && (
        <DataTable
          rows={rows}
          columns={columnsFor(data, period)}
          rowId={(r) => r.start}
          loading={volume.isLoading}
          height={420}
          testId="volume-grid"
        />
      )}
    </Stack>
  );
}
