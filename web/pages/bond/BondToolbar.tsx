/**
 * The bond table's filters: quick search, sector, rating, seniority, tenor bucket, callable and
 * issuer. The toolbar's column chooser and CSV download are in ColumnChooser.tsx and CsvButton.tsx.
 */
import { CloseButton, Group, MultiSelect, SegmentedControl, Text, TextInput } from '@mantine/core';
import type { BondTableFilters } from '@common/api/bondTables';
import {
  CALLABLE_CHOICES,
  callableChoice,
  callableFilter,
  RATING_HINTS,
  RATING_OPTIONS,
  SECTOR_OPTIONS,
  SENIORITY_OPTIONS,
  TENOR_OPTIONS,
  type FilterOption,
  type MultiFilterKey,
} from './bondToolbarView';
import { IssuerFilterPills } from './IssuerFilterPills';
import { useBondFilters, type BondFiltersState } from './useBondFilters';

export function BondFilters({ filters, onChange }: { filters: BondTableFilters; onChange: (filters: BondTableFilters) => void }) {
  const state = useBondFilters(filters, onChange);
  const { q, search, spRatings, typeQ, clearQ, setCallable, setIssuers } = state;
  return (
    <Group gap={6} wrap="wrap" data-testid="bond-filters">
      <TextInput
        ref={search}
        size="xs"
        w={230}
        placeholder="Search (/): CUSIP, ISIN, ticker, name"
        aria-label="Quick search"
        value={q}
        onKeyDown={(e) => {
          if (e.key === 'Escape') e.currentTarget.blur();
        }}
        onChange={(e) => typeQ(e.currentTarget.value)}
        rightSection={q ? <CloseButton size="xs" aria-label="Clear search" onClick={clearQ} /> : null}
        data-testid="filter-q"
      />
      <FilterMultiSelect state={state} filterKey="sector" label="Sector" data={SECTOR_OPTIONS} w={170} />
      {spRatings && <FilterMultiSelect state={state} filterKey="rating" label="Rating" data={RATING_OPTIONS} w={150} />}
      <FilterMultiSelect state={state} filterKey="seniority" label="Seniority" data={SENIORITY_OPTIONS} w={160} />
      <FilterMultiSelect state={state} filterKey="tenor" label="Tenor" data={TENOR_OPTIONS} w={120} />
      <SegmentedControl
        size="xs"
        data-testid="filter-callable"
        value={callableChoice(filters.callable)}
        onChange={(v) => setCallable(callableFilter(v))}
        data={CALLABLE_CHOICES}
      />
      <IssuerFilterPills ids={filters.issuerId} onChange={setIssuers} />
    </Group>
  );
}

/** One list filter; the rating list says what each class covers. */
function FilterMultiSelect({
  state,
  filterKey,
  label,
  data,
  w,
}: {
  state: BondFiltersState;
  filterKey: MultiFilterKey;
  label: string;
  data: FilterOption[];
  w: number;
}) {
  return (
    <MultiSelect
      size="xs"
      // At least `w`, and wider as chips are added, so a chip is never cut to "HY (B…".
      miw={w}
      maw={520}
      placeholder={label}
      aria-label={label}
      data={data}
      value={state.filters[filterKey]}
      clearable
      searchable
      onChange={(value) => state.setMulti(filterKey, value)}
      data-testid={`filter-${filterKey}`}
      comboboxProps={{ withinPortal: true }}
      renderOption={
        filterKey === 'rating'
          ? ({ option }) => (
              <span>
                {option.label}
                {RATING_HINTS[option.value] ? <Text span size="xs" c="dimmed">{` ${RATING_HINTS[option.value]}`}</Text> : null}
              </span>
            )
          : undefined
      }
      title={filterKey === 'rating' ? 'Rating: the lower of S&P and Moody’s' : undefined}
      maxDropdownHeight={320}
    />
  );
}
