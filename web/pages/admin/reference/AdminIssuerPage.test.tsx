import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_ISSUER_PATHS,
  type AdminIssuerDetail,
  adminIssuerDetailSchema,
  adminIssuerMergeResponseSchema,
  adminIssuerUpdateSchema,
} from '@common/api/adminIssuers';
import { ADMIN_SECTOR_PATHS } from '@common/api/adminSectors';
import { ISSUER_PATHS, issuerSearchResponseSchema } from '@common/api/issuer';
import { type ApiCall, refusal, serveApi, shaped } from '../../../test/apiServer';
import { fieldError } from '../../../test/fieldError';
import { renderPage } from '../../../test/renderPage';
import AdminIssuerPage from './AdminIssuerPage';
import { acmeRow, financials } from './referenceFixtures';

const acme = (overrides: Partial<AdminIssuerDetail> = {}): AdminIssuerDetail =>
  shaped(adminIssuerDetailSchema, {
    ...acmeRow,
    corporateStructure: 'parent',
    createdAt: '2026-01-05T10:00:00.000Z',
    subsidiaries: [{ id: 13, name: 'Bolt Inc', displayName: 'Bolt', ticker: 'BOLT' }],
    dealCount: 3,
    bonds: [
      {
        id: 5,
        cusip: '000000AA1',
        description: 'ACME 5.25 12/01/36',
        coupon: 0.0525,
        maturityDate: '2036-12-01',
        amountOutstanding: 750_000_000,
        matured: false,
      },
      {
        id: 4,
        cusip: '000000AA0',
        description: 'ACME 3 06/01/26',
        coupon: 0.03,
        maturityDate: '2026-06-01',
        amountOutstanding: 0,
        matured: true,
      },
    ],
    curve: { asOf: null, points: [] },
    ...overrides,
  });

const ISSUER = ADMIN_ISSUER_PATHS.issuer({ issuerId: 12 });
const SAVE = `PUT ${ISSUER}`;
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [`GET ${ISSUER}`]: acme(), [`GET ${ADMIN_SECTOR_PATHS.list}`]: financials });
});
const renderIssuer = () => renderPage(<AdminIssuerPage />, { path: '/bw/admin/issuer/:issuerId', at: '/bw/admin/issuer/12' });

