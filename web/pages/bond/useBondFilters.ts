import { useDebouncedCallback, useHotkeys } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import type { BondTableFilters } from '@common/api/bondTables';
import { useFeature } from '../../features/useFeature';
import type { MultiFilterKey } from './bondToolbarView';

/**
 * The bond filters' edits: the quick search as typed (sent a moment after the last key), the
 * "/" hotkey that focuses it, whether the rating filter is offered, and changes to one filter.
 */
export function useBondFilters(filters: BondTableFilters, onChange: (filters: BondTableFilters) => void) {
  const [q, setQ] = useState(filters.q ?? '');
  useEffect(() => setQ(filters.q ?? ''), [filters.q]);
  const commitQ = useDebouncedCallback((value: string) => onChange({ ...filters, q: value.trim() || null }), 300);
  const search = useRef<HTMLInputElement>(null);
  // The rating filter is by S&P rating: offered only with the feature (the server refuses it otherwise).
  const spRatings = useFeature('s_and_p_ratings');
  // "/" jumps to the quick search, as in most terminals and web apps.
  useHotkeys([['/', () => search.current?.focus()]]);
  return {
    filters,
    q,
    search,
    spRatings,
    /** The quick search as typed: shown at once, sent after a pause. */
    typeQ: (value: string) => {
      setQ(value);
      commitQ(value);
    },
    clearQ: () => {
      setQ('');
      onChange({ ...filters, q: null });
    },
    setMulti: (key: MultiFilterKey, value: string[]) => onChange({ ...filters, [key]: value } as BondTableFilters),
    setCallable: (callable: BondTableFilters['callable']) => onChange({ ...filters, callable }),
    setIssuers: (issuerId: BondTableFilters['issuerId']) => onChange({ ...filters, issuerId }),
  };
}

export type BondFiltersState = ReturnType<typeof useBondFilters>;
