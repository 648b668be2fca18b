/** Search box of /bw/history: pick a bond by CUSIP, ticker, description or issuer. */
import { Loader, Select } from '@mantine/core';
import { MAX_BONDS } from './historyCompare';
import { useBondSearch } from './useBondSearch';

export function BondSearch({ onPick, disabled }: { onPick: (id: number) => void; disabled: boolean }) {
  const { search, setSearch, q, options, loading } = useBondSearch();
  return (
    <Select
      w={440}
      size="xs"
      searchable
      clearable={false}
      disabled={disabled}
      value={null}
      data-testid="history-search"
      placeholder={disabled ? `At most ${MAX_BONDS} bonds` : 'Add a bond: CUSIP, ticker, issuer or description…'}
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      filter={({ options }) => options}
      nothingFoundMessage={q.length < 2 ? 'Type at least 2 characters' : loading ? 'Searching…' : 'No bonds found'}
      rightSection={loading ? <Loader size={12} /> : undefined}
      onChange={(v) => {
        if (v) {
          onPick(Number(v));
          setSearch('');
        }
      }}
    />
  );
}
