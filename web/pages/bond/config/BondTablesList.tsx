/** The list of custom bond tables: name (and who shared it), column count, view in words, buttons. */
import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SimpleTable, type CellProps, type Column } from '../../../components/SimpleTable';
import { ShareButton } from '../../../components/share/ShareButton';
import { describeTable } from './bondTablesText';
import type { TableRow } from './useBondTables';

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

export function BondTablesList({ rows }: { rows: TableRow[] }) {
  return (
    <SimpleTable
      rows={rows}
      columns={COLUMNS}
      rowKey={(r) => r.table.id}
      rowTestId="bond-table-row"
      rowData={(r) => ({ name: r.table.name })}
      fz="sm"
      verticalSpacing={4}
      highlightOnHover
      testId="bond-tables-list"
    />
  );
}
