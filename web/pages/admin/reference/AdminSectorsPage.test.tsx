import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_SECTOR_PATHS, type AdminSectorsResponse, adminSectorSchema } from '@common/api/adminSectors';
import { refusal, serveApi, shaped } from '../../../test/apiServer';
import { fieldError } from '../../../test/fieldError';
import { renderPage } from '../../../test/renderPage';
import AdminSectorsPage from './AdminSectorsPage';
import { financials } from './referenceFixtures';

const LIST = `GET ${ADMIN_SECTOR_PATHS.list}`;
const ADD = `POST ${ADMIN_SECTOR_PATHS.list}`;
const INSURANCE = ADMIN_SECTOR_PATHS.sector({ sectorId: 12 });
let taxonomy: AdminSectorsResponse;
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  taxonomy = financials;
  server = serveApi({ [LIST]: () => taxonomy });
});
const row = async (code: string) => {
  const found = (await screen.findAllByTestId('sector-row')).find((r) => r.getAttribute('data-code') === code);
  if (!found) throw new Error(`no row for ${code}`);
  return found;
};
const deleteButton = async (code: string) => within(await row(code)).getByRole('button', { name: 'Delete' });

describe('admin sectors and industries', () => {
  it("shows the taxonomy with each one's issuers, and only an empty one can be deleted", async () => {
    renderPage(<AdminSectorsPage />);
    const cells = async (code: string) =>
      within(await row(code))
        .getAllByRole('cell')
        .slice(0, 3)
        .map((c) => c.textContent);
    expect(await cells('FIN')).toEqual(['Financials', 'FIN', '2']);
    expect(await cells('BANKS')).toEqual(['Banks', 'BANKS', '2']);
    expect((await deleteButton('FIN')).hasAttribute('disabled')).toBe(true);
    expect((await deleteButton('BANKS')).hasAttribute('disabled')).toBe(true);
    expect((await deleteButton('INSUR')).hasAttribute('disabled')).toBe(false);
  });

  it('renaming an industry sends the name with the version read, and the taxonomy read again shows it', async () => {
    server.answer(`PUT ${INSURANCE}`, () => {
      const renamed = shaped(adminSectorSchema, { ...financials.sectors[2]!, name: 'Insurance & reinsurance', version: 2 });
      taxonomy = { sectors: [financials.sectors[0]!, financials.sectors[1]!, renamed] };
      return renamed;
    });
    renderPage(<AdminSectorsPage />);
    fireEvent.click(within(await row('INSUR')).getByRole('button', { name: 'Rename' }));
    fireEvent.change(screen.getByLabelText('New name of INSUR'), { target: { value: 'Insurance & reinsurance' } });
    fireEvent.click(within(await row('INSUR')).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(within(await row('INSUR')).getByText('Insurance & reinsurance')).toBeTruthy());
    expect(server.callsTo(`PUT ${INSURANCE}`).map((c) => c.body)).toEqual([{ version: 1, name: 'Insurance & reinsurance' }]);
  });

  it('deleting an empty industry names its version; a refusal is shown on its row', async () => {
    server.answer(
      `DELETE ${INSURANCE}`,
      refusal(409, 'This sector was changed by someone else since you opened it (version 1, now 2): reload and try again.'),
    );
    renderPage(<AdminSectorsPage />);
    fireEvent.click(await deleteButton('INSUR'));
    expect(
      await within(await row('INSUR')).findByText(
        'This sector was changed by someone else since you opened it (version 1, now 2): reload and try again.',
      ),
    ).toBeTruthy();
    expect(server.callsTo(`DELETE ${INSURANCE}`).map((c) => c.query.get('version'))).toEqual(['1']);
  });

  it('a refused delete reads the taxonomy again, so the table shows what is stored', async () => {
    server.answer(`DELETE ${INSURANCE}`, () => {
      taxonomy = { sectors: [financials.sectors[0]!, financials.sectors[1]!, { ...financials.sectors[2]!, issuerCount: 3, version: 2 }] };
      return refusal(409, 'This sector was changed by someone else since you opened it (version 1, now 2): reload and try again.');
    });
    renderPage(<AdminSectorsPage />);
    fireEvent.click(await deleteButton('INSUR'));
    expect(
      await within(await row('INSUR')).findByText(
        'This sector was changed by someone else since you opened it (version 1, now 2): reload and try again.',
      ),
    ).toBeTruthy();
    await waitFor(async () => expect((await deleteButton('INSUR')).hasAttribute('disabled')).toBe(true));
    expect(server.callsTo(LIST)).toHaveLength(2);
  });

  it('adding a sector sends its code and name, empties the form, and the taxonomy read again lists it', async () => {
    server.answer(ADD, () => {
      const utilities = shaped(adminSectorSchema, { id: 30, code: 'UTIL', name: 'Utilities', parentId: null, issuerCount: 0, version: 1 });
      taxonomy = { sectors: [...financials.sectors, utilities] };
      return utilities;
    });
    renderPage(<AdminSectorsPage />);
    await row('FIN');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'UTIL' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Utilities' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(async () => expect(within(await row('UTIL')).getByText('Utilities')).toBeTruthy());
    expect(server.callsTo(ADD).map((c) => c.body)).toEqual([{ code: 'UTIL', name: 'Utilities', parentId: null }]);
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it("a rename the contract refuses is refused under the name, in the server's sentence, and nothing is sent", async () => {
    renderPage(<AdminSectorsPage />);
    fireEvent.click(within(await row('INSUR')).getByRole('button', { name: 'Rename' }));
    const name = screen.getByLabelText('New name of INSUR');
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(await row('INSUR')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError(name)).toBe('Name must not be empty.'));
    expect(server.callsTo(`PUT ${INSURANCE}`)).toEqual([]);
  });

  it("the server's 400 naming the new name shows under it, and the field stays open", async () => {
    server.answer(`PUT ${INSURANCE}`, refusal(400, 'Invalid body.name: must be at most 80 characters'));
    renderPage(<AdminSectorsPage />);
    fireEvent.click(within(await row('INSUR')).getByRole('button', { name: 'Rename' }));
    fireEvent.change(screen.getByLabelText('New name of INSUR'), { target: { value: 'Insurers' } });
    fireEvent.click(within(await row('INSUR')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fieldError(screen.getByLabelText('New name of INSUR'))).toBe('Name must be at most 80 characters.'));
    expect(server.callsTo(`PUT ${INSURANCE}`).map((c) => c.body)).toEqual([{ version: 1, name: 'Insurers' }]);
  });

  it('a rename refused as changed meanwhile closes the field and says so under the row', async () => {
    server.answer(`PUT ${INSURANCE}`, refusal(409, 'version: the industry changed since you read it'));
    renderPage(<AdminSectorsPage />);
    fireEvent.click(within(await row('INSUR')).getByRole('button', { name: 'Rename' }));
    fireEvent.change(screen.getByLabelText('New name of INSUR'), { target: { value: 'Insurers' } });
    fireEvent.click(within(await row('INSUR')).getByRole('button', { name: 'Save' }));
    expect(await within(await row('INSUR')).findByText('version: the industry changed since you read it')).toBeTruthy();
    expect(screen.queryByLabelText('New name of INSUR')).toBeNull();
  });

  it("a code or name the contract refuses is refused under it, in the server's sentence, and nothing is sent", async () => {
    renderPage(<AdminSectorsPage />);
    await row('FIN');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'UT IL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(fieldError(screen.getByLabelText('Code'))).toBe('Code must be letters, digits and _ . & -.'));
    expect(fieldError(screen.getByLabelText('Name'))).toBe('Name must not be empty.');
    expect(server.callsTo(ADD)).toEqual([]);
  });

  it('adding an industry sends the sector it goes under, with the code as typed', async () => {
    server.answer(ADD, () => shaped(adminSectorSchema, { id: 31, code: 'REIT', name: 'REITs', parentId: 1, issuerCount: 0, version: 1 }));
    renderPage(<AdminSectorsPage />);
    await row('FIN');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'reit' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'REITs' } });
    fireEvent.click(screen.getByPlaceholderText('(a new sector)'));
    fireEvent.click(await screen.findByRole('option', { name: /Financials/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(server.callsTo(ADD).map((c) => c.body)).toEqual([{ code: 'reit', name: 'REITs', parentId: 1 }]));
  });

  it("the server's 400 naming the code shows under it, the typed sector is kept and the taxonomy read again", async () => {
    server.answer(ADD, refusal(400, 'Invalid body.code: must be at most 40 characters'));
    renderPage(<AdminSectorsPage />);
    await row('FIN');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'UTIL' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Utilities' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(fieldError(screen.getByLabelText('Code'))).toBe('Code must be at most 40 characters.'));
    expect(server.callsTo(ADD).map((c) => c.body)).toEqual([{ code: 'UTIL', name: 'Utilities', parentId: null }]);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Utilities');
    await waitFor(() => expect(server.callsTo(LIST)).toHaveLength(2));
  });
});
