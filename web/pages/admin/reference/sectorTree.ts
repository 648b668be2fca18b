import type { AdminSector } from '@common/api/adminSectors';

/** Each sector followed by its industries: the order the taxonomy table shows them in. */
export function orderedSectors(all: AdminSector[]): AdminSector[] {
  return all.filter((s) => s.parentId === null).flatMap((s) => [s, ...all.filter((i) => i.parentId === s.id)]);
}

/** How many industries a sector holds (none for an industry). */
export function industryCount(s: AdminSector, all: AdminSector[]): number {
  return all.filter((i) => i.parentId === s.id).length;
}

/** A sector's issuers are its industries' issuers; an industry's are its own. */
export function sectorIssuerCount(s: AdminSector, all: AdminSector[]): number {
  return s.parentId === null ? all.filter((i) => i.parentId === s.id).reduce((n, i) => n + i.issuerCount, 0) : s.issuerCount;
}

/** Select options of the top-level sectors, where an industry can be put. */
export function parentSectorOptions(all: AdminSector[]): { value: string; label: string }[] {
  return all.filter((p) => p.parentId === null).map((p) => ({ value: String(p.id), label: p.name }));
}
