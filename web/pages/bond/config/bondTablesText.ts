/** Words for a custom bond table, without React: what its list row says about it. */
import type { BondTable } from '@common/api/bondTables';
import { BOND_COLUMNS } from '../columns';

/** One line describing a table's sorts and filters. */
export function describeTable(t: BondTable): string {
  const sort = (c: string | null, desc: boolean) =>
    c ? `${BOND_COLUMNS[c as keyof typeof BOND_COLUMNS]?.header ?? c} ${desc ? '↓' : '↑'}` : null;
  const sorts = [sort(t.primarySort, t.primaryDescending), sort(t.secondarySort, t.secondaryDescending)].filter(Boolean).join(', ');
  const f = t.filters;
  const filters = [
    f.sector.length ? `sector ${f.sector.join('/')}` : null,
    f.rating.length ? `rating ${f.rating.join('/')}` : null,
    f.seniority.length ? f.seniority.join('/') : null,
    f.tenor.length ? `tenor ${f.tenor.join('/')}` : null,
    f.callable === null ? null : f.callable ? 'callable' : 'bullet',
    f.q ? `“${f.q}”` : null,
    f.issuerId.length ? `${f.issuerId.length === 1 ? 'issuer' : 'issuers'} ${f.issuerId.join('/')}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return [sorts && `sorted by ${sorts}`, filters || 'no filters'].filter(Boolean).join('; ');
}
