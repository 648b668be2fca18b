/**
 * The data of /bw/admin/sectors: the taxonomy, the industry picked for moving its issuers, and
 * the edits (add, rename, move, delete, move issuers). Each edit names the version read and,
 * whatever the server answered, reads the taxonomy again so the table shows what is stored
 * (useApiMutation's `rereadWhenRefused` and `invalidates`).
 */
import { useState } from 'react';
import { ADMIN_ISSUER_PATHS, type AdminIssuersResponse } from '@common/api/adminIssuers';
import { ADMIN_SECTOR_PATHS, type AdminSector, type AdminSectorsResponse } from '@common/api/adminSectors';
import { api } from '../../../api/client';
import { useApiMutation, useApiQuery } from '../../../api/queries';
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

/** One row's edits. A rename in progress holds the new name; `null` when not renaming. */
export function useSectorRowEdit(s: AdminSector, all: AdminSector[]) {
  const [name, setName] = useState<string | null>(null);
  // A rename or move can change other rows (counts, parents), so everything is read again.
  const reread = { invalidates: 'everything', rereadWhenRefused: 'everything' } as const;
  const path = ADMIN_SECTOR_PATHS.sector({ sectorId: s.id });
  const rename = useApiMutation((newName: string | null) => api.put(path, { version: s.version, name: newName }), reread);
  const move = useApiMutation((parentId: number) => api.put(path, { version: s.version, parentId }), reread);
  const remove = useApiMutation(() => api.delete(path, { query: { version: s.version } }), reread);
  const { busy, error, start } = editsShown({ rename, move, delete: remove });
  const count = sectorIssuerCount(s, all);
  return {
    name,
    setName,
    toggleRename: () => setName(name === null ? s.name : null),
    busy,
    error,
    count,
    deletable: count === 0 && industryCount(s, all) === 0,
    parentOptions: parentSectorOptions(all),
    // The rename field closes whatever the server answered; a refusal shows under the row.
    save: () => {
      void start(rename, name).then(() => setName(null));
    },
    move: (parentId: number) => {
      void start(move, parentId);
    },
    remove: () => {
      void start(remove, undefined);
    },
  };
}
export type SectorRowEdit = ReturnType<typeof useSectorRowEdit>;

/** The add form: a code, a name and, for an industry, the sector it goes under. */
export function useAddSector() {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [parent, setParent] = useState<string | null>(null);
  const adding = useApiMutation(
    (sector: { code: string; name: string; parentId: number | null }) => api.post(ADMIN_SECTOR_PATHS.list, sector),
    {
      invalidates: [ADMIN_SECTOR_PATHS.list],
      rereadWhenRefused: [ADMIN_SECTOR_PATHS.list],
      onDone: () => {
        setCode('');
        setName('');
      },
    },
  );
  const add = () => adding.run({ code, name, parentId: parent === null ? null : Number(parent) });
  return { code, setCode, name, setName, parent, setParent, busy: adding.busy ? 'add' : null, error: adding.error, add };
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
