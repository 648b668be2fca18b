import type { AdminSector } from '@common/api/adminSectors';

/**
 * Select options of the taxonomy: each sector's industries grouped under it. With `sectorsToo`
 * (a filter) a sector itself is an option, standing for all its industries; without (an issuer's
 * industry) only industries are.
 */
export function sectorOptions(sectors: AdminSector[], sectorsToo = false): { group: string; items: { value: string; label: string }[] }[] {
  return sectors
    .filter((s) => s.parentId === null)
    .map((s) => ({
      group: s.name,
      items: [
        ...(sectorsToo ? [{ value: String(s.id), label: `${s.name} (all)` }] : []),
        ...sectors.filter((i) => i.parentId === s.id).map((i) => ({ value: String(i.id), label: `${i.name} (${i.code})` })),
      ],
    }))
    .filter((g) => g.items.length > 0);
}
