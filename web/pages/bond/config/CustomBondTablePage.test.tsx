import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BOND_PATHS, bondListResponseSchema } from '@common/api/bond';
import { type BondTable, BOND_TABLE_PATHS, bondTableSchema } from '@common/api/bondTables';
import { type ApiCall, refusal, serveApi, shaped } from '../../../test/apiServer';
import { gridCells } from '../../../test/grid';
import { renderPage } from '../../../test/renderPage';
import { clickPastSaveDelay } from '../../../test/savedViews';
import CustomBondTablePage from './CustomBondTablePage';

const ID = '0b6f0d6e-8c1a-4f4e-9a57-3f1d2c9b7a10';
const ROUTE = '/bw/bond/config/:uuid';
const TABLE = `GET ${BOND_TABLE_PATHS.one({ id: ID })}`;
const SAVE = `PATCH ${BOND_TABLE_PATHS.one({ id: ID })}`;
const BONDS = `GET ${BOND_PATHS.bonds}`;

const saved: BondTable = {
  id: ID,
  name: 'Financials 10Y bullets',
  columns: ['description', 'price', 'yieldToWorst', 'gSpread'],
  primarySort: 'gSpread',
  primaryDescending: true,
  secondarySort: null,
  secondaryDescending: false,
  filters: { sector: ['FINL'], rating: [], seniority: [], tenor: ['10Y'], callable: false, q: null, issuerId: [] },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T15:30:00.000Z',
};
const bonds = shaped(bondListResponseSchema, {
  rows: [{ id: 77, description: 'ACME 5.25 12/01/36', price: 101.25, yieldToWorst: 0.05123, gSpread: 95.44 }],
  total: 1,
  offset: 0,
  limit: 100,
  asOf: '2026-11-20T23:59:59.999Z',
});

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [TABLE]: shaped(bondTableSchema, saved),
    [BONDS]: bonds,
    [SAVE]: (call: ApiCall) => shaped(bondTableSchema, { ...saved, ...(call.body as object) }),
  });
});

describe('a custom bond table opened', () => {
  it('asks for the bonds with the table’s columns, sort and filters and shows them formatted', async () => {
    renderPage(<CustomBondTablePage />, { path: ROUTE, at: `/bw/bond/config/${ID}` });
    // The route's own title stands until the table arrives.
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Financials 10Y bullets'));
    await waitFor(() => expect(server.callsTo(BONDS).length).toBeGreaterThan(0));
    const query = server.callsTo(BONDS)[0]!.query;
    expect({
      sector: query.getAll('sector'),
      tenor: query.getAll('tenor'),
      callable: query.get('callable'),
      sort: query.get('sort'),
      sortDesc: query.get('sortDesc'),
      columns: query.getAll('columns').flatMap((c) => c.split(',')),
    }).toEqual({
      sector: ['FINL'],
      tenor: ['10Y'],
      callable: 'false',
      sort: 'gSpread',
      sortDesc: 'true',
      columns: expect.arrayContaining(['description', 'price', 'yieldToWorst', 'gSpread']),
    });
    const grid = await screen.findByText('ACME 5.25 12/01/36');
    await waitFor(() =>
      expect(gridCells(grid.closest('.ag-root-wrapper') as HTMLElement, '77')).toMatchObject({
        price: '101.250',
        yieldToWorst: '5.123%',
      }),
    );
    expect(screen.getByTestId('table-save-state').textContent).toBe('Saved');
  });

  it('a filter changed here is saved to the table a moment later', async () => {
    renderPage(<CustomBondTablePage />, { path: ROUTE, at: `/bw/bond/config/${ID}` });
    await screen.findByText('Financials 10Y bullets');
    fireEvent.click(within(await screen.findByTestId('filter-callable')).getByText('Callable'));
    await waitFor(() => expect(screen.getByTestId('table-save-state').textContent).toBe('Saving…'));
    await waitFor(() => expect(server.callsTo(SAVE)).toHaveLength(1));
    expect(server.callsTo(SAVE)[0]!.body).toMatchObject({
      primarySort: 'gSpread',
      primaryDescending: true,
      filters: { sector: ['FINL'], tenor: ['10Y'], callable: true },
    });
    expect((server.callsTo(SAVE)[0]!.body as BondTable).columns.slice(0, 4)).toEqual(['description', 'price', 'yieldToWorst', 'gSpread']);
    await waitFor(() => expect(screen.getByTestId('table-save-state').textContent).toBe('Saved'));
    await waitFor(() => expect(server.callsTo(BONDS).at(-1)!.query.get('callable')).toBe('true'));
  });

  it('a table shared to view is never saved: changes stay on this screen', async () => {
    server.answer(
      TABLE,
      shaped(bondTableSchema, {
        ...saved,
        shared: { owner: { email: 'ann@example.com', name: null }, permission: 'view', shareId: 's-1' },
      }),
    );
    renderPage(<CustomBondTablePage />, { path: ROUTE, at: `/bw/bond/config/${ID}` });
    expect((await screen.findByTestId('table-shared-by')).textContent).toBe('Shared by ann@example.com · view only');
    expect(screen.getByTestId('table-save-state').textContent).toBe('View only');
    const callable = within(await screen.findByTestId('filter-callable')).getByText('Callable');
    clickPastSaveDelay(callable);
    await waitFor(() => expect(server.callsTo(BONDS).at(-1)!.query.get('callable')).toBe('true'));
    expect(server.callsTo(SAVE)).toEqual([]);
  });

  it('a table that is gone shows the server’s sentence and the way back', async () => {
    server.answer(TABLE, refusal(404, 'This table does not exist or is not shared with you.'));
    renderPage(<CustomBondTablePage />, { path: ROUTE, at: `/bw/bond/config/${ID}` });
    const error = await screen.findByTestId('custom-table-error');
    expect(within(error).getByText('This table does not exist or is not shared with you.')).toBeTruthy();
    expect(within(error).getByRole('link', { name: 'All custom tables' }).getAttribute('href')).toBe('/bw/bond/config');
  });
});
