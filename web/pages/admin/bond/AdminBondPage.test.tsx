import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_BOND_PATHS, type AdminBondTerms, adminBondSavedSchema } from '@common/api/adminBonds';
import { type ApiCall, refusal, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import AdminBondPage from './AdminBondPage';
import { makeAdminBond as bond, acmeTerms as terms } from './bondFixtures';

const BOND = ADMIN_BOND_PATHS.bond({ bondId: 5 });
const SAVE = `PUT ${BOND}`;
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [`GET ${BOND}`]: bond() });
});
const renderBond = () => renderPage(<AdminBondPage />, { path: '/bw/admin/bond/:bondId', at: '/bw/admin/bond/5' });

describe('admin bond page', () => {
  it('shows the terms to edit, the recent trades and who changed what', async () => {
    renderBond();
    expect((await screen.findByTestId('bond-title')).textContent).toBe('000000AA1 — ACME 5.25 12/01/36');
    expect(screen.getByText('Not priced yet.')).toBeTruthy();
    expect((screen.getByTestId('bond-callSchedule') as HTMLInputElement).value).toBe('2036-09-01@100');
    expect(within(screen.getByTestId('bond-trades')).getByText('trace')).toBeTruthy();
    expect(screen.getByText('ratingSp: A- → A')).toBeTruthy();
  });

  it('saving sends every term with the version read, and says what changed and that the bond is repriced', async () => {
    server.answer(SAVE, (call: ApiCall) => {
      const sent = call.body as AdminBondTerms;
      return shaped(adminBondSavedSchema, {
        bond: bond({ ...sent, updatedAt: '2026-11-29T10:00:00.000000Z' }),
        changed: ['description', 'callSchedule'],
        repriced: true,
      });
    });
    renderBond();
    fireEvent.change(await screen.findByTestId('bond-description'), { target: { value: 'ACME 5.25 12/01/36 (called)' } });
    fireEvent.change(screen.getByTestId('bond-callSchedule'), { target: { value: '2031-12-01@101; 2036-09-01@100' } });
    fireEvent.click(screen.getByTestId('bond-save'));
    expect((await screen.findByTestId('bond-save-message')).textContent).toBe('Saved description, callSchedule; the bond is repriced.');
    expect(server.callsTo(SAVE).map((c) => c.body)).toEqual([
      {
        ...terms,
        description: 'ACME 5.25 12/01/36 (called)',
        callSchedule: [
          { date: '2031-12-01', price: 101 },
          { date: '2036-09-01', price: 100 },
        ],
        updatedAt: '2026-11-26T09:00:00.123456Z',
      },
    ]);
    expect(screen.getByTestId('bond-title').textContent).toBe('000000AA1 — ACME 5.25 12/01/36 (called)');
  });

  it('a bond changed by someone else meanwhile is refused: the reason is shown and the bond read again', async () => {
    // As server/services/marketAdmin/bondEdit says it: a plain sentence, on no field.
    server.answer(SAVE, refusal(409, 'Bond 5 was changed by someone else after you read it: reload it and edit again.'));
    renderBond();
    fireEvent.click(await screen.findByTestId('bond-save'));
    expect((await screen.findByTestId('bond-save-message')).textContent).toBe(
      'Bond 5 was changed by someone else after you read it: reload it and edit again.',
    );
    await waitFor(() => expect(server.callsTo(`GET ${BOND}`)).toHaveLength(2));
  });

  it('a call price the contract refuses is named on the calls field and nothing is sent', async () => {
    renderBond();
    fireEvent.change(await screen.findByTestId('bond-callSchedule'), { target: { value: '2031-12-01@250' } });
    fireEvent.change(screen.getByTestId('bond-description'), { target: { value: 'x'.repeat(121) } });
    fireEvent.click(screen.getByTestId('bond-save'));
    expect(await screen.findByText('Price must be at most 200.')).toBeTruthy();
    expect(screen.getByText('Description must be at most 120 characters.')).toBeTruthy();
    expect(server.callsTo(SAVE)).toHaveLength(0);
  });

  it('a coupon over the limit is refused in percent, as it was typed, and nothing is sent', async () => {
    renderBond();
    fireEvent.change(await screen.findByTestId('bond-coupon'), { target: { value: '45' } });
    fireEvent.click(screen.getByTestId('bond-save'));
    // The contract's bound is 0.3: typed in percent, it is 30%.
    expect(await screen.findByText('Coupon must be at most 30%.')).toBeTruthy();
    expect(screen.getByTestId('bond-coupon').getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo(SAVE)).toHaveLength(0);
  });

  it("the server's refusal of a coupon is said in percent too, on the coupon field", async () => {
    server.answer(SAVE, refusal(400, 'Invalid body.coupon: Too small: expected number to be >=0.001'));
    renderBond();
    fireEvent.click(await screen.findByTestId('bond-save'));
    expect(await screen.findByText('Coupon must be at least 0.1%.')).toBeTruthy();
    expect(screen.getByTestId('bond-coupon').getAttribute('aria-invalid')).toBe('true');
  });

  it('a term only the server can check is refused on its field, not in the save message', async () => {
    // As server/services/marketAdmin/bondEdit.ts refuses it.
    server.answer(
      SAVE,
      refusal(400, 'Invalid body.cusip: fails its check digit (000000AA1: a CUSIP is 9 characters ending in its check digit)'),
    );
    renderBond();
    fireEvent.click(await screen.findByTestId('bond-save'));
    expect(
      await screen.findByText('CUSIP fails its check digit (000000AA1: a CUSIP is 9 characters ending in its check digit).'),
    ).toBeTruthy();
    expect(screen.getByTestId('bond-cusip').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('bond-save-message')).toBeNull();
  });

  it("a maturity the server finds before the issue is refused on the maturity field, in the server's words", async () => {
    server.answer(SAVE, refusal(400, 'Invalid body.maturityDate: must be after the issue date (2026-12-01)'));
    renderBond();
    fireEvent.change(await screen.findByTestId('bond-maturityDate'), { target: { value: '2026-06-01' } });
    fireEvent.click(screen.getByTestId('bond-save'));
    expect(await screen.findByText('Maturity date must be after the issue date (2026-12-01).')).toBeTruthy();
    expect(screen.getByTestId('bond-maturityDate').getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo(SAVE).map((c) => (c.body as AdminBondTerms).maturityDate)).toEqual(['2026-06-01']);
    expect(screen.queryByTestId('bond-save-message')).toBeNull();
  });

  it('a CUSIP another bond has (409) is said on the CUSIP field, naming that bond, and the bond is not read again', async () => {
    server.answer(SAVE, refusal(409, "Invalid body.cusip: is already bond 7's (000000AB9): compare and merge the two instead"));
    renderBond();
    fireEvent.change(await screen.findByTestId('bond-cusip'), { target: { value: '000000AB9' } });
    fireEvent.click(screen.getByTestId('bond-save'));
    expect(await screen.findByText("CUSIP is already bond 7's (000000AB9): compare and merge the two instead.")).toBeTruthy();
    expect(screen.getByTestId('bond-cusip').getAttribute('aria-invalid')).toBe('true');
    // What was typed stays to be corrected: a duplicate is not a change by someone else.
    expect((screen.getByTestId('bond-cusip') as HTMLInputElement).value).toBe('000000AB9');
    expect(server.callsTo(`GET ${BOND}`)).toHaveLength(1);
    expect(screen.queryByTestId('bond-save-message')).toBeNull();
  });
});
