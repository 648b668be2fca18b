/**
 * /bw/bond/config: the user's custom bond tables — named views with their own columns, sorts and
 * filters, saved on the server under a uuid. Create (starting from the current bond-table view),
 * rename, duplicate, delete, and open (/bw/bond/config/{uuid}).
 */
import { Alert, Button, Card, Center, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BOND_TABLE_NAME_MAX_LENGTH, bondTableNameSchema, type BondTable } from '@common/api/bondTables';
import { formatDate } from '@common/format';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { PageTitle } from '../../../components/PageTitle';
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
          <Table fz="sm" verticalSpacing={4} highlightOnHover data-testid="bond-tables-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Columns</Table.Th>
                <Table.Th>View</Table.Th>
                <Table.Th>Updated</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tables.data.tables.map((t) => (
                <Table.Tr key={t.id} data-testid="bond-table-row" data-name={t.name}>
                  <Table.Td>
                    <Link to={`/bw/bond/config/${t.id}`} style={{ color: 'inherit', fontWeight: 600 }}>
                      {t.name}
                    </Link>
                    {t.shared && (
                      <Text size="xs" c="dimmed" data-testid="bond-table-shared">
                        Shared by {t.shared.owner.name ?? t.shared.owner.email} ·{' '}
                        {t.shared.permission === 'edit' ? 'can edit' : 'view only'}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{t.columns.length}</Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {describeTable(t)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{formatDate(t.updatedAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button size="compact-xs" onClick={() => navigate(`/bw/bond/config/${t.id}`)} data-testid="open-table">
                        Open
                      </Button>
                      {t.shared?.permission !== 'view' && (
                        <Button size="compact-xs" variant="default" onClick={() => setRenaming(t)} data-testid="rename-table">
                          Rename
                        </Button>
                      )}
                      {!t.shared && <ShareButton kind="bond_table" itemId={t.id} itemName={t.name} />}
                      <Button
                        size="compact-xs"
                        variant="default"
                        loading={duplicate.isPending && duplicate.variables === t.id}
                        onClick={() => duplicate.mutate(t.id)}
                        data-testid="duplicate-table"
                      >
                        Duplicate
                      </Button>
                      {!t.shared && (
                        <Button size="compact-xs" variant="light" color="red" onClick={() => setDeleting(t)} data-testid="delete-table">
                          Delete
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
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
