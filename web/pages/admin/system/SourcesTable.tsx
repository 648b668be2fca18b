/**
 * The public market-data sources (FINRA, the Treasury, EDGAR), one row per dataset: the last run,
 * the rows it loaded, its error and how far the data lags behind today.
 */
import { Badge, Text } from '@mantine/core';
import type { SourceStateView, SystemState } from '@common/api/system';
import { formatNumber } from '@common/format';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';

function SourceStatus({ source }: { source: SourceStateView }) {
  if (source.lastError) return <Badge color="red">failed</Badge>;
  if (source.runs === 0)
    return (
      <Badge color="gray" variant="outline">
        not run yet
      </Badge>
    );
  return <Badge color="teal">ok</Badge>;
}

function SourceNameCell({ row: s }: CellProps<SourceStateView>) {
  return (
    <>
      <Text size="sm" ff="monospace">
        {s.source} · {s.dataset}
      </Text>
      {s.lastError && (
        <Text size="xs" c="red" data-testid="source-error">
          {s.lastError}
        </Text>
      )}
    </>
  );
}

function SourceStatusCell({ row }: CellProps<SourceStateView>) {
  return <SourceStatus source={row} />;
}

function RowsCell({ text }: CellProps<SourceStateView>) {
  return <span data-testid="source-rows">{text}</span>;
}

function LagCell({ text }: CellProps<SourceStateView>) {
  return <span data-testid="source-lag">{text}</span>;
}

const COLUMNS: Column<SourceStateView>[] = [
  { header: 'Source', id: 'source', cell: SourceNameCell },
  { header: 'Status', id: 'status', cell: SourceStatusCell },
  { header: 'Last run', id: 'lastRun', value: (s) => s.lastFinishedAt ?? s.lastStartedAt, kind: 'date' },
  {
    header: 'Rows last / total',
    id: 'rows',
    value: (s) => `${formatNumber(s.lastRows, 0)} / ${formatNumber(s.totalRows, 0)}`,
    align: 'right',
    headerTooltip: 'Rows the last run loaded, and all runs together',
    cell: RowsCell,
  },
  { header: 'Data through', field: 'dataThrough', kind: 'day', headerTooltip: 'The latest market date loaded' },
  {
    header: 'Lag',
    id: 'lag',
    value: (s) => (s.lagDays === null ? '–' : `${formatNumber(s.lagDays, 0)} d`),
    align: 'right',
    headerTooltip: 'Calendar days from the latest market date loaded to today',
    cell: LagCell,
  },
];

export function SourcesTable({ sources, marketSource }: { sources: SourceStateView[]; marketSource: SystemState['marketSource'] }) {
  return (
    <div data-testid="sources">
      <Text size="sm" mb={4} data-testid="market-source">
        Market data:{' '}
        {marketSource === 'public' ? 'public US sources (MARKET_SOURCE=public)' : 'the built-in simulator (MARKET_SOURCE=simulator)'}
      </Text>
      <SimpleTable
        rows={sources}
        columns={COLUMNS}
        rowKey={(s) => `${s.source}/${s.dataset}`}
        rowTestId="source-row"
        rowData={(s) => ({ source: `${s.source}/${s.dataset}` })}
        fz="sm"
        verticalSpacing={4}
        testId="sources-table"
        empty={
          <Text size="xs" c="dimmed" data-testid="sources-none">
            No public source has run yet.
          </Text>
        }
      />
    </div>
  );
}
