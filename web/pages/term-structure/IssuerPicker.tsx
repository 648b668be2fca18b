import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { ISSUER_PATHS, type IssuerDetailResponse, type IssuerSearchResponse } from '@common/api/issuer';
import { useApiQuery } from '../../api/queries';

/** A searchable issuer choice; the chosen issuer stays listed while a search shows others. */
export function IssuerPicker({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const found = useApiQuery<IssuerSearchResponse>(ISSUER_PATHS.issuers, { query: { q: q || undefined, limit: 30 } });
  const current = useApiQuery<IssuerDetailResponse>(value ? ISSUER_PATHS.issuer({ id: value }) : null);
  const data = useMemo(() => {
    const list = (found.data?.issuers ?? []).map((i) => ({ value: String(i.id), label: `${i.displayName} (${i.ticker})` }));
    if (current.data && !list.some((i) => i.value === String(current.data.id)))
      list.unshift({ value: String(current.data.id), label: `${current.data.displayName} (${current.data.ticker})` });
    return list;
  }, [found.data, current.data]);
  return (
    <Select
      size="xs"
      w={260}
      searchable
      aria-label="Issuer"
      placeholder="Search an issuer…"
      data-testid="tsc-issuer"
      value={value ? String(value) : null}
      data={data}
      filter={({ options }) => options}
      onSearchChange={setSearch}
      onChange={(v) => v && onChange(Number(v))}
      nothingFoundMessage="No issuers found"
    />
  );
}
