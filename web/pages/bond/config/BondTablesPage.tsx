/**
 * /bw/bond/config: the user's custom bond tables — named views with their own columns, sorts and
 * filters, saved on the server under a uuid. Create (starting from the current bond-table view),
 * rename, duplicate, delete, and open (/bw/bond/config/{uuid}).
 */
import { Alert, Button, Card, Center, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BOND_TABLE_NAME_MAX_LENGTH, bondTableNameSchema, type BondTable } from '@common/api/bondTables';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { PageTitle } from '../../../components/PageTitle';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';
import { usePreferences } from '../../../preferences/usePreferences';
import { apiErrorText } from '../../../api/errorText';
import { BOND_COLUMNS } from '../columns';
import { configFromView, EMPTY_FILTERS, viewFromPreferences } from '../bondView';
import { ShareButton } from '../../../components/share/ShareButton';
import { bondTablesApi, bondTablesKey } from './bondTablesApi';
import { humaneIssue } from '../../../api/humaneError';

/** One line describing a table's sorts and filters. */
export function describeTable(t: BondTable): string {
  const sort = (c: string | null, desc: boolean) =>
    c ? `${BOND_COLUMNS[c as keyof typeof BOND_COLUMNS]?.header ?? c} ${desc ? '↓' : '↑'}` : null;
  const sorts = [sort(t.primarySort, t.primaryDescending), sort(t.secondarySort, t.secondaryDescending)].filter(Boolean).join(', ');
  const f = t.filters;
  const filters = [
    f.sector.length ? `sector ${f.sector.join('/')}` : null,
    f.rating.length ? `rating ${f.rating.join('/')}` : null,
    f.seniority.length ? f.seniority.join('/') : null,
    f.tenor.length ? `tenor ${f.tenor.join('/')}` : null,
    f.callable === null ? null : f.callable ? 'callable' : 'bullet',
    f.q ? `“${f.q}”` : null,
    f.issuerId.length ? `${f.issuerId.length === 1 ? 'issuer' : 'issuers'} ${f.issuerId.join('/')}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return [sorts && `sorted by ${sorts}`, filters || 'no filters'].filter(Boolean).join('; ');
}

function NameModal({
  title,
  initial,
  opened,
  busy,
  onClose,
  onSubmit,
}: {
  title: string;
  initial: string;
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}) {
  const [name, setName] = useState(initial);
  const parsed = bondTableNameSchema.safeParse(name);
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (parsed.success) onSubmit(parsed.data);
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={BOND_TABLE_NAME_MAX_LENGTH}
            data-autofocus
            error={name && !parsed.success ? humaneIssue(parsed.error.issues[0]) : undefined}
            data-testid="table-name-input"
          />
          <Group justify="flex-end">
            <Button type="submit" size="xs" loading={busy} disabled={!parsed.success} data-testid="table-name-save">
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A custom table as its row shows it, with what the row's buttons do. */
interface TableRow {
  table: BondTable;
  duplicating: boolean;
  open: () => void;
  rename: () => void;
  duplicate: () => void;
  remove: () => void;
}

function NameCell({ row: { table: t } }: CellProps<TableRow>) {
  return (
    <>
      <Link to={`/bw/bond/config/${t.id}`} style={{ color: 'inherit', fontWeight: 600 }}>
        {t.name}
      </Link>
      {t.shared && (
        <Text size="xs" c="dimmed" data-testid="bond-table-shared">
          Shared by {t.shared.owner.name ?? t.shared.owner.email} · {t.shared.permission === 'edit' ? 'can edit' : 'view only'}
        </Text>
      )}
    </>
  );
}

function ViewCell({ text }: CellProps<TableRow>) {
  return (
    <Text size="xs" c="dimmed">
      {text}
    </Text>
  );
}

function UpdatedCell({ text }: CellProps<TableRow>) {
  return <Text size="xs">{text}</Text>;
}

function ActionsCell({ row }: CellProps<TableRow>) {
  const t = row.table;
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button size="compact-xs" onClick={row.open} data-testid="open-table">
        Open
      </Button>
      {t.shared?.permission !== 'view' && (
        <Button size="compact-xs" variant="default" onClick={row.rename} data-testid="rename-table">
          Rename
        </Button>
      )}
      {!t.shared && <ShareButton kind="bond_table" itemId={t.id} itemName={t.name} />}
      <Button size="compact-xs" variant="default" loading={row.duplicating} onClick={row.duplicate} data-testid="duplicate-table">
        Duplicate
      </Button>
      {!t.shared && (
        <Button size="compact-xs" variant="light" color="red" onClick={row.remove} data-testid="delete-table">
          Delete
        </Button>
      )}
    </Group>
  );
}

const COLUMNS: Column<TableRow>[] = [
  { header: 'Name', id: 'name', cell: NameCell },
  // Left-aligned as the list always showed it: a count of columns, not a market figure.
  { header: 'Columns', id: 'columns', value: (r) => r.table.columns.length },
  { header: 'View', id: 'view', value: (r) => describeTable(r.table), cell: ViewCell },
  { header: 'Updated', id: 'updated', value: (r) => r.table.updatedAt, kind: 'date', cell: UpdatedCell },
  { header: '', id: 'actions', cell: ActionsCell, control: true },
];

export default function BondTablesPage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { preferences } = usePreferences();
  const tables = useQuery({ queryKey: bondTablesKey, queryFn: bondTablesApi.list });
  const [newName, setNewName] = useState('');
  const [renaming, setRenaming] = useState<BondTable | null>(null);
  const [deleting, setDeleting] = useState<BondTable | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: bondTablesKey });
  const meta = { errorToast: true } as const;

  const create = useMutation({
    mutationFn: (name: string) => bondTablesApi.create({ name, ...configFromView(viewFromPreferences(preferences.bonds, EMPTY_FILTERS)) }),
    onSuccess: (t) => {
      setNewName('');
      void refresh();
      notifications.show({ message: `Created “${t.name}”` });
    },
    meta,
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => bondTablesApi.update(id, { name }),
    onSuccess: () => {
      setRenaming(null);
      void refresh();
    },
    meta,
  });
  const duplicate = useMutation({ mutationFn: (id: string) => bondTablesApi.duplicate(id), onSuccess: () => void refresh(), meta });
  const remove = useMutation({
    mutationFn: (id: string) => bondTablesApi.remove(id),
    onSuccess: () => {
      setDeleting(null);
      void refresh();
    },
    meta,
  });
  const parsedNew = bondTableNameSchema.safeParse(newName);

  return (
    <Stack gap="sm" maw={1200} data-testid="bond-tables-page">
      <PageTitle />
      <Card withBorder padding="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (parsedNew.success) create.mutate(parsedNew.data);
          }}
        >
          <Group align="flex-end" gap="xs">
            <TextInput
              size="xs"
              w={320}
              label="New table"
              placeholder="e.g. IG financials 5–10Y"
              value={newName}
              maxLength={BOND_TABLE_NAME_MAX_LENGTH}
              onChange={(e) => setNewName(e.currentTarget.value)}
              data-testid="new-table-name"
            />
            <Button type="submit" size="xs" loading={create.isPending} disabled={!parsedNew.success} data-testid="create-table">
              Create
            </Button>
            <Text size="xs" c="dimmed">
              Starts with your bond table's columns and sorts; open it to set filters, columns and sorts of its own.
            </Text>
          </Group>
        </form>
      </Card>
      {tables.isPending && (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      )}
      {tables.isError && (
        <Alert color="red" data-testid="bond-tables-error">
          {apiErrorText(tables.error)}
        </Alert>
      )}
      {tables.data && tables.data.tables.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="bond-tables-empty">
          No custom tables yet. Name one above to create it.
        </Text>
      )}
      {tables.data && tables.data.tables.length > 0 && (
        <Card withBorder padding={0}>
          <SimpleTable
            rows={tables.data.tables.map((table) => ({
              table,
              duplicating: duplicate.isPending && duplicate.variables === table.id,
              open: () => void navigate(`/bw/bond/config/${table.id}`),
              rename: () => setRenaming(table),
              duplicate: () => duplicate.mutate(table.id),
              remove: () => setDeleting(table),
            }))}
            columns={COLUMNS}
            rowKey={(r) => r.table.id}
            rowTestId="bond-table-row"
            rowData={(r) => ({ name: r.table.name })}
            fz="sm"
            verticalSpacing={4}
            highlightOnHover
            testId="bond-tables-list"
          />
        </Card>
      )}
      {renaming && (
        <NameModal
          key={renaming.id}
          title="Rename table"
          initial={renaming.name}
          opened
          busy={rename.isPending}
          onClose={() => setRenaming(null)}
          onSubmit={(name) => rename.mutate({ id: renaming.id, name })}
        />
      )}
      <ConfirmDelete
        name={deleting?.name ?? null}
        title="Delete table"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Stack>
  );
}
