/**
 * /bw/admin/trades-missing-bonds: trades whose identifier matched no bond at import, grouped by
 * identifier (most trades first). Pick one to see its trades, then map it to an existing bond or
 * create its bond from the reference template's fields; either way the trades attach and the
 * bond is repriced (docs/admin.md).
 */
import { Alert, Badge, Button, Card, Grid, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MISSING_BONDS_PATHS, type AttachResult, type MissingGroup, type MissingGroupsResponse } from '@common/api/tradesMissingBonds';
import { formatNumber } from '@common/format';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { useApiQuery } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';
import { IdentifierPanel } from './IdentifierPanel';

const PAGE = 50;

function IdentifierCell({ text }: CellProps<MissingGroup>) {
  return (
    <Text span inherit ff="monospace">
      {text}
    </Text>
  );
}

function SameIssuerCell({ row }: CellProps<MissingGroup>) {
  return row.sameIssuerBonds.length ? <Badge variant="light">{row.sameIssuerBonds.length} bond(s)</Badge> : '—';
}

const COLUMNS: Column<MissingGroup>[] = [
  { header: 'Identifier', field: 'identifier', cell: IdentifierCell },
  { header: 'Trades', field: 'trades', kind: 'count' },
  { header: 'Par', field: 'quantity', kind: 'size', headerTooltip: 'Par traded (true sizes), USD' },
  { header: 'Last trade', field: 'lastTradeAt', kind: 'date' },
  { header: 'Same issuer prefix', id: 'sameIssuer', cell: SameIssuerCell },
];

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
            <SimpleTable
              rows={page?.groups ?? []}
              columns={COLUMNS}
              rowKey={(g) => g.identifier}
              onRowClick={(g) => setSelected(g.identifier)}
              rowSelected={(g) => g.identifier === selected}
              rowTestId="missing-group"
              rowData={(g) => ({ identifier: g.identifier })}
              fz="sm"
              striped
              highlightOnHover
              testId="missing-bonds-table"
            />
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
