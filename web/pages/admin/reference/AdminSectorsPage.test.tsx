import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_SECTOR_PATHS, type AdminSectorsResponse, adminSectorSchema } from '@common/api/adminSectors';
import { refusal, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import AdminSectorsPage from './AdminSectorsPage';
import { financials } from './referenceFixtures';

const LIST = `GET ${ADMIN_SECTOR_PATHS.list}`;
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
    const ADD = `POST ${ADMIN_SECTOR_PATHS.list}`;
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
});
