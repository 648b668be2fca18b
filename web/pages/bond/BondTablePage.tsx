/**
 * /bw/bond: the bond table. The view (columns, order, sorts) is the user's `bonds` preferences,
 * saved 1 s after the last change and restored on return; filters live in the URL.
 */
import { Center, Loader, Stack } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { BondTableFilters } from '@common/api/bondTables';
import { PageTitle } from '../../components/PageTitle';
import { HelpBanner } from '../../components/content/HelpBanner';
import { usePreferences } from '../../preferences/usePreferences';
import { BondTableView } from './BondTableView';
import { filtersFromSearch, preferencesFromView, searchFromFilters, viewFromPreferences, type BondView } from './bondView';

export default function BondTablePage() {
  const { preferences, status, update } = usePreferences();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(params), [params]);
  const view = useMemo(() => viewFromPreferences(preferences.bonds, filters), [preferences.bonds, filters]);
  const onViewChange = useCallback(
    (next: BondView) => {
      update({ bonds: preferencesFromView(next) });
      if (JSON.stringify(next.filters) !== JSON.stringify(filters)) setParams(searchFromFilters(next.filters), { replace: true });
    },
    [update, filters, setParams],
  );
  const onFiltersChange = useCallback((next: BondTableFilters) => setParams(searchFromFilters(next), { replace: true }), [setParams]);
  const waiting = status === 'idle' || status === 'loading';
  return (
    <Stack gap={4} data-testid="bond-table-page">
      <PageTitle />
      <HelpBanner id="bond-table" guide="guides/bond-table">
        Hover a column header for its definition, unit and formula; choose columns under Columns.
      </HelpBanner>
      {waiting ? (
        <Center py="xl">
          <Loader size="sm" type="dots" />
        </Center>
      ) : (
        <BondTableView view={view} onViewChange={onViewChange} onFiltersChange={onFiltersChange} />
      )}
    </Stack>
  );
}
