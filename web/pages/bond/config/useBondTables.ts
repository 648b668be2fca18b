/**
 * Data for /bw/bond/config: the list of custom bond tables, the create/rename/duplicate/delete
 * requests, and which table the rename dialog or delete confirmation is open for.
 */
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BOND_TABLE_PATHS, bondTableNameSchema, type BondTable, type BondTableListResponse } from '@common/api/bondTables';
import { useApiMutation, useApiQuery } from '../../../api/queries';
import { usePreferences } from '../../../preferences/usePreferences';
import { configFromView, EMPTY_FILTERS, viewFromPreferences } from '../bondView';
import { bondTablesApi } from './bondTablesApi';

/** A custom table as its row shows it, with what the row's buttons do. */
export interface TableRow {
  table: BondTable;
  duplicating: boolean;
  open: () => void;
  rename: () => void;
  duplicate: () => void;
  remove: () => void;
}

export function useBondTables() {
  const navigate = useNavigate();
  const { preferences } = usePreferences();
  const tables = useApiQuery<BondTableListResponse>(BOND_TABLE_PATHS.list);
  const [newName, setNewName] = useState('');
  const [renaming, setRenaming] = useState<BondTable | null>(null);
  const [deleting, setDeleting] = useState<BondTable | null>(null);
  const edit = { invalidates: [BOND_TABLE_PATHS.list], meta: { errorToast: true } } as const;

  const create = useApiMutation(
    // A new table starts from the user's own bond-table columns and sorts, with no filters.
    (name: string) => bondTablesApi.create({ name, ...configFromView(viewFromPreferences(preferences.bonds, EMPTY_FILTERS)) }),
    {
      ...edit,
      onDone: (t) => {
        setNewName('');
        notifications.show({ message: `Created “${t.name}”` });
      },
    },
  );
  const rename = useApiMutation(({ id, name }: { id: string; name: string }) => bondTablesApi.update(id, { name }), {
    ...edit,
    onDone: () => setRenaming(null),
  });
  const duplicate = useApiMutation((id: string) => bondTablesApi.duplicate(id), edit);
  const remove = useApiMutation((id: string) => bondTablesApi.remove(id), { ...edit, onDone: () => setDeleting(null) });
  const parsedNew = bondTableNameSchema.safeParse(newName);

  const rows: TableRow[] | undefined = tables.data?.tables.map((table) => ({
    table,
    duplicating: duplicate.busy && duplicate.variables === table.id,
    open: () => void navigate(`/bw/bond/config/${table.id}`),
    rename: () => setRenaming(table),
    duplicate: () => void duplicate.run(table.id),
    remove: () => setDeleting(table),
  }));

  return {
    tables,
    rows,
    newName,
    setNewName,
    /** The new name when it is a valid one, else null: the Create button waits for it. */
    validNewName: parsedNew.success ? parsedNew.data : null,
    createTable: (name: string) => void create.run(name),
    creating: create.busy,
    renaming,
    stopRenaming: () => setRenaming(null),
    renameTo: (id: string, name: string) => void rename.run({ id, name }),
    renameBusy: rename.busy,
    deleting,
    stopDeleting: () => setDeleting(null),
    removeTable: (id: string) => void remove.run(id),
    removeBusy: remove.busy,
  };
}

export type BondTablesState = ReturnType<typeof useBondTables>;
