import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type BondTable,
  BOND_TABLE_PATHS,
  DEFAULT_BOND_TABLE_COLUMNS,
  bondTableListResponseSchema,
  bondTableSchema,
} from '@common/api/bondTables';
import { type ApiCall, refusal, serveApi, shaped } from '../../../test/apiServer';
import { fieldError } from '../../../test/fieldError';
import { renderPage } from '../../../test/renderPage';
import BondTablesPage from './BondTablesPage';

const LIST = `GET ${BOND_TABLE_PATHS.list}`;
const CREATE = `POST ${BOND_TABLE_PATHS.list}`;
const MINE = '0b6f0d6e-8c1a-4f4e-9a57-3f1d2c9b7a10';
const RENAME = `PATCH ${BOND_TABLE_PATHS.one({ id: '0b6f0d6e-8c1a-4f4e-9a57-3f1d2c9b7a10' })}`;
const THEIRS = '5d2e7c41-2b7e-4c0a-8e0f-9a1b3c4d5e6f';

const table = (fields: Partial<BondTable> & Pick<BondTable, 'id' | 'name'>): BondTable => ({
  columns: ['description', 'yieldToWorst', 'gSpread'],
  primarySort: 'gSpread',
  primaryDescending: true,
  secondarySort: 'yieldToWorst',
  secondaryDescending: false,
  filters: { sector: ['FINL'], rating: ['IG'], seniority: [], tenor: ['5Y', '10Y'], callable: false, q: null, issuerId: [] },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-20T15:30:00.000Z',
  ...fields,
});
const mine = table({ id: MINE, name: 'IG financials 5–10Y' });
const theirs = table({
  id: THEIRS,
  name: 'Desk watchlist',
  columns: ['description'],
  primarySort: null,
  secondarySort: null,
  filters: { sector: [], rating: [], seniority: [], tenor: [], callable: null, q: 'ACME', issuerId: [12, 40] },
  shared: { owner: { email: 'ann@example.com', name: 'Ann Lee' }, permission: 'view', shareId: 's-1' },
});

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [LIST]: shaped(bondTableListResponseSchema, { tables: [mine, theirs] }),
    [CREATE]: (call: ApiCall) =>
      shaped(bondTableSchema, { ...mine, id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', name: (call.body as { name: string }).name }),
    [`PATCH ${BOND_TABLE_PATHS.one({ id: MINE })}`]: (call: ApiCall) => shaped(bondTableSchema, { ...mine, ...(call.body as object) }),
    [`POST ${BOND_TABLE_PATHS.duplicate({ id: THEIRS })}`]: shaped(bondTableSchema, {
      ...theirs,
      id: '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
      shared: undefined,
    }),
    [`DELETE ${BOND_TABLE_PATHS.one({ id: MINE })}`]: new Response(null, { status: 204 }),
  });
});
const row = (name: string) => screen.getAllByTestId('bond-table-row').find((r) => r.getAttribute('data-name') === name)!;
const cells = (name: string) =>
  within(row(name))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the custom bond tables page', () => {
  it('lists each table with its column count, sorts and filters in words; a shared one names its owner', async () => {
    renderPage(<BondTablesPage />);
    await screen.findByTestId('bond-tables-list');
    expect(cells('IG financials 5–10Y').slice(0, 3)).toEqual([
      'IG financials 5–10Y',
      '3',
      'sorted by G-Sprd ↓, YTW ↑; sector FINL · rating IG · tenor 5Y/10Y · bullet',
    ]);
    expect(cells('IG financials 5–10Y')[3]).toMatch(/^Nov 20, 2026, \d{1,2}:30 [AP]M$/);
    expect(within(row('IG financials 5–10Y')).getByRole('link', { name: 'IG financials 5–10Y' }).getAttribute('href')).toBe(
      `/bw/bond/config/${MINE}`,
    );
    expect(cells('Desk watchlist').slice(0, 3)).toEqual(['Desk watchlistShared by Ann Lee · view only', '1', '“ACME” · issuers 12/40']);
    // View only: no rename, no delete; a copy may be made.
    expect(within(row('Desk watchlist')).queryByTestId('rename-table')).toBeNull();
    expect(within(row('Desk watchlist')).queryByTestId('delete-table')).toBeNull();
    expect(within(row('Desk watchlist')).getByTestId('duplicate-table')).toBeTruthy();
  });

  it('creating a table sends its name with the bond table’s columns and sort, then reads the list again', async () => {
    renderPage(<BondTablesPage />);
    await screen.findByTestId('bond-tables-list');
    fireEvent.change(screen.getByTestId('new-table-name'), { target: { value: '  HY energy  ' } });
    fireEvent.click(screen.getByTestId('create-table'));
    await waitFor(() => expect(server.callsTo(CREATE)).toHaveLength(1));
    expect(server.callsTo(CREATE)[0]!.body).toEqual({
      name: 'HY energy',
      // A new table starts with the desk's everyday columns.
      columns: [...DEFAULT_BOND_TABLE_COLUMNS],
      primarySort: 'volume',
      primaryDescending: true,
      secondarySort: null,
      secondaryDescending: false,
      filters: { sector: [], rating: [], seniority: [], tenor: [], callable: null, q: null, issuerId: [] },
    });
    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(2));
    expect((screen.getByTestId('new-table-name') as HTMLInputElement).value).toBe('');
  });

  it('rename, duplicate and delete each send their request for that table', async () => {
    renderPage(<BondTablesPage />);
    await screen.findByTestId('bond-tables-list');
    fireEvent.click(within(row('IG financials 5–10Y')).getByTestId('rename-table'));
    const input = (await screen.findByTestId('table-name-input')) as HTMLInputElement;
    expect(input.value).toBe('IG financials 5–10Y');
    fireEvent.change(input, { target: { value: 'IG fins' } });
    fireEvent.click(screen.getByTestId('table-name-save'));
    await waitFor(() =>
      expect(server.callsTo(`PATCH ${BOND_TABLE_PATHS.one({ id: MINE })}`).map((c) => c.body)).toEqual([{ name: 'IG fins' }]),
    );

    fireEvent.click(within(row('Desk watchlist')).getByTestId('duplicate-table'));
    await waitFor(() => expect(server.callsTo(`POST ${BOND_TABLE_PATHS.duplicate({ id: THEIRS })}`)).toHaveLength(1));

    fireEvent.click(within(row('IG financials 5–10Y')).getByTestId('delete-table'));
    fireEvent.click(await screen.findByTestId('confirm-delete'));
    await waitFor(() => expect(server.callsTo(`DELETE ${BOND_TABLE_PATHS.one({ id: MINE })}`)).toHaveLength(1));
  });

  it("a new table's name the contract refuses is refused under it, in the server's sentence, and nothing is sent", async () => {
    renderPage(<BondTablesPage />);
    await screen.findByTestId('bond-tables-list');
    fireEvent.change(screen.getByTestId('new-table-name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('create-table'));
    await waitFor(() => expect(fieldError(screen.getByTestId('new-table-name'))).toBe('Enter a name.'));
    fireEvent.change(screen.getByTestId('new-table-name'), { target: { value: 'x'.repeat(81) } });
    fireEvent.click(screen.getByTestId('create-table'));
    await waitFor(() => expect(fieldError(screen.getByTestId('new-table-name'))).toBe('At most 80 characters.'));
    expect(server.callsTo(CREATE)).toEqual([]);
  });

  it("the server's 400 naming the new table's name shows under it, and the name typed is kept", async () => {
    server.answer(CREATE, refusal(400, 'Invalid body.name: At most 80 characters'));
    renderPage(<BondTablesPage />);
    await screen.findByTestId('bond-tables-list');
    fireEvent.change(screen.getByTestId('new-table-name'), { target: { value: 'HY energy' } });
    fireEvent.click(screen.getByTestId('create-table'));
    await waitFor(() => expect(fieldError(screen.getByTestId('new-table-name'))).toBe('At most 80 characters.'));
    expect(server.callsTo(CREATE)).toHaveLength(1);
    expect((screen.getByTestId('new-table-name') as HTMLInputElement).value).toBe('HY energy');
  });

  it("a rename the contract refuses is refused under the name, in the server's sentence, and nothing is sent", async () => {
    renderPage(<BondTablesPage />);
    await screen.findByTestId('bond-tables-list');
    fireEvent.click(within(row('IG financials 5–10Y')).getByTestId('rename-table'));
    const input = await screen.findByTestId('table-name-input');
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('table-name-save'));
    await waitFor(() => expect(fieldError(input)).toBe('Enter a name.'));
    expect(server.callsTo(RENAME)).toEqual([]);
  });

  it('a rename sends exactly the trimmed name and closes the dialog', async () => {
    renderPage(<BondTablesPage />);
    await screen.findByTestId('bond-tables-list');
    fireEvent.click(within(row('IG financials 5–10Y')).getByTestId('rename-table'));
    fireEvent.change(await screen.findByTestId('table-name-input'), { target: { value: '  IG fins ' } });
    fireEvent.click(screen.getByTestId('table-name-save'));
    await waitFor(() => expect(server.callsTo(RENAME).map((c) => c.body)).toEqual([{ name: 'IG fins' }]));
    await waitFor(() => expect(screen.queryByTestId('table-name-input')).toBeNull());
  });

  it("the server's 400 naming the new name shows under it, and the dialog stays open", async () => {
    server.answer(RENAME, refusal(400, 'Invalid body.name: At most 80 characters'));
    renderPage(<BondTablesPage />);
    await screen.findByTestId('bond-tables-list');
    fireEvent.click(within(row('IG financials 5–10Y')).getByTestId('rename-table'));
    fireEvent.change(await screen.findByTestId('table-name-input'), { target: { value: 'IG fins' } });
    fireEvent.click(screen.getByTestId('table-name-save'));
    await waitFor(() => expect(fieldError(screen.getByTestId('table-name-input'))).toBe('At most 80 characters.'));
    expect(server.callsTo(RENAME)).toHaveLength(1);
    expect((screen.getByTestId('table-name-input') as HTMLInputElement).value).toBe('IG fins');
  });
});