describe('admin issuer page', () => {
  it('shows the reference fields, the bonds (matured marked) and the subsidiaries', async () => {
    renderIssuer();
    expect(((await screen.findByTestId('issuer-name')) as HTMLInputElement).value).toBe('Acme Corporation');
    expect((screen.getByTestId('issuer-ticker') as HTMLInputElement).value).toBe('ACME');
    expect(screen.getByText('Tables show the override “Acme Corp”')).toBeTruthy();
    const bonds = screen.getByTestId('issuer-bonds');
    expect(within(bonds).getByText('ACME 5.25 12/01/36')).toBeTruthy();
    expect(within(bonds).getByText('matured')).toBeTruthy();
    expect(screen.getByText(/3 deal\(s\) · subsidiaries: BOLT/)).toBeTruthy();
    expect(screen.getByTestId('issuer-save').hasAttribute('disabled')).toBe(true);
  });

  it('saving sends only the changed field with the version read, and the page shows the saved version', async () => {
    server.answer(SAVE, (call: ApiCall) => {
      const change = adminIssuerUpdateSchema.parse(call.body);
      return acme({ displayName: change.displayName ?? 'Acme', version: 2, updatedAt: '2026-11-29T10:00:00.000Z' });
    });
    renderIssuer();
    fireEvent.change(await screen.findByTestId('issuer-display-name'), { target: { value: 'Acme Group' } });
    fireEvent.click(screen.getByTestId('issuer-save'));
    expect((await screen.findByTestId('issuer-notice')).textContent).toBe('Saved (version 2).');
    expect(server.callsTo(SAVE).map((c) => c.body)).toEqual([{ version: 1, displayName: 'Acme Group' }]);
    expect(screen.getByTestId('issuer-version').textContent).toMatch(/^version 2 · changed/);
  });

  it('an issuer changed by someone else meanwhile: the refusal offers a reload, which reads it again', async () => {
    // As server/services/reference/common.ts says it: a plain sentence; the reload is offered on the 409.
    server.answer(
      SAVE,
      refusal(409, 'This issuer was changed by someone else since you opened it (version 1, now 2): reload and try again.'),
    );
    renderIssuer();
    fireEvent.change(await screen.findByTestId('issuer-ticker'), { target: { value: 'acmx' } });
    fireEvent.click(screen.getByTestId('issuer-save'));
    const error = await screen.findByTestId('issuer-error');
    expect(error.textContent).toBe(
      'This issuer was changed by someone else since you opened it (version 1, now 2): reload and try again.Reload',
    );
    expect(server.callsTo(SAVE)[0]?.body).toEqual({ version: 1, ticker: 'acmx' });
    server.answer(`GET ${ISSUER}`, acme({ name: 'Acme Corporation Inc', version: 3 }));
    fireEvent.click(within(error).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((screen.getByTestId('issuer-name') as HTMLInputElement).value).toBe('Acme Corporation Inc'));
    expect(server.callsTo(`GET ${ISSUER}`)).toHaveLength(2);
  });

  it("a ticker the contract refuses is refused under it, in the server's sentence, and nothing is sent", async () => {
    renderIssuer();
    const ticker = await screen.findByTestId('issuer-ticker');
    fireEvent.change(ticker, { target: { value: 'AC ME' } });
    fireEvent.change(screen.getByLabelText('SEC CIK'), { target: { value: '12345678901' } });
    fireEvent.click(screen.getByTestId('issuer-save'));
    await waitFor(() => expect(fieldError(ticker)).toBe('Ticker must be letters, digits, . / - (at most 12).'));
    expect(fieldError(screen.getByLabelText('SEC CIK'))).toBe('SEC CIK must be up to 10 digits.');
    expect(server.callsTo(SAVE)).toEqual([]);
  });

  it('a good change of several fields sends exactly them as typed, with the version read', async () => {
    server.answer(SAVE, acme({ version: 2 }));
    renderIssuer();
    fireEvent.change(await screen.findByTestId('issuer-name'), { target: { value: ' Acme Corp Inc ' } });
    fireEvent.change(screen.getByLabelText('Country of risk'), { target: { value: 'gb' } });
    fireEvent.change(screen.getByLabelText('SEC CIK'), { target: { value: '320193' } });
    fireEvent.click(screen.getByTestId('issuer-save'));
    expect(await screen.findByTestId('issuer-notice')).toBeTruthy();
    expect(server.callsTo(SAVE).map((c) => c.body)).toEqual([
      { version: 1, name: ' Acme Corp Inc ', countryOfRisk: 'gb', secCik: '320193' },
    ]);
  });

  it("the server's 400 naming a field shows under that field, not on the form's error line", async () => {
    server.answer(SAVE, refusal(400, 'Invalid body.countryOfRisk: must be two letters (ISO 3166)'));
    renderIssuer();
    const country = await screen.findByLabelText('Country of risk');
    fireEvent.change(country, { target: { value: 'FR' } });
    fireEvent.click(screen.getByTestId('issuer-save'));
    await waitFor(() => expect(fieldError(country)).toBe('Country of risk must be two letters (ISO 3166).'));
    expect(server.callsTo(SAVE).map((c) => c.body)).toEqual([{ version: 1, countryOfRisk: 'FR' }]);
    expect(screen.queryByTestId('issuer-error')).toBeNull();
  });

  it('merging a duplicate sends both versions read, then says what moved and reads the issuer again', async () => {
    const MERGE = `POST ${ADMIN_ISSUER_PATHS.merge({ issuerId: 12 })}`;
    server.answer(`GET ${ISSUER_PATHS.issuers}`, () =>
      shaped(issuerSearchResponseSchema, {
        issuers: [{ id: 20, name: 'Acme Corp Holdings', displayName: 'Acme Holdings', ticker: 'ACMH', sectorCode: 'BANKS', bondCount: 2 }],
      }),
    );
    server.answer(
      `GET ${ADMIN_ISSUER_PATHS.issuer({ issuerId: 20 })}`,
      acme({
        id: 20,
        name: 'Acme Corp Holdings',
        displayName: 'Acme Holdings',
        ticker: 'ACMH',
        version: 4,
        dealCount: 1,
        subsidiaries: [],
      }),
    );
    server.answer(MERGE, () =>
      shaped(adminIssuerMergeResponseSchema, {
        survivorId: 12,
        mergedId: 20,
        bondsMoved: 2,
        dealsMoved: 1,
        subsidiariesMoved: 0,
        version: 2,
      }),
    );
    renderIssuer();
    const duplicate = await screen.findByTestId('merge-duplicate');
    act(() => duplicate.focus());
    fireEvent.change(duplicate, { target: { value: 'acmh' } });
    fireEvent.click(await screen.findByRole('option', { name: 'ACMH — Acme Holdings' }));
    await waitFor(() => expect(screen.getByTestId('merge-open').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('merge-open'));
    fireEvent.click(await screen.findByTestId('merge-confirm'));
    expect((await screen.findByTestId('issuer-notice')).textContent).toBe('Merged: 2 bond(s), 1 deal(s) and 0 subsidiar(ies) moved here.');
    expect(server.callsTo(MERGE).map((c) => c.body)).toEqual([{ duplicateId: 20, version: 1, duplicateVersion: 4, confirm: true }]);
    await waitFor(() => expect(server.callsTo(`GET ${ISSUER}`)).toHaveLength(2));
  });
});
