/**
 * Data for /bw/bond/config: the list of custom bond tables, the create/rename/duplicate/delete
 * requests, and which table the rename dialog or delete confirmation is open for. The new table's
 * name is a form on the create contract: a name it refuses says so under the field before anything
 * is sent, as does a 400 naming it; any other refusal is the §8 error toast, as the other edits'.
 */
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  BOND_TABLE_PATHS,
  bondTableCreateBodySchema,
  type BondTable,
  type BondTableListResponse,
  type BondTableUpdateBody,
} from '@common/api/bondTables';
import { useApiMutation, useApiQuery, useApiSend } from '../../../api/queries';
import { useContractForm } from '../../../components/forms/useContractForm';
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
  const [renaming, setRenaming] = useState<BondTable | null>(null);
  const [deleting, setDeleting] = useState<BondTable | null>(null);
  const edit = { invalidates: [BOND_TABLE_PATHS.list], meta: { errorToast: true } } as const;

  const create = useApiSend(
    // A new table starts from the user's own bond-table columns and sorts, with no filters.
    (name: string) => bondTablesApi.create({ name, ...configFromView(viewFromPreferences(preferences.bonds, EMPTY_FILTERS)) }),
    { invalidates: edit.invalidates, onDone: (t) => notifications.show({ message: `Created “${t.name}”` }) },
  );
  const newTable = useContractForm({ schema: bondTableCreateBodySchema, initialValues: { name: '' }, errorToast: true });
  // The dialog's form places a refusal naming the name; it closes once the server took it.
  const rename = useApiSend(({ id, body }: { id: string; body: BondTableUpdateBody }) => bondTablesApi.update(id, body), {
    invalidates: edit.invalidates,
    onDone: () => setRenaming(null),
  });
  const duplicate = useApiMutation((id: string) => bondTablesApi.duplicate(id), edit);
  const remove = useApiMutation((id: string) => bondTablesApi.remove(id), { ...edit, onDone: () => setDeleting(null) });

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
    /** The new table's name; the form empties once the server took it. */
    newTableForm: newTable.form,
    createTable: newTable.onSubmit(async ({ name }) => {
      await create(name);
      newTable.form.reset();
    }),
    creating: newTable.form.submitting,
    renaming,
    stopRenaming: () => setRenaming(null),
    renameTo: (id: string, body: BondTableUpdateBody) => rename({ id, body }),
    deleting,
    stopDeleting: () => setDeleting(null),
    removeTable: (id: string) => void remove.run(id),
    removeBusy: remove.busy,
  };
}

export type BondTablesState = ReturnType<typeof useBondTables>;
