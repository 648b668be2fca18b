/**
 * The data of /bw/admin/sectors: the taxonomy, the industry picked for moving its issuers, and
 * the edits (add, rename, move, delete, move issuers). Each edit names the version read and,
 * whatever the server answered, reads the taxonomy again so the table shows what is stored
 * (useApiMutation's `rereadWhenRefused` and `invalidates`).
 */
import { useState } from 'react';
import { ADMIN_ISSUER_PATHS, type AdminIssuersResponse } from '@common/api/adminIssuers';
import {
  ADMIN_SECTOR_PATHS,
  adminSectorCreateSchema,
  adminSectorUpdateSchema,
  type AdminSector,
  type AdminSectorCreate,
  type AdminSectorsResponse,
  type AdminSectorUpdate,
} from '@common/api/adminSectors';
import { api } from '../../../api/client';
import { apiErrorText } from '../../../api/errorText';
import { type ApiMutation, useApiMutation, useApiQuery, useApiSend } from '../../../api/queries';
import { useContractForm } from '../../../components/forms/useContractForm';
import { editsShown } from '../adminEdits';
import { industryCount, orderedSectors, parentSectorOptions, sectorIssuerCount } from './sectorTree';

export function useAdminSectors() {
  const sectors = useApiQuery<AdminSectorsResponse>(ADMIN_SECTOR_PATHS.list);
  const [selected, setSelected] = useState<number | null>(null);
  const all = sectors.data?.sectors ?? [];
  const ordered = orderedSectors(all);
  // Only an industry holds issuers, so picking a sector shows nothing.
  const industry = all.find((s) => s.id === selected && s.parentId !== null) ?? null;
  return { sectors, all, ordered, selected, setSelected, industry };
}
export type AdminSectorsState = ReturnType<typeof useAdminSectors>;

/**
 * One row's edits. A rename is a form on the update's contract: a name it refuses says so under
 * the field before anything is sent, as does a 400 naming it; the field closes once saved, or on
 * any other refusal, which shows under the row as a move's or a delete's does.
 */
export function useSectorRowEdit(s: AdminSector, all: AdminSector[]) {
  const [renaming, setRenaming] = useState(false);
  // A rename or move can change other rows (counts, parents), so everything is read again.
  const reread = { invalidates: 'everything', rereadWhenRefused: 'everything' } as const;
  const path = ADMIN_SECTOR_PATHS.sector({ sectorId: s.id });
  const rename = useApiSend((update: AdminSectorUpdate) => api.put(path, update), reread);
  const move = useApiMutation((parentId: number) => api.put(path, { version: s.version, parentId }), reread);
  const remove = useApiMutation(() => api.delete(path, { query: { version: s.version } }), reread);
  const renameOf = ({ name }: { name: string }): AdminSectorUpdate => ({ version: s.version, name });
  const { form, formError, setFormError, onSubmit } = useContractForm({
    schema: adminSectorUpdateSchema,
    initialValues: { name: s.name },
    toBody: renameOf,
    refused: (failure) => {
      setRenaming(false);
      setFormError(apiErrorText(failure));
    },
  });
  const edits = editsShown({ move, delete: remove });
  // Each edit forgets the others' refusal as it starts, so the row speaks of the last one tried.
  const start = <Vars>(edit: ApiMutation<Vars, unknown>, vars: Vars) => {
    setFormError(null);
    void edits.start(edit, vars);
  };
  const submitRename = onSubmit(async () => {
    move.reset();
    remove.reset();
    await rename(renameOf(form.getValues()));
    setRenaming(false);
  });
  const count = sectorIssuerCount(s, all);
  return {
    renaming,
    nameInput: form.getInputProps('name'),
    toggleRename: () => {
      if (!renaming) {
        form.setValues({ name: s.name });
        form.clearErrors();
      }
      setRenaming(!renaming);
    },
    busy: form.submitting ? 'rename' : edits.busy,
    error: formError ?? edits.error,
    count,
    deletable: count === 0 && industryCount(s, all) === 0,
    parentOptions: parentSectorOptions(all),
    save: () => submitRename(),
    move: (parentId: number) => start(move, parentId),
    remove: () => start(remove, undefined),
  };
}
export type SectorRowEdit = ReturnType<typeof useSectorRowEdit>;

/** The add form: a code, a name and, for an industry, the sector it goes under (its id as a string). */
interface SectorDraft extends Record<string, unknown> {
  code: string;
  name: string;
  parentId: string | null;
}

/** The sector added, as typed (the server trims and upper-cases the code). */
const sectorOf = ({ code, name, parentId }: SectorDraft): AdminSectorCreate => ({
  code,
  name,
  parentId: parentId === null ? null : Number(parentId),
});

/**
 * The add form on the create contract: a code or name it refuses says so under the field before
 * anything is sent, as does a 400 naming one; any other refusal is the form's line. The code and
 * name empty once the server took them; whatever it answered, the taxonomy is read again.
 */
export function useAddSector() {
  const add = useApiSend((sector: AdminSectorCreate) => api.post(ADMIN_SECTOR_PATHS.list, sector), {
    invalidates: [ADMIN_SECTOR_PATHS.list],
    rereadWhenRefused: [ADMIN_SECTOR_PATHS.list],
  });
  const { form, formError, onSubmit } = useContractForm({
    schema: adminSectorCreateSchema,
    initialValues: { code: '', name: '', parentId: null } as SectorDraft,
    toBody: sectorOf,
  });
  return {
    form,
    busy: form.submitting ? 'add' : null,
    error: formError,
    submit: onSubmit(async () => {
      await add(sectorOf(form.getValues()));
      form.setValues({ code: '', name: '' });
    }),
  };
}

/** An industry's issuers (the first 200), the ones ticked and the industry to move them to. */
export function useIndustryIssuers(industry: AdminSector) {
  const [checked, setChecked] = useState<number[]>([]);
  const [target, setTarget] = useState<string | null>(null);
  const issuers = useApiQuery<AdminIssuersResponse>(ADMIN_ISSUER_PATHS.list, { query: { sectorId: industry.id, limit: 200 } });
  const moving = useApiMutation((moved: { issuerIds: number[]; sectorId: number }) => api.post(ADMIN_SECTOR_PATHS.moveIssuers, moved), {
    invalidates: 'everything',
    rereadWhenRefused: 'everything',
    onDone: () => setChecked([]),
  });
  const move = () => moving.run({ issuerIds: checked, sectorId: Number(target) });
  const tick = (id: number, on: boolean) => setChecked(on ? [...checked, id] : checked.filter((c) => c !== id));
  const busy = moving.busy ? 'move' : null;
  return { issuers, list: issuers.data?.issuers ?? [], checked, tick, target, setTarget, busy, error: moving.error, move };
}
