/**
 * /bw/primary/pricing-sheet: the caller's pricing sheets, most recently changed first — open,
 * duplicate, delete (confirmed), download as xlsx, or start a new one. The server decides what
 * the caller may do (owner-only; the workbook has its own feature).
 */
import { Alert, Anchor, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PricingSheetList as SheetList } from '@common/api/pricingSheets';
import { apiErrorText } from '../../api/errorText';
import { useFeature } from '../../features/useFeature';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { ShareButton } from '../../components/share/ShareButton';
import { PageTitle } from '../../components/PageTitle';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';
import { saveBlob } from '../../components/download';
import { pricingSheetsApi, pricingSheetsKey } from './pricingSheetsApi';
import { NEW_WORKSHEET, worksheetContent } from './worksheet';

type Row = SheetList['sheets'][number];

/** A sheet as its row shows it, with what the row's buttons do. */
interface SheetRow {
  sheet: Row;
  canExport: boolean;
  downloading: boolean;
  duplicate: () => void;
  download: () => void;
  remove: () => void;
}

function NameCell({ row: { sheet: s } }: CellProps<SheetRow>) {
  return (
    <>
      <Anchor component={Link} to={`/bw/primary/pricing-sheet/${s.id}`} size="sm">
        {s.name}
      </Anchor>
      {s.shared && (
        <Text size="xs" c="dimmed">
          Shared by {s.shared.owner.name ?? s.shared.owner.email} · {s.shared.permission === 'edit' ? 'can edit' : 'view only'}
        </Text>
      )}
    </>
  );
}

function ActionsCell({ row }: CellProps<SheetRow>) {
  const s = row.sheet;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button size="compact-xs" variant="subtle" onClick={row.duplicate}>
        Duplicate
      </Button>
      {row.canExport && (
        <Button size="compact-xs" variant="subtle" onClick={row.download} loading={row.downloading}>
          xlsx
        </Button>
      )}
      {!s.shared && <ShareButton kind="pricing_sheet" itemId={String(s.id)} itemName={s.name} />}
      {!s.shared && (
        <Button size="compact-xs" variant="subtle" color="red" onClick={row.remove}>
          Delete
        </Button>
      )}
    </Group>
  );
}

const COLUMNS: Column<SheetRow>[] = [
  { header: 'Name', id: 'name', cell: NameCell },
  { header: 'Tranches', id: 'tranches', value: (r) => r.sheet.tranches, kind: 'count' },
  { header: 'Version', id: 'version', value: (r) => r.sheet.version, kind: 'count' },
  { header: 'Changed', id: 'changed', value: (r) => r.sheet.updatedAt, kind: 'date' },
  { header: '', id: 'actions', cell: ActionsCell, control: true },
];

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
        <SimpleTable
          rows={sheets.data.sheets.map((sheet) => ({
            sheet,
            canExport,
            downloading: download.isPending && download.variables?.id === sheet.id,
            duplicate: () => duplicate.mutate(sheet.id),
            download: () => download.mutate(sheet),
            remove: () => setDeleting(sheet),
          }))}
          columns={COLUMNS}
          rowKey={(r) => String(r.sheet.id)}
          rowTestId={(r) => `pricing-sheet-row-${r.sheet.id}`}
          striped
          highlightOnHover
          testId="pricing-sheet-list"
        />
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
