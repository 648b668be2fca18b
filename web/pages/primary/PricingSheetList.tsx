/**
 * /bw/primary/pricing-sheet: the caller's pricing sheets, most recently changed first — open,
 * duplicate, delete (confirmed), download as xlsx, or start a new one. The server decides what
 * the caller may do (owner-only; the workbook has its own feature).
 */
import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PricingSheetList as SheetList } from '@common/api/pricingSheets';
import { formatDate } from '@common/format';
import { apiErrorText } from '../../api/errorText';
import { useFeature } from '../../features/useFeature';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { ShareButton } from '../../components/share/ShareButton';
import { PageTitle } from '../../components/PageTitle';
import { saveBlob } from '../../components/download';
import { pricingSheetsApi, pricingSheetsKey } from './pricingSheetsApi';
import { NEW_WORKSHEET, worksheetContent } from './worksheet';

type Row = SheetList['sheets'][number];

export function PricingSheetList() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const sheets = useQuery({ queryKey: pricingSheetsKey, queryFn: pricingSheetsApi.list });
  const canExport = useFeature('new-issue-calculator-download-xlsx');
  const [deleting, setDeleting] = useState<Row | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: pricingSheetsKey });
  const meta = { errorToast: true } as const;

  const create = useMutation({
    mutationFn: () => pricingSheetsApi.create({ name: 'New pricing sheet', content: worksheetContent(NEW_WORKSHEET) }),
    onSuccess: (s) => void navigate(`/bw/primary/pricing-sheet/${s.id}`),
    meta,
  });
  const duplicate = useMutation({
    mutationFn: (id: number) => pricingSheetsApi.duplicate(id),
    onSuccess: (s) => {
      void refresh();
      notifications.show({ message: `Created “${s.name}”` });
    },
    meta,
  });
  const remove = useMutation({
    mutationFn: (id: number) => pricingSheetsApi.remove(id),
    onSuccess: () => {
      setDeleting(null);
      void refresh();
    },
    meta,
  });
  const download = useMutation({
    mutationFn: async (row: Row) => saveBlob(await pricingSheetsApi.xlsx(row.id), `${row.name.replace(/[^\w.-]+/g, '_')}.xlsx`),
    meta,
  });

  return (
    <Stack gap="sm" maw={1100} data-testid="pricing-sheets-page">
      <PageTitle title="Pricing sheets" />
      <Group>
        <Button size="xs" onClick={() => create.mutate()} loading={create.isPending} data-testid="pricing-sheet-new">
          New pricing sheet
        </Button>
        <Text size="sm" c="dimmed">
          Or price in the{' '}
          <Anchor component={Link} to="/bw/primary/pricing">
            calculator
          </Anchor>{' '}
          and save it as a sheet.
        </Text>
      </Group>
      {sheets.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {sheets.isError && <Alert color="red">{apiErrorText(sheets.error)}</Alert>}
      {sheets.data && sheets.data.sheets.length === 0 && (
        <Card withBorder padding="md">
          <Text size="sm">No pricing sheets yet.</Text>
        </Card>
      )}
      {sheets.data && sheets.data.sheets.length > 0 && (
        <Table striped highlightOnHover data-testid="pricing-sheet-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th ta="right">Tranches</Table.Th>
              <Table.Th ta="right">Version</Table.Th>
              <Table.Th>Changed</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sheets.data.sheets.map((s) => (
              <Table.Tr key={s.id} data-testid={`pricing-sheet-row-${s.id}`}>
                <Table.Td>
                  <Anchor component={Link} to={`/bw/primary/pricing-sheet/${s.id}`} size="sm">
                    {s.name}
                  </Anchor>
                  {s.shared && (
                    <Text size="xs" c="dimmed">
                      Shared by {s.shared.owner.name ?? s.shared.owner.email} · {s.shared.permission === 'edit' ? 'can edit' : 'view only'}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{s.tranches}</Table.Td>
                <Table.Td ta="right">{s.version}</Table.Td>
                <Table.Td>{formatDate(s.updatedAt)}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <Button size="compact-xs" variant="subtle" onClick={() => duplicate.mutate(s.id)}>
                      Duplicate
                    </Button>
                    {canExport && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => download.mutate(s)}
                        loading={download.isPending && download.variables?.id === s.id}
                      >
                        xlsx
                      </Button>
                    )}
                    {!s.shared && <ShareButton kind="pricing_sheet" itemId={String(s.id)} itemName={s.name} />}
                    {!s.shared && (
                      <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(s)}>
                        Delete
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <ConfirmDelete
        name={deleting?.name ?? null}
        title="Delete pricing sheet"
        alsoDeleted="and its earlier versions"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Stack>
  );
}
