/**
 * The data of /bw/admin/sectors: the taxonomy, the industry picked for moving its issuers, and
 * the edits (add, rename, move, delete, move issuers). Each edit names the version read and,
 * whatever the server answered, reads the taxonomy again so the table shows what is stored.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_ISSUER_PATHS, type AdminIssuersResponse } from '@common/api/adminIssuers';
import { ADMIN_SECTOR_PATHS, type AdminSector, type AdminSectorsResponse } from '@common/api/adminSectors';
import { api } from '../../../api/client';
import { useApiQuery } from '../../../api/queries';
import { useAdminAction } from '../useAdminAction';
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
  const client = useQueryClient();
  const [name, setName] = useState<string | null>(null);
  const { busy, error, run } = useAdminAction();
  // A rename or move can change other rows (counts, parents), so everything is read again.
  const refresh = () => client.invalidateQueries({ queryKey: ['api'] });
  const path = ADMIN_SECTOR_PATHS.sector({ sectorId: s.id });
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
    save: () => void run('rename', () => api.put(path, { version: s.version, name }), refresh).then(() => setName(null)),
    move: (parentId: number) => void run('move', () => api.put(path, { version: s.version, parentId }), refresh),
    remove: () => void run('delete', () => api.delete(path, { query: { version: s.version } }), refresh),
  };
}
export type SectorRowEdit = ReturnType<typeof useSectorRowEdit>;

/** The add form: a code, a name and, for an industry, the sector it goes under. */
export function useAddSector() {
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [parent, setParent] = useState<string | null>(null);
  const { busy, error, run } = useAdminAction();
  const add = () =>
    run(
      'add',
      async () => {
        await api.post(ADMIN_SECTOR_PATHS.list, { code, name, parentId: parent === null ? null : Number(parent) });
        setCode('');
        setName('');
      },
      () => client.invalidateQueries({ queryKey: ['api', ADMIN_SECTOR_PATHS.list] }),
    );
  return { code, setCode, name, setName, parent, setParent, busy, error, add };
}

/** An industry's issuers (the first 200), the ones ticked and the industry to move them to. */
export function useIndustryIssuers(industry: AdminSector) {
  const client = useQueryClient();
  const [checked, setChecked] = useState<number[]>([]);
  const [target, setTarget] = useState<string | null>(null);
  const { busy, error, run } = useAdminAction();
  const issuers = useApiQuery<AdminIssuersResponse>(ADMIN_ISSUER_PATHS.list, { query: { sectorId: industry.id, limit: 200 } });
  const move = () =>
    run(
      'move',
      async () => {
        await api.post(ADMIN_SECTOR_PATHS.moveIssuers, { issuerIds: checked, sectorId: Number(target) });
        setChecked([]);
      },
      () => client.invalidateQueries({ queryKey: ['api'] }),
    );
  const tick = (id: number, on: boolean) => setChecked(on ? [...checked, id] : checked.filter((c) => c !== id));
  return { issuers, list: issuers.data?.issuers ?? [], checked, tick, target, setTarget, busy, error, move };
}
