/**
 * Data for /bw/bond/config: the list of custom bond tables, the create/rename/duplicate/delete
 * requests, and which table the rename dialog or delete confirmation is open for.
 */
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { bondTableNameSchema, type BondTable } from '@common/api/bondTables';
import { usePreferences } from '../../../preferences/usePreferences';
import { configFromView, EMPTY_FILTERS, viewFromPreferences } from '../bondView';
import { bondTablesApi, bondTablesKey } from './bondTablesApi';

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
    // A new table starts from the user's own bond-table columns and sorts, with no filters.
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

  const rows: TableRow[] | undefined = tables.data?.tables.map((table) => ({
    table,
    duplicating: duplicate.isPending && duplicate.variables === table.id,
    open: () => void navigate(`/bw/bond/config/${table.id}`),
    rename: () => setRenaming(table),
    duplicate: () => duplicate.mutate(table.id),
    remove: () => setDeleting(table),
  }));

  return {
    tables,
    rows,
    newName,
    setNewName,
    /** The new name when it is a valid one, else null: the Create button waits for it. */
    validNewName: parsedNew.success ? parsedNew.data : null,
    createTable: (name: string) => create.mutate(name),
    creating: create.isPending,
    renaming,
    stopRenaming: () => setRenaming(null),
    renameTo: (id: string, name: string) => rename.mutate({ id, name }),
    renameBusy: rename.isPending,
    deleting,
    stopDeleting: () => setDeleting(null),
    removeTable: (id: string) => remove.mutate(id),
    removeBusy: remove.isPending,
  };
}

export type BondTablesState = ReturnType<typeof useBondTables>;
