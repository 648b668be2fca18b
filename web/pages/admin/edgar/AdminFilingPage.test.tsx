import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EDGAR_PATHS, type Filing, filingSchema, type TermSheetReading } from '@common/api/edgar';
import { type ApiCall, refusal, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import AdminFilingPage from './AdminFilingPage';

const reading: TermSheetReading = {
  issuer: 'Acme Corp',
  tradeDate: '2026-11-25',
  settlementDate: null,
  bookrunners: ['Goldman Sachs', 'Morgan Stanley'],
  ratings: { moodys: 'A2', sp: 'A' },
  tranches: [
    {
      title: '5.250% Notes due 2036',
      principalAmount: 750_000_000,
      maturityDate: '2036-12-01',
      coupon: 0.0525,
      priceToPublic: 99.812,
      yieldToMaturity: 0.05274,
      benchmarkTreasury: 'UST 4.250% due 11/15/2035',
      benchmarkPrice: 98.5,
      benchmarkYield: 0.04434,
      spreadBp: 84,
      interestPaymentDates: 'June 1 and December 1',
      firstPaymentDate: '2027-06-01',
      makeWholeBp: 15,
      parCallDate: '2036-09-01',
      cusip: '000000AA1',
      isin: null,
    },
  ],
};
const filing = (overrides: Partial<Filing> = {}): Filing =>
  shaped(filingSchema, {
    id: 7,
    fileName: 'acme-fwp.htm',
    status: 'needs review',
    issuer: 'Acme Corp',
    tranches: 1,
    problems: 1,
    firstProblem: { field: 'settlementDate', message: 'not found' },
    dealId: null,
    uploadedAt: '2026-11-28T15:00:00.000Z',
    contentType: 'text',
    source: 'FREE WRITING PROSPECTUS\nAcme Corp 5.250% Notes due 2036',
    layout: 'table',
    reading,
    problemList: [{ field: 'settlementDate', message: 'not found' }],
    matchedIssuer: { id: 12, ticker: 'ACME', name: 'Acme Corp' },
    corrected: false,
    ...overrides,
  });

const FILING = EDGAR_PATHS.filing({ id: 7 });
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [`GET ${FILING}`]: filing() });
});
const renderFiling = () => renderPage(<AdminFilingPage />, { path: '/bw/admin/edgar/:edgarId', at: '/bw/admin/edgar/7' });

describe('admin review of one EDGAR term sheet', () => {
  it('shows the document as filed beside what was read, with the problem left on its field', async () => {
    renderFiling();
    expect((await screen.findByTestId('filing-source')).textContent).toContain('Acme Corp 5.250% Notes due 2036');
    expect(screen.getByTestId('filing-status').textContent).toBe('needs review');
    expect(screen.getByTestId('filing-problems').textContent).toBe('settlementDate: not found');
    expect((screen.getByLabelText('Issuer') as HTMLInputElement).value).toBe('Acme Corp');
    expect((screen.getByLabelText('CUSIP') as HTMLInputElement).value).toBe('000000AA1');
    expect(screen.getByTestId('filing-save').hasAttribute('disabled')).toBe(true);
  });

  it('a correction is sent whole to be checked again, and the page shows what the server made of it', async () => {
    const CORRECT = `PUT ${FILING}`;
    server.answer(CORRECT, (call: ApiCall) =>
      filing({
        ...(call.body as { reading: TermSheetReading }),
        status: 'parsed',
        problems: 0,
        firstProblem: null,
        problemList: [],
        corrected: true,
      }),
    );
    renderFiling();
    fireEvent.change(await screen.findByLabelText('Settlement date'), { target: { value: '2026-12-02' } });
    fireEvent.click(screen.getByTestId('filing-save'));
    await waitFor(() => expect(screen.getByTestId('filing-status').textContent).toBe('parsed'));
    expect(server.callsTo(CORRECT).map((c) => c.body)).toEqual([{ reading: { ...reading, settlementDate: '2026-12-02' } }]);
    expect(screen.queryByTestId('filing-problems')).toBeNull();
    expect(screen.getByText('table layout · corrected')).toBeTruthy();
  });

  it('making the deal with the matched issuer links the filing to its deal; a refusal is shown', async () => {
    const DEAL = `POST ${EDGAR_PATHS.deal({ id: 7 })}`;
    server.answer(DEAL, refusal(422, 'settlementDate: a deal needs a settlement date'));
    renderFiling();
    fireEvent.click(await screen.findByTestId('filing-make-deal'));
    expect((await screen.findByTestId('filing-error')).textContent).toMatch(/a deal needs a settlement date/);
    server.answer(DEAL, filing({ status: 'imported', dealId: 31 }));
    fireEvent.click(screen.getByTestId('filing-make-deal'));
    expect((await screen.findByTestId('filing-deal')).getAttribute('href')).toBe('/bw/admin/deal/31');
    expect(screen.getByTestId('filing-status').textContent).toBe('imported');
    expect(server.callsTo(DEAL).map((c) => c.body)).toEqual([{}, {}]);
  });
});
