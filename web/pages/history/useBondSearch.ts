/** The bond search box's data: bonds matching the text, plus the bonds of the first issuer matching it. */
import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { BOND_PATHS, type BondListResponse } from '@common/api/bond';
import { ISSUER_PATHS, type IssuerSearchResponse } from '@common/api/issuer';
import { useApiQuery } from '../../api/queries';

const COLUMNS = ['description', 'bondIdentifier', 'ratingSP', 'issuer'];

export function useBondSearch() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const bonds = useApiQuery<BondListResponse>(q.length >= 2 ? BOND_PATHS.bonds : null, {
    query: { q, limit: 20, columns: COLUMNS },
  });
  const issuers = useApiQuery<IssuerSearchResponse>(q.length >= 2 ? ISSUER_PATHS.issuers : null, { query: { q, limit: 3 } });
  const firstIssuer = issuers.data?.issuers[0];
  const issuerBonds = useApiQuery<BondListResponse>(firstIssuer ? BOND_PATHS.bonds : null, {
    query: {
      issuerId: String(firstIssuer?.id ?? ''),
      limit: 20,
      sort: 'maturityDate',
      sortDesc: 'false',
      columns: COLUMNS,
    },
  });
  const options = useMemo(() => {
    const seen = new Set<number>();
    const groups: Array<{ group: string; items: Array<{ value: string; label: string }> }> = [];
    const add = (group: string, rows: BondListResponse['rows'] | undefined) => {
      const items = (rows ?? [])
        .filter((r) => !seen.has(r.id) && seen.add(r.id))
        .map((r) => ({
          value: String(r.id),
          label: `${r.description} · ${r.bondIdentifier}${r.ratingSP ? ` · ${r.ratingSP}` : ''}`,
        }));
      if (items.length) groups.push({ group, items });
    };
    add('Bonds', bonds.data?.rows);
    if (firstIssuer) add(`Issuer: ${firstIssuer.displayName}`, issuerBonds.data?.rows);
    return groups;
  }, [bonds.data, issuerBonds.data, firstIssuer]);
  return { search, setSearch, q, options, loading: bonds.isFetching || issuers.isFetching };
}
