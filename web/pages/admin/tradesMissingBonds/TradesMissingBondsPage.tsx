/**
 * /bw/admin/trades-missing-bonds: trades whose identifier matched no bond at import, grouped by
 * identifier (most trades first). Pick one to see its trades, then map it to an existing bond or
 * create its bond from the reference template's fields; either way the trades attach and the
 * bond is repriced (docs/admin.md).
 */
import { Alert, Badge, Button, Card, Grid, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MISSING_BONDS_PATHS, type AttachResult, type MissingGroupsResponse } from '@common/api/tradesMissingBonds';
import { formatDate, formatNumber, formatSize } from '@common/format';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { useApiQuery } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';
import { IdentifierPanel } from './IdentifierPanel';

const PAGE = 50;

export default function TradesMissingBondsPage() {
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const groups = useApiQuery<MissingGroupsResponse>(MISSING_BONDS_PATHS.groups, {
    query: { q: q.trim() || undefined, offset, limit: PAGE },
    placeholderData: (prev) => prev,
  });
  const page = groups.data;
  const group = page?.groups.find((g) => g.identifier === selected) ?? null;
  const attached = async (identifier: string, result: AttachResult) => {
    setDone(
      `${formatNumber(result.tradesAttached, 0)} trade(s) of ${identifier} attached to bond ${result.bondId}` +
        (result.repriceError ? `; not repriced: ${result.repriceError}` : '; the bond is repriced'),
    );
    setSelected(null);
    await client.invalidateQueries({ queryKey: ['api', MISSING_BONDS_PATHS.groups] });
  };
  return (
    <Stack gap="sm" data-testid="missing-bonds-page">
      <PageTitle />
      <Text size="sm" c="dimmed">
        Trades an import kept apart because no bond has their identifier. Map an identifier to the bond it is, or create the bond from its
        terms; its trades then count in the bond&apos;s prices and volumes.
      </Text>
      {groups.isError && <Alert color="red">{apiErrorText(groups.error)}</Alert>}
      {done && (
        <Alert color="teal" withCloseButton onClose={() => setDone(null)} data-testid="missing-bonds-done">
          {done}
        </Alert>
      )}
      <Group>
        <TextInput
          size="xs"
          w={220}
          placeholder="Identifier starts with…"
          aria-label="Identifier starts with"
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setOffset(0);
          }}
        />
        {page && (
          <Text size="sm" data-testid="missing-bonds-total">
            {formatNumber(page.total, 0)} identifier(s), {formatNumber(page.totalTrades, 0)} trade(s)
          </Text>
        )}
      </Group>
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, lg: group ? 6 : 12 }}>
          <Card withBorder padding="xs">
            <Table fz="sm" striped highlightOnHover data-testid="missing-bonds-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Identifier</Table.Th>
                  <Table.Th ta="right">Trades</Table.Th>
                  <Table.Th ta="right" title="Par traded (true sizes), USD">
                    Par
                  </Table.Th>
                  <Table.Th>Last trade</Table.Th>
                  <Table.Th>Same issuer prefix</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {page?.groups.map((g) => (
                  <Table.Tr
                    key={g.identifier}
                    onClick={() => setSelected(g.identifier)}
                    onKeyDown={(e) => e.key === 'Enter' && setSelected(g.identifier)}
                    tabIndex={0}
                    style={{ cursor: 'pointer' }}
                    data-testid="missing-group"
                    data-identifier={g.identifier}
                    aria-selected={g.identifier === selected}
                  >
                    <Table.Td ff="monospace">{g.identifier}</Table.Td>
                    <Table.Td ta="right">{formatNumber(g.trades, 0)}</Table.Td>
                    <Table.Td ta="right">{formatSize(g.quantity)}</Table.Td>
                    <Table.Td>{formatDate(g.lastTradeAt)}</Table.Td>
                    <Table.Td>
                      {g.sameIssuerBonds.length ? <Badge variant="light">{g.sameIssuerBonds.length} bond(s)</Badge> : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {page && page.total === 0 && (
              <Text size="sm" c="dimmed" p="sm" data-testid="missing-bonds-empty">
                No trades are waiting for a bond.
              </Text>
            )}
            {page && page.total > PAGE && (
              <Group justify="flex-end" mt="xs">
                <Button size="compact-xs" variant="default" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
                  Previous
                </Button>
                <Button size="compact-xs" variant="default" disabled={offset + PAGE >= page.total} onClick={() => setOffset(offset + PAGE)}>
                  Next
                </Button>
              </Group>
            )}
          </Card>
        </Grid.Col>
        {group && (
          <Grid.Col span={{ base: 12, lg: 6 }}>
            <IdentifierPanel
              key={group.identifier}
              group={group}
              onMap={async (bondId) =>
                attached(
                  group.identifier,
                  await api.post<AttachResult>(MISSING_BONDS_PATHS.map({ identifier: group.identifier }), { bondId }),
                )
              }
              onCreate={async (fields) => attached(group.identifier, await api.post<AttachResult>(MISSING_BONDS_PATHS.createBond, fields))}
            />
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}
