/**
 * What a bond-table view is (columns in order, which are visible, up to two sorts, filters) and
 * how it maps to the §3 `bonds` preferences, a saved custom table and the API's query string.
 */
import type { BondTableColumn } from '@common/enums';
import { DEFAULT_BOND_SORT } from '@common/enums';
import type { UiPreferences } from '@common/api/user';
import { BOND_TABLE_FILTER_VALUES_MAX, type BondTableConfig, type BondTableFilters } from '@common/api/bondTables';
import { completeOrder, DEFAULT_VISIBLE_COLUMNS } from './columns';

export interface BondSort {
  column: BondTableColumn;
  descending: boolean;
}

export interface BondView {
  /** Every column, in display order. */
  order: BondTableColumn[];
  /** The visible ones. */
  visible: BondTableColumn[];
  primary: BondSort | null;
  secondary: BondSort | null;
  filters: BondTableFilters;
}

export const EMPTY_FILTERS: BondTableFilters = { sector: [], rating: [], seniority: [], tenor: [], callable: null, q: null, issuerId: [] };

type BondPrefs = NonNullable<UiPreferences['bonds']>;

/** The view stored in the `bonds` preferences (filters live in the URL, not in preferences). */
export function viewFromPreferences(prefs: BondPrefs | undefined, filters: BondTableFilters): BondView {
  const primaryColumn = prefs?.primarySort === undefined ? DEFAULT_BOND_SORT.column : prefs.primarySort;
  const secondaryColumn = prefs?.secondarySort ?? null;
  return {
    order: completeOrder(prefs?.columnOrder),
    visible: prefs?.visibleColumns ? [...prefs.visibleColumns] : [...DEFAULT_VISIBLE_COLUMNS],
    primary: primaryColumn ? { column: primaryColumn, descending: prefs?.primaryDescending ?? DEFAULT_BOND_SORT.descending } : null,
    secondary: secondaryColumn ? { column: secondaryColumn, descending: prefs?.secondaryDescending ?? false } : null,
    filters,
  };
}

/** The preference patch for a view (whole `bonds` section). */
export function preferencesFromView(view: BondView): BondPrefs {
  return {
    visibleColumns: view.order.filter((c) => view.visible.includes(c)),
    columnOrder: view.order,
    primarySort: view.primary?.column ?? null,
    primaryDescending: view.primary?.descending ?? DEFAULT_BOND_SORT.descending,
    secondarySort: view.secondary?.column ?? null,
    secondaryDescending: view.secondary?.descending ?? false,
  };
}

/** The view of a saved custom table: its columns in their order, then the hidden rest. */
export function viewFromConfig(config: BondTableConfig): BondView {
  return {
    order: completeOrder(config.columns),
    visible: [...config.columns],
    primary: config.primarySort ? { column: config.primarySort, descending: config.primaryDescending } : null,
    secondary: config.secondarySort ? { column: config.secondarySort, descending: config.secondaryDescending } : null,
    filters: config.filters,
  };
}

export function configFromView(view: BondView): BondTableConfig {
  return {
    columns: view.order.filter((c) => view.visible.includes(c)),
    primarySort: view.primary?.column ?? null,
    primaryDescending: view.primary?.descending ?? DEFAULT_BOND_SORT.descending,
    secondarySort: view.secondary?.column ?? null,
    secondaryDescending: view.secondary?.descending ?? false,
    filters: view.filters,
  };
}

/**
 * The filters this user's calls may carry: the rating filter is by composite rating (the lower of
 * S&P and Moody's), which S&P ratings inform, so it needs the `s_and_p_ratings` feature (the server answers 403 otherwise). A rating filter saved in a table
 * or a link stays in the view, unsent, and applies again once the feature is on.
 */
export function usableFilters(filters: BondTableFilters, spRatings: boolean): BondTableFilters {
  return spRatings || filters.rating.length === 0 ? filters : { ...filters, rating: [] };
}

/** Filter parameters of the bond list / CSV / moves endpoints. */
export function filterQuery(filters: BondTableFilters): Record<string, string | string[] | undefined> {
  return {
    sector: filters.sector.length ? filters.sector : undefined,
    rating: filters.rating.length ? filters.rating : undefined,
    seniority: filters.seniority.length ? filters.seniority : undefined,
    tenor: filters.tenor.length ? filters.tenor : undefined,
    callable: filters.callable === null ? undefined : filters.callable ? 'true' : 'false',
    q: filters.q?.trim() ? filters.q.trim() : undefined,
    issuerId: filters.issuerId.length ? filters.issuerId.map(String) : undefined,
  };
}

/** Query string of the bond list for a view (sort, filters, visible columns). */
export function listQuery(view: BondView, columns: readonly BondTableColumn[]): Record<string, string | string[] | undefined> {
  return {
    ...filterQuery(view.filters),
    sort: view.primary?.column,
    sortDesc: view.primary ? String(view.primary.descending) : undefined,
    sort2: view.secondary?.column,
    sort2Desc: view.secondary ? String(view.secondary.descending) : undefined,
    columns: columns.length ? [...columns] : undefined,
  };
}

/** Filters from URL search params (the bond table keeps filters in the URL: shareable, back button). */
export function filtersFromSearch(params: URLSearchParams): BondTableFilters {
  const list = (key: string) =>
    params
      .getAll(key)
      .flatMap((v) => v.split(','))
      .filter(Boolean);
  const callable = params.get('callable');
  return {
    sector: list('sector'),
    rating: list('rating'),
    seniority: list('seniority'),
    tenor: list('tenor') as BondTableFilters['tenor'],
    callable: callable === 'true' ? true : callable === 'false' ? false : null,
    q: params.get('q') || null,
    // Only well-formed ids: a mangled link must not turn into a 400 for the whole table.
    issuerId: [
      ...new Set(
        list('issuerId')
          .filter((v) => /^[1-9]\d{0,9}$/.test(v))
          .map(Number),
      ),
    ].slice(0, BOND_TABLE_FILTER_VALUES_MAX),
  };
}

export function searchFromFilters(filters: BondTableFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['sector', 'rating', 'seniority', 'tenor'] as const) if (filters[key].length) params.set(key, filters[key].join(','));
  if (filters.callable !== null) params.set('callable', String(filters.callable));
  if (filters.q) params.set('q', filters.q);
  if (filters.issuerId.length) params.set('issuerId', filters.issuerId.join(','));
  return params;
}
