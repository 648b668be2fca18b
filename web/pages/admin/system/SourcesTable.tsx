/**
 * The public market-data sources (FINRA, the Treasury, EDGAR), one row per dataset: the last run,
 * the rows it loaded, its error and how far the data lags behind today.
 */
import { Badge, Table, Text } from '@mantine/core';
import type { SourceStateView, SystemState } from '@common/api/system';
import { formatDate, formatDay, formatNumber } from '@common/format';

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

export function SourcesTable({ sources, marketSource }: { sources: SourceStateView[]; marketSource: SystemState['marketSource'] }) {
  return (
    <div data-testid="sources">
      <Text size="sm" mb={4} data-testid="market-source">
        Market data:{' '}
        {marketSource === 'public' ? 'public US sources (MARKET_SOURCE=public)' : 'the built-in simulator (MARKET_SOURCE=simulator)'}
      </Text>
      {sources.length === 0 ? (
        <Text size="xs" c="dimmed" data-testid="sources-none">
          No public source has run yet.
        </Text>
      ) : (
        <Table fz="sm" verticalSpacing={4} data-testid="sources-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Source</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Last run</Table.Th>
              <Table.Th ta="right" title="Rows the last run loaded, and all runs together">
                Rows last / total
              </Table.Th>
              <Table.Th title="The latest market date loaded">Data through</Table.Th>
              <Table.Th ta="right" title="Calendar days from the latest market date loaded to today">
                Lag
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sources.map((s) => (
              <Table.Tr key={`${s.source}/${s.dataset}`} data-testid="source-row" data-source={`${s.source}/${s.dataset}`}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {s.source} · {s.dataset}
                  </Text>
                  {s.lastError && (
                    <Text size="xs" c="red" data-testid="source-error">
                      {s.lastError}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <SourceStatus source={s} />
                </Table.Td>
                <Table.Td>{formatDate(s.lastFinishedAt ?? s.lastStartedAt)}</Table.Td>
                <Table.Td ta="right" data-testid="source-rows">
                  {formatNumber(s.lastRows, 0)} / {formatNumber(s.totalRows, 0)}
                </Table.Td>
                <Table.Td>{formatDay(s.dataThrough)}</Table.Td>
                <Table.Td ta="right" data-testid="source-lag">
                  {s.lagDays === null ? '–' : `${formatNumber(s.lagDays, 0)} d`}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
