/** The table of the caller's pricing sheets: each name opens its sheet, and the row's buttons act on it. */
import { Anchor, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ShareButton } from '../../components/share/ShareButton';
import { SimpleTable, type CellProps, type Column } from '../../components/SimpleTable';
import { type SheetRow, sharedByText } from './sheetListView';

function NameCell({ row: { sheet: s } }: CellProps<SheetRow>) {
  return (
    <>
      <Anchor component={Link} to={`/bw/primary/pricing-sheet/${s.id}`} size="sm">
        {s.name}
      </Anchor>
      {s.shared && (
        <Text size="xs" c="dimmed">
          {sharedByText(s.shared)}
        </Text>
      )}
    </>
  );
}

/** A sheet shared with the caller is someone else's: it can be duplicated, never shared on or deleted. */
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

export function SheetListTable({ rows }: { rows: SheetRow[] }) {
  return (
    <SimpleTable
      rows={rows}
      columns={COLUMNS}
      rowKey={(r) => String(r.sheet.id)}
      rowTestId={(r) => `pricing-sheet-row-${r.sheet.id}`}
      striped
      highlightOnHover
      testId="pricing-sheet-list"
    />
  );
}
