import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOND_PATHS, bondListResponseSchema } from '@common/api/bond';
import { preferencesResponseSchema, USER_PATHS } from '@common/api/user';
import { useSession } from '../../stores/session';
import { serveApi, shaped } from '../../test/apiServer';
import { gridCells } from '../../test/grid';
import { makeJwt } from '../../test/jwt';
import { renderPage } from '../../test/renderPage';
import { clickPastSaveDelay } from '../../test/savedViews';
import BondTablePage from './BondTablePage';

const ROUTE = '/bw/bond';
const BONDS = `GET ${BOND_PATHS.bonds}`;
const PREFERENCES = USER_PATHS.preferences({ id: 'u-1' });
/** The view the user saved: three columns, widest G-spread first. */
const saved = shaped(preferencesResponseSchema, {
  preferences: {
    bonds: { visibleColumns: ['description', 'price', 'gSpread'], primarySort: 'gSpread', primaryDescending: true },
  },
  defaults: {},
});
const bonds = shaped(bondListResponseSchema, {
  rows: [
    { id: 77, description: 'ACME 5.25 12/01/36', price: 101.25, gSpread: 95.44 },
    { id: 78, description: 'BETA 4.5 06/15/31', price: 98.5, gSpread: 80.1 },
  ],
  total: 2,
  offset: 0,
  limit: 100,
  asOf: '2026-11-27T21:00:00.000Z',
});

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u-1', scope: 'user' }) });
  server = serveApi({ [`GET ${PREFERENCES}`]: saved, [BONDS]: bonds });
});
// Signing out also forgets the preferences loaded for u-1.
afterEach(() => useSession.getState().clear());
const table = () => screen.getByTestId('bond-table');

describe('the bond table', () => {
  it('shows the bonds in the columns and order of the user’s saved view, with their count', async () => {
    renderPage(<BondTablePage />, { path: ROUTE, at: ROUTE });
    expect(await screen.findByText('2 bonds')).toBeTruthy();
    await waitFor(() =>
      expect(gridCells(table(), '77')).toEqual({
        description: 'ACME 5.25 12/01/36',
        price: '101.250',
        gSpread: '+95.4 bp',
        rowMenu: '⋯',
      }),
    );
    const query = server.callsTo(BONDS)[0]!.query;
    expect({ sort: query.get('sort'), sortDesc: query.get('sortDesc') }).toEqual({ sort: 'gSpread', sortDesc: 'true' });
    expect(
      query
        .getAll('columns')
        .flatMap((c) => c.split(','))
        .filter((c) => ['price', 'gSpread', 'yieldToWorst'].includes(c)),
    ).toEqual(['price', 'gSpread']);
  });

  it('asks for the bonds the address filters by when opened from a link', async () => {
    renderPage(<BondTablePage />, { path: ROUTE, at: '/bw/bond?sector=FINL,UTIL&tenor=10Y&callable=false&issuerId=12,x' });
    await waitFor(() => expect(server.callsTo(BONDS).length).toBeGreaterThan(0));
    const query = server.callsTo(BONDS)[0]!.query;
    expect({
      sector: query.getAll('sector').flatMap((s) => s.split(',')),
      tenor: query.getAll('tenor'),
      callable: query.get('callable'),
      issuerId: query.getAll('issuerId').flatMap((s) => s.split(',')),
    }).toEqual({ sector: ['FINL', 'UTIL'], tenor: ['10Y'], callable: 'false', issuerId: ['12'] });
  });

  it('keeps a filter changed here in the address, not in the saved view', async () => {
    const { router } = renderPage(<BondTablePage />, { path: ROUTE, at: ROUTE });
    const callable = within(await screen.findByTestId('filter-callable')).getByText('Callable');
    clickPastSaveDelay(callable);
    await waitFor(() => expect(router.state.location.search).toBe('?callable=true'));
    await waitFor(() => expect(server.callsTo(BONDS).at(-1)!.query.get('callable')).toBe('true'));
    expect(server.callsTo(`PUT ${PREFERENCES}`)).toEqual([]);
  });

  it('says no bonds match when the server finds none for the filters', async () => {
    server.answer(BONDS, shaped(bondListResponseSchema, { ...bonds, rows: [], total: 0 }));
    renderPage(<BondTablePage />, { path: ROUTE, at: '/bw/bond?q=zzz' });
    expect((await screen.findByTestId('bond-empty')).textContent).toBe('No bonds match these filters.');
    expect(screen.getByTestId('bond-count').textContent).toBe('0 bonds');
    expect(server.callsTo(BONDS)[0]!.query.get('q')).toBe('zzz');
  });
});
