/**
 * An issuer chosen by ticker or name (issuer search, GET /v2/issuer?q=). `known` is the issuer
 * already chosen when the page opened, so its label shows before anything was searched.
 */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState, type ReactNode } from 'react';
import { ISSUER_PATHS, type IssuerSearchResponse } from '@common/api/issuer';
import { useApiQuery } from '../api/queries';

export interface KnownIssuer {
  id: number;
  ticker: string;
  name: string;
}

interface Props {
  value: string | null;
  onChange: (issuerId: string | null) => void;
  known?: KnownIssuer | null | undefined;
  label?: string;
  w?: number;
  testId?: string;
  /** A form's refusal of the choice, shown under it. */
  error?: ReactNode;
}

export function IssuerPicker({ value, onChange, known, label = 'Issuer', w = 320, testId, error }: Props) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const issuers = useApiQuery<IssuerSearchResponse>(q.length >= 1 ? ISSUER_PATHS.issuers : null, { query: { q, limit: 20 } });
  const options = useMemo(() => {
    const found = (issuers.data?.issuers ?? []).map((i) => ({ value: String(i.id), label: `${i.ticker} — ${i.displayName}` }));
    if (known && !found.some((o) => o.value === String(known.id)))
      found.unshift({ value: String(known.id), label: `${known.ticker} — ${known.name}` });
    return found;
  }, [issuers.data, known]);
  return (
    <Select
      label={label}
      placeholder="Ticker or name"
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      value={value}
      onChange={onChange}
      nothingFoundMessage={q ? 'No issuer' : undefined}
      data={options}
      w={w}
      error={error}
      data-testid={testId}
    />
  );
}
