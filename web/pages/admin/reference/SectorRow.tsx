import { Box, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { createContext, useContext, type ReactNode } from 'react';
import type { AdminSector } from '@common/api/adminSectors';
import type { CellProps, Column } from '../../../components/SimpleTable';
import { useSectorRowEdit, type SectorRowEdit } from './useAdminSectors';

/** A sector or an industry as the taxonomy table shows it, with what its row needs to edit it. */
export interface SectorRowData {
  s: AdminSector;
  sectors: AdminSector[];
  selected: boolean;
  onSelect: () => void;
}

// The row's edit (a rename in progress, a save or delete under way, its error) is shared by its cells.
const SectorEdit = createContext<SectorRowEdit | null>(null);

function useEdit(): SectorRowEdit {
  const edit = useContext(SectorEdit);
  if (!edit) throw new Error('a sector cell outside its row');
  return edit;
}

/** Each row holds its own edit, read by its name and action cells. */
export function SectorRowScope({ row, children }: { row: SectorRowData; children: ReactNode }) {
  const edit = useSectorRowEdit(row.s, row.sectors);
  return <SectorEdit.Provider value={edit}>{children}</SectorEdit.Provider>;
}

/** A sector (bold) or an industry (indented); clicking an industry's name picks it. */
function NameCell({ row: { s, onSelect } }: CellProps<SectorRowData>) {
  const edit = useEdit();
  const isSector = s.parentId === null;
  return (
    // The cell's own padding is the sector's; an industry sits a step further in.
    <Box pl={isSector ? undefined : 'calc(var(--mantine-spacing-xl) - var(--mantine-spacing-xs))'} fw={isSector ? 600 : 400}>
      {!edit.renaming ? (
        <Text span size="sm" style={{ cursor: isSector ? undefined : 'pointer' }} onClick={isSector ? undefined : onSelect}>
          {s.name}
        </Text>
      ) : (
        <Group gap={4}>
          <TextInput size="xs" {...edit.nameInput} aria-label={`New name of ${s.code}`} />
          <Button size="compact-xs" loading={edit.busy === 'rename'} onClick={edit.save}>
            Save
          </Button>
        </Group>
      )}
      {edit.error && (
        <Text size="xs" c="red">
          {edit.error}
        </Text>
      )}
    </Box>
  );
}

function CodeCell({ text }: CellProps<SectorRowData>) {
  return (
    <Text span inherit ff="monospace">
      {text}
    </Text>
  );
}

function CountCell() {
  return useEdit().count;
}

function ActionsCell({ row: { s } }: CellProps<SectorRowData>) {
  const edit = useEdit();
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-xs" variant="subtle" onClick={edit.toggleRename}>
        {edit.renaming ? 'Cancel' : 'Rename'}
      </Button>
      {s.parentId !== null && (
        <Select
          size="xs"
          w={150}
          aria-label={`Sector of ${s.code}`}
          data={edit.parentOptions}
          value={String(s.parentId)}
          onChange={(v) => v && edit.move(Number(v))}
        />
      )}
      <Button
        size="compact-xs"
        variant="subtle"
        color="red"
        disabled={!edit.deletable}
        title={edit.deletable ? undefined : 'Only an empty sector or industry can be deleted'}
        loading={edit.busy === 'delete'}
        onClick={edit.remove}
      >
        Delete
      </Button>
    </Group>
  );
}

/** Name, code, issuer count and the row's rename, move and delete. */
export const SECTOR_COLUMNS: Column<SectorRowData>[] = [
  { header: 'Name', id: 'name', cell: NameCell },
  { header: 'Code', field: 's.code', cell: CodeCell },
  { header: 'Issuers', id: 'issuers', align: 'right', cell: CountCell },
  { header: '', id: 'actions', cell: ActionsCell, control: true },
];
