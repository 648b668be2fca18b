import { describe, expect, it } from 'vitest';
import { BOND_TABLE_COLUMNS } from '@common/enums';
import { bondTableConfigSchema } from '@common/api/bondTables';
import { DEFAULT_VISIBLE_COLUMNS, completeOrder, formatBondCell } from './columns';
import {
  configFromView,
  EMPTY_FILTERS,
  filtersFromSearch,
  listQuery,
  preferencesFromView,
  searchFromFilters,
  usableFilters,
  viewFromConfig,
  viewFromPreferences,
} from './bondView';

describe('bond table view', () => {
  it('without preferences shows the default columns sorted by volume descending (spec §3)', () => {
    const view = viewFromPreferences(undefined, EMPTY_FILTERS);
    expect(view.visible).toEqual([...DEFAULT_VISIBLE_COLUMNS]);
    expect(view.primary).toEqual({ column: 'volume', descending: true });
    expect(view.secondary).toBeNull();
    expect([...view.order].sort()).toEqual([...BOND_TABLE_COLUMNS].sort());
  });

  it('round-trips through the bonds preferences: visible columns in display order, both sorts', () => {
    const view = viewFromPreferences(
      {
        visibleColumns: ['description', 'price'],
        columnOrder: ['description', 'price', 'coupon'],
        primarySort: 'yieldToWorst',
        primaryDescending: false,
        secondarySort: 'coupon',
        secondaryDescending: true,
      },
      EMPTY_FILTERS,
    );
    expect(view.order.slice(0, 3)).toEqual(['description', 'price', 'coupon']);
    expect(view.order).toHaveLength(BOND_TABLE_COLUMNS.length);
    const prefs = preferencesFromView(view);
    expect(prefs).toMatchObject({
      visibleColumns: ['description', 'price'],
      primarySort: 'yieldToWorst',
      primaryDescending: false,
      secondarySort: 'coupon',
      secondaryDescending: true,
    });
    expect(viewFromPreferences(prefs, EMPTY_FILTERS)).toEqual(view);
  });

  it('a saved custom table opens with its columns first and round-trips', () => {
    const config = {
      columns: ['ticker', 'gSpread'] as const,
      primarySort: 'gSpread' as const,
      primaryDescending: true,
      secondarySort: null,
      secondaryDescending: false,
      filters: { ...EMPTY_FILTERS, rating: ['HY'], callable: true },
    };
    const view = viewFromConfig({ ...config, columns: [...config.columns] });
    expect(view.order.slice(0, 2)).toEqual(['ticker', 'gSpread']);
    expect(configFromView(view)).toEqual({ ...config, columns: ['ticker', 'gSpread'] });
  });

  it("maps to the API's sort/sort2, filters and columns", () => {
    const view = {
      ...viewFromPreferences(
        { primarySort: 'price', primaryDescending: false, secondarySort: 'coupon', secondaryDescending: true },
        EMPTY_FILTERS,
      ),
      filters: { ...EMPTY_FILTERS, sector: ['FINL'], tenor: ['5Y' as const], callable: false, q: ' ibm ' },
    };
    expect(listQuery(view, ['price', 'coupon'])).toEqual({
      sector: ['FINL'],
      rating: undefined,
      seniority: undefined,
      tenor: ['5Y'],
      callable: 'false',
      q: 'ibm',
      issuerId: undefined,
      sort: 'price',
      sortDesc: 'false',
      sort2: 'coupon',
      sort2Desc: 'true',
      columns: ['price', 'coupon'],
    });
  });

  it('keeps filters in the URL search', () => {
    const filters = {
      sector: ['FINL', 'UTIL'],
      rating: ['IG'],
      seniority: ['Senior Unsecured'],
      tenor: ['2Y' as const],
      callable: true,
      q: 'bank',
      issuerId: [12, 7],
    };
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
    expect(filtersFromSearch(new URLSearchParams(''))).toEqual(EMPTY_FILTERS);
  });

  it('an issuer drill-down link (?issuerId=) filters by issuer id: several allowed, kept in the URL, sent to the list and CSV', () => {
    const filters = filtersFromSearch(new URLSearchParams('issuerId=12&issuerId=7,x,12,0,-3'));
    // Repeated or comma-separated; malformed ids and duplicates dropped rather than failing the whole table.
    expect(filters).toEqual({ ...EMPTY_FILTERS, issuerId: [12, 7] });
    expect(searchFromFilters(filters).toString()).toBe('issuerId=12%2C7');
    const view = viewFromPreferences(undefined, filters);
    expect(listQuery(view, ['ticker'])).toMatchObject({ issuerId: ['12', '7'], q: undefined });
    expect(listQuery(viewFromPreferences(undefined, EMPTY_FILTERS), ['ticker']).issuerId).toBeUndefined();
    // Removing the last issuer leaves no parameter behind.
    expect(searchFromFilters({ ...filters, issuerId: [] }).has('issuerId')).toBe(false);
  });

  it('a saved custom table keeps its issuer filter; one saved before the filter existed reads as no issuers', () => {
    const config = configFromView(viewFromPreferences(undefined, { ...EMPTY_FILTERS, issuerId: [42] }));
    expect(bondTableConfigSchema.parse(JSON.parse(JSON.stringify(config))).filters.issuerId).toEqual([42]);
    const { issuerId: _dropped, ...older } = config.filters;
    expect(bondTableConfigSchema.parse({ ...config, filters: older }).filters.issuerId).toEqual([]);
  });

  it('without S&P ratings a saved rating filter is kept in the view but never sent (the server refuses it)', () => {
    const filters = { ...EMPTY_FILTERS, rating: ['IG'], sector: ['FIN'] };
    const view = { ...viewFromPreferences(undefined, EMPTY_FILTERS), filters };
    expect(listQuery({ ...view, filters: usableFilters(filters, false) }, ['price'])).toMatchObject({ rating: undefined, sector: ['FIN'] });
    expect(listQuery({ ...view, filters: usableFilters(filters, true) }, ['price'])).toMatchObject({ rating: ['IG'], sector: ['FIN'] });
    expect(filters.rating).toEqual(['IG']);
  });

  it('completes a stored column order with new columns and drops unknown ones', () => {
    const order = completeOrder(['price', 'nope', 'coupon']);
    expect(order.slice(0, 2)).toEqual(['price', 'coupon']);
    expect(order).toHaveLength(BOND_TABLE_COLUMNS.length);
  });

  it('formats cells the desk way with the one formatter', () => {
    expect(formatBondCell('price', 101.25)).toBe('101.250');
    expect(formatBondCell('yieldToWorst', 0.051234)).toBe('5.123%');
    expect(formatBondCell('changeYTW', 0.000312)).toBe('+3.1 bp');
    expect(formatBondCell('gSpread', 87.93)).toBe('+87.9 bp');
    expect(formatBondCell('volume', 22_127_000)).toBe('22.13MM');
    expect(formatBondCell('maturityDate', '2032-12-26')).toBe('Dec 26, 2032');
    expect(formatBondCell('dv01', 0.0521391)).toBe('0.0521');
    expect(formatBondCell('changeConfidence', 22)).toBe('+22');
    expect(formatBondCell('nextCallDate', null)).toBe('—');
    expect(formatBondCell('source', 'finra-public')).toBe('FINRA TRACE');
    expect(formatBondCell('source', 'simulator')).toBe('Simulator');
  });
});

