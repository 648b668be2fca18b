/**
 * The reading form as an admin corrects it: a correction the contract of PUT /admin/edgar/{id}
 * refuses says so on its field, in the sentence the server's 400 reads as, before anything is
 * sent; what it takes is sent as the contract's body; a 400 naming a field lands on that field.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EDGAR_PATHS, filingSchema, type TermSheetReading } from '@common/api/edgar';
import { type ApiCall, refusal, serveApi, shaped } from '../../../test/apiServer';
import { fieldError } from '../../../test/fieldError';
import { renderPage } from '../../../test/renderPage';
import AdminFilingPage from './AdminFilingPage';

const reading: TermSheetReading = {
  issuer: 'Acme Corp',
  tradeDate: '2026-11-25',
  settlementDate: '2026-12-02',
  bookrunners: ['Goldman Sachs'],
  ratings: { sp: 'A' },
  tranches: [
    {
      title: '5.250% Notes due 2036',
      principalAmount: 750_000_000,
      maturityDate: '2036-12-01',
      coupon: 0.0525,
      priceToPublic: 99.812,
      yieldToMaturity: 0.05274,
      benchmarkTreasury: null,
      benchmarkPrice: null,
      benchmarkYield: null,
      spreadBp: 84,
      interestPaymentDates: null,
      firstPaymentDate: null,
      makeWholeBp: null,
      parCallDate: null,
      cusip: '000000AA1',
      isin: null,
    },
  ],
};

const FILING = EDGAR_PATHS.filing({ id: 7 });
const CORRECT = `PUT ${FILING}`;

const filing = (read: TermSheetReading = reading) =>
  shaped(filingSchema, {
    id: 7,
    fileName: 'acme-fwp.htm',
    status: 'parsed',
    issuer: 'Acme Corp',
    tranches: 1,
    problems: 0,
    firstProblem: null,
    dealId: null,
    uploadedAt: '2026-11-28T15:00:00.000Z',
    contentType: 'text',
    source: 'FREE WRITING PROSPECTUS',
    layout: 'table',
    reading: read,
    problemList: [],
    matchedIssuer: { id: 12, ticker: 'ACME', name: 'Acme Corp' },
    corrected: false,
  });

function renderFiling(read: TermSheetReading = reading) {
  const server = serveApi({ [`GET ${FILING}`]: filing(read) });
  renderPage(<AdminFilingPage />, { path: '/bw/admin/edgar/:edgarId', at: '/bw/admin/edgar/7' });
  return server;
}

describe('correcting a term-sheet reading', () => {
  it('says on the field what the contract refuses, and takes it back once the value is fixed', async () => {
    const server = renderFiling();
    const price = await screen.findByLabelText('Price to public');
    fireEvent.change(price, { target: { value: '200' } });
    expect(await screen.findByText('Price to public must be at most 150.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Issuer'), { target: { value: 'A'.repeat(201) } });
    expect(await screen.findByText('Issuer must be at most 200 characters.')).toBeTruthy();
    fireEvent.change(price, { target: { value: '100.5' } });
    await waitFor(() => expect(screen.queryByText('Price to public must be at most 150.')).toBeNull());
    expect(server.callsTo(`PUT ${FILING}`)).toHaveLength(0);
  });

  it("names a rating by its agency, not by the reading's key", async () => {
    renderFiling();
    fireEvent.change(await screen.findByLabelText('S&P'), { target: { value: 'A-'.repeat(6) } });
    expect(await screen.findByText('S&P rating must be at most 10 characters.')).toBeTruthy();
  });

  it("says a rate's limit in percent, as the admin types it", async () => {
    renderFiling();
    fireEvent.change(await screen.findByLabelText('Coupon %'), { target: { value: '60' } });
    expect(await screen.findByText('Coupon must be at most 50%.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Yield to maturity %'), { target: { value: '-6' } });
    expect(await screen.findByText('Yield to maturity must be at least -5%.')).toBeTruthy();
  });

  it('says a bookrunner the contract refuses under the bookrunners list, and nothing is sent', async () => {
    const server = renderFiling();
    const bookrunners = await screen.findByLabelText('Bookrunners (comma-separated)');
    expect(fieldError(bookrunners)).toBeNull();
    fireEvent.change(bookrunners, { target: { value: `Goldman Sachs, ${'B'.repeat(101)}` } });
    await waitFor(() => expect(fieldError(bookrunners)).toBe('Bookrunners must be at most 100 characters.'));
    fireEvent.change(bookrunners, { target: { value: 'Goldman Sachs, BofA Securities' } });
    await waitFor(() => expect(fieldError(bookrunners)).toBeNull());
    expect(server.callsTo(`PUT ${FILING}`)).toHaveLength(0);
  });

  it('saving a correction the contract refuses sends nothing and keeps the refusal on its field', async () => {
    const server = renderFiling();
    const coupon = await screen.findByLabelText('Coupon %');
    fireEvent.change(coupon, { target: { value: '55' } });
    fireEvent.click(screen.getByTestId('filing-save'));
    await waitFor(() => expect(fieldError(coupon)).toBe('Coupon must be at most 50%.'));
    expect(server.callsTo(CORRECT)).toHaveLength(0);
    expect(screen.queryByTestId('filing-error')).toBeNull();
  });

  it('saving sends the reading as the contract takes it: the CUSIP as typed, upper-cased', async () => {
    const server = renderFiling();
    server.answer(CORRECT, (call: ApiCall) => ({ ...filing((call.body as { reading: TermSheetReading }).reading), corrected: true }));
    fireEvent.change(await screen.findByLabelText('CUSIP'), { target: { value: ' 000000aa2 ' } });
    fireEvent.change(screen.getByLabelText('Coupon %'), { target: { value: '5.3' } });
    fireEvent.click(screen.getByTestId('filing-save'));
    await waitFor(() => expect(server.callsTo(CORRECT)).toHaveLength(1));
    expect(server.callsTo(CORRECT)[0]!.body).toEqual({
      reading: { ...reading, tranches: [{ ...reading.tranches[0]!, cusip: '000000AA2', coupon: 0.053 }] },
    });
  });

  it('a 400 naming a tranche’s field shows under that field, not on the editor’s error line', async () => {
    const server = renderFiling();
    server.answer(CORRECT, refusal(400, 'Invalid body.reading.tranches.0.spreadBp: Too big: expected number to be <=5000'));
    const spread = await screen.findByLabelText('Spread to benchmark, bp');
    fireEvent.change(spread, { target: { value: '90' } });
    fireEvent.click(screen.getByTestId('filing-save'));
    await waitFor(() => expect(fieldError(spread)).toBe('Spread bp must be at most 5000.'));
    expect(server.callsTo(CORRECT)).toHaveLength(1);
    expect(screen.queryByTestId('filing-error')).toBeNull();
  });
});
