/** A bond chosen by CUSIP, ticker or description (the bond list's search, GET /v2/bond?q=). */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { BOND_PATHS, type BondListResponse } from '@common/api/bond';
import { useApiQuery } from '../../api/queries';

interface Props {
  value: number | null;
  onChange: (bondId: number | null) => void;
  known?: { id: number; label: string } | null;
}

export function BondPicker({ value, onChange, known }: Props) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const bonds = useApiQuery<BondListResponse>(q.length >= 2 ? BOND_PATHS.bonds : null, { query: { q, limit: 20, columns: 'description' } });
  const options = useMemo(() => {
    const found = (bonds.data?.rows ?? []).map((b) => ({ value: String(b.id), label: String(b.description ?? b.id) }));
    if (known && !found.some((o) => o.value === String(known.id))) found.unshift({ value: String(known.id), label: known.label });
    return found;
  }, [bonds.data, known]);
  return (
    <Select
      label="Bond"
      placeholder="CUSIP, ticker or description"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      nothingFoundMessage={q.length >= 2 ? 'No bond' : undefined}
      data={options}
      w={360}
      data-testid="hawk-bond-picker"
    />
  );
}
