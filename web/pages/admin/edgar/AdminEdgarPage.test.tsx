import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EDGAR_PATHS, edgarUploadResponseSchema, type FilingList, filingListSchema } from '@common/api/edgar';
import { type ApiCall, refusal, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import AdminEdgarPage from './AdminEdgarPage';

const row = { issuer: 'Acme Corp', tranches: 2, problems: 0, firstProblem: null, dealId: null, uploadedAt: '2026-11-28T15:00:00.000Z' };
const queue: FilingList = shaped(filingListSchema, {
  filings: [
    {
      ...row,
      id: 7,
      fileName: 'acme-fwp.htm',
      status: 'needs review',
      problems: 1,
      firstProblem: { field: 'tranches[1].coupon', message: 'not found' },
    },
    { ...row, id: 6, fileName: 'bolt-fwp.htm', status: 'imported', issuer: 'Bolt Inc', dealId: 31 },
  ],
});

const FILINGS = `GET ${EDGAR_PATHS.filings}`;
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [FILINGS]: queue });
});

describe('admin EDGAR term-sheet queue', () => {
  it('lists each filing with its status, first problem and deal', async () => {
    renderPage(<AdminEdgarPage />);
    const review = await screen.findByTestId('edgar-filing-7');
    expect(within(review).getByText('needs review')).toBeTruthy();
    expect(within(review).getByText('tranches[1].coupon: not found')).toBeTruthy();
    const imported = screen.getByTestId('edgar-filing-6');
    expect(within(imported).getByRole('link', { name: '#31' }).getAttribute('href')).toBe('/bw/admin/deal/31');
    expect(within(imported).getByRole('link', { name: '#6' }).getAttribute('href')).toBe('/bw/admin/edgar/6');
  });

  it('the needs-review filter asks the server for that status and says when none are waiting', async () => {
    renderPage(<AdminEdgarPage />);
    await screen.findByTestId('edgar-filing-7');
    server.answer(FILINGS, (call: ApiCall) =>
      call.query.get('status') === 'needs review' ? shaped(filingListSchema, { filings: [] }) : queue,
    );
    fireEvent.click(screen.getByLabelText('needs review'));
    expect(await screen.findByText('No filings needs review.')).toBeTruthy();
    expect(server.callsTo(FILINGS).at(-1)?.query.get('status')).toBe('needs review');
  });

  it('uploading a term sheet sends its name and text, shows what was read and reads the queue again', async () => {
    const UPLOAD = `POST ${EDGAR_PATHS.filings}`;
    server.answer(
      UPLOAD,
      shaped(edgarUploadResponseSchema, {
        id: 8,
        status: 'needs review',
        problems: [{ field: 'settlementDate', message: 'not found' }],
        dealId: null,
        duplicate: false,
      }),
    );
    const { container } = renderPage(<AdminEdgarPage />);
    await screen.findByTestId('edgar-filing-7');
    const reads = server.callsTo(FILINGS).length;
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File(['FREE WRITING PROSPECTUS Acme 5.25% Notes'], 'acme-2.htm', { type: 'text/html' })] },
    });
    const result = await screen.findByTestId('edgar-upload-result');
    expect(result.textContent).toMatch(/^acme-2\.htm: needs review — settlementDate: not found\./);
    expect(within(result).getByRole('link', { name: 'Open filing 8' }).getAttribute('href')).toBe('/bw/admin/edgar/8');
    expect(server.callsTo(UPLOAD).map((c) => c.body)).toEqual([
      { fileName: 'acme-2.htm', content: 'FREE WRITING PROSPECTUS Acme 5.25% Notes' },
    ]);
    await waitFor(() => expect(server.callsTo(FILINGS).length).toBeGreaterThan(reads));
  });

  it('an upload the server refuses says why in a sentence and shows no result', async () => {
    const UPLOAD = `POST ${EDGAR_PATHS.filings}`;
    server.answer(UPLOAD, refusal(400, 'Invalid body.content: Too small: expected string to have >=1 characters'));
    const { container } = renderPage(<AdminEdgarPage />);
    await screen.findByTestId('edgar-filing-7');
    const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File([''], 'empty.htm', { type: 'text/html' })] } });
    expect(await screen.findByText('Content is required.')).toBeTruthy();
    expect(screen.queryByTestId('edgar-upload-result')).toBeNull();
    expect(server.callsTo(UPLOAD).map((c) => c.body)).toEqual([{ fileName: 'empty.htm', content: '' }]);
  });
});
