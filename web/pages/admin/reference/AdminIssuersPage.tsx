/**
 * /bw/admin/issuers: every issuer, found by part of a name or ticker and by sector on the server,
 * 50 a page; a row opens the issuer's admin page (edit, merge, bonds and curve). docs/admin.md.
 */
import { Alert, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ADMIN_ISSUER_PATHS, type AdminIssuersResponse } from '@common/api/adminIssuers';
import { ADMIN_SECTOR_PATHS, type AdminSectorsResponse } from '@common/api/adminSectors';
import { formatNumber } from '@common/format';
import { apiErrorText } from '../../../api/errorText';
import { useApiQuery } from '../../../api/queries';
import { PageTitle } from '../../../components/PageTitle';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';
import { sectorOptions } from './sectorOptions';

const PAGE = 50;

type IssuerRow = AdminIssuersResponse['issuers'][number];

function TickerCell({ text }: CellProps<IssuerRow>) {
  return (
    <Text span inherit ff="monospace">
      {text}
    </Text>
  );
}

function DisplayNameCell({ row: i }: CellProps<IssuerRow>) {
  return (
    <>
      {i.displayNameOverride ?? i.displayName}
      {i.displayNameOverride && (
        <Text span size="xs" c="dimmed" title={`Reference display name: ${i.displayName}`}>
          {' '}
          (override)
        </Text>
      )}
    </>
  );
}

const COLUMNS: Column<IssuerRow>[] = [
  { header: 'Ticker', field: 'ticker', cell: TickerCell },
  { header: 'Display name', id: 'displayName', cell: DisplayNameCell },
  { header: 'Name', field: 'name' },
  { header: 'Industry', field: 'industry.name' },
  { header: 'Country', field: 'countryOfRisk' },
  { header: 'Parent', field: 'parent.ticker', missing: '—' },
  { header: 'Bonds', field: 'bondCount', kind: 'count' },
];

export default function AdminIssuersPage() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 250);
  const [sectorId, setSectorId] = useState<string | null>(null);
  const [offset, setOffset] = useState(0);
  const sectors = useApiQuery<AdminSectorsResponse>(ADMIN_SECTOR_PATHS.list);
  const list = useApiQuery<AdminIssuersResponse>(ADMIN_ISSUER_PATHS.list, {
    query: { q: q || undefined, sectorId: sectorId ?? undefined, offset, limit: PAGE },
    placeholderData: (prev) => prev,
  });
  const page = list.data;
  const open = (id: number) => void navigate(`/bw/admin/issuer/${id}`);
  return (
    <Stack gap="sm" data-testid="admin-issuers-page">
      <PageTitle />
      <Group>
        <TextInput
          size="xs"
          w={260}
          placeholder="Name, display name or ticker"
          aria-label="Search issuers"
          data-testid="issuer-search"
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setOffset(0);
          }}
        />
        <Select
          size="xs"
          w={260}
          clearable
          searchable
          placeholder="Any sector"
          aria-label="Sector"
          data={sectorOptions(sectors.data?.sectors ?? [], true)}
          value={sectorId}
          onChange={(v) => {
            setSectorId(v);
            setOffset(0);
          }}
        />
        {page && (
          <Text size="sm" data-testid="issuer-total">
            {formatNumber(page.total, 0)} issuer(s)
          </Text>
        )}
      </Group>
      {list.isError && <Alert color="red">{apiErrorText(list.error)}</Alert>}
      <Card withBorder padding="xs">
        <SimpleTable
          rows={page?.issuers ?? []}
          columns={COLUMNS}
          rowKey={(i) => String(i.id)}
          onRowClick={(i) => open(i.id)}
          rowTestId="issuer-row"
          rowData={(i) => ({ ticker: i.ticker })}
          fz="sm"
          striped
          highlightOnHover
          testId="issuer-table"
        />
        {page && page.total === 0 && (
          <Text size="sm" c="dimmed" p="sm">
            No issuer matches.
          </Text>
        )}
        {page && page.total > PAGE && (
          <Group justify="flex-end" mt="xs">
            <Button size="compact-xs" variant="default" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
              Previous
            </Button>
            <Text size="xs">
              {offset + 1}–{Math.min(offset + PAGE, page.total)} of {formatNumber(page.total, 0)}
            </Text>
            <Button size="compact-xs" variant="default" disabled={offset + PAGE >= page.total} onClick={() => setOffset(offset + PAGE)}>
              Next
            </Button>
          </Group>
        )}
      </Card>
    </Stack>
  );
}