describe('bond screens texts', () => {
  it('market moves show price moves in points, yield moves in bp and spread moves in signed bp', async () => {
    const { moveText } = await import('./moves/bondMovesView');
    expect(moveText('price', { value: 101.1445, previous: 105.0296, change: -3.8851 })).toEqual({
      level: '101.145',
      previous: '105.030',
      change: '-3.885',
    });
    expect(moveText('yield', { value: 0.0520378, previous: 0.0735329, change: -0.0214951 }).change).toBe('-215.0 bp');
    expect(moveText('spread', { value: 710.394, previous: 539.398, change: 170.996 })).toEqual({
      level: '710.4 bp',
      previous: '539.4 bp',
      change: '+171.0 bp',
    });
  });

  it('a custom table is described by its sorts and filters', async () => {
    const { describeTable } = await import('./config/bondTablesText');
    expect(
      describeTable({
        id: '00000000-0000-4000-8000-000000000000',
        name: 'x',
        createdAt: '',
        updatedAt: '',
        columns: ['price'],
        primarySort: 'gSpread',
        primaryDescending: true,
        secondarySort: 'yieldToWorst',
        secondaryDescending: false,
        filters: { ...EMPTY_FILTERS, rating: ['HY'], callable: true },
      }),
    ).toBe('sorted by G-Sprd ↓, YTW ↑; rating HY · callable');
    expect(
      describeTable({
        id: '00000000-0000-4000-8000-000000000000',
        name: 'x',
        createdAt: '',
        updatedAt: '',
        columns: ['price'],
        primarySort: null,
        primaryDescending: true,
        secondarySort: null,
        secondaryDescending: false,
        filters: { ...EMPTY_FILTERS, issuerId: [3, 9] },
      }),
    ).toBe('issuers 3/9');
  });

  it('an issuer filter pill names the issuer by ticker and name, or by id while loading or when unknown', async () => {
    const { issuerPillLabel } = await import('./IssuerFilterPills');
    expect(issuerPillLabel(7, { ticker: 'ACME', displayName: 'Acme Corp' }, false)).toBe('ACME · Acme Corp');
    expect(issuerPillLabel(7, undefined, false)).toBe('Issuer 7');
    expect(issuerPillLabel(7, undefined, true)).toBe('Issuer 7 (unknown)');
  });
});
