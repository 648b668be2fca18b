import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_LOG_PATHS, auditLogPageSchema } from '@common/api/auditLog';
import { importReportSchema, refusedSchema, UPLOAD_PATH } from '@common/api/upload';
import { serveApi, shaped } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import AdminUploadPage from './AdminUploadPage';

const UPLOAD = `POST ${UPLOAD_PATH({ kind: 'treasury' })}`;
const report = {
  kind: 'treasury' as const,
  committed: true,
  rowsRead: 3,
  rowsImported: 2,
  rowsRejected: 1,
  rejected: [{ line: 4, reason: '"10 Yr" is not a number' }],
  unknownIdentifiers: 0,
  durationMs: 1200,
};
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [`GET ${AUDIT_LOG_PATHS.entries}`]: shaped(auditLogPageSchema, { entries: [], nextCursor: null }) });
});
const chooseFile = (container: HTMLElement) => {
  const input = container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File(['Date,1 Mo\n11/27/2026,4.31\n'], 'par-yields.csv', { type: 'text/csv' })] } });
};

describe('admin data upload', () => {
  it('a Treasury file skipping bad rows is sent as a form, and the report names the rejected line', async () => {
    server.answer(UPLOAD, shaped(importReportSchema, report));
    const { container } = renderPage(<AdminUploadPage />);
    fireEvent.click(screen.getByLabelText(/^Skip bad rows/));
    chooseFile(container);
    const shown = await screen.findByTestId('upload-report');
    expect(within(shown).getByText('Imported')).toBeTruthy();
    expect(within(shown).getByText(/^3 rows read, 2 imported, 1 rejected · 1\.2 s$/)).toBeTruthy();
    expect(within(screen.getByTestId('upload-rejected')).getByText('"10 Yr" is not a number')).toBeTruthy();
    const [sent] = server.callsTo(UPLOAD);
    expect(sent?.query.get('skipBadRows')).toBe('true');
    expect(((sent?.raw as FormData).get('file') as File).name).toBe('par-yields.csv');
  });

  it('a file with a bad row is refused whole: nothing imported, with the reason and the report', async () => {
    server.answer(
      UPLOAD,
      new Response(
        JSON.stringify(
          shaped(refusedSchema, {
            error: 'Line 4: "10 Yr" is not a number; nothing was imported',
            report: { ...report, committed: false, rowsImported: 0 },
          }),
        ),
        { status: 422, headers: { 'Content-Type': 'application/json' } },
      ),
    );
    const { container } = renderPage(<AdminUploadPage />);
    chooseFile(container);
    const shown = await screen.findByTestId('upload-report');
    expect(within(shown).getByText(/^Nothing was imported: Line 4/)).toBeTruthy();
    expect(server.callsTo(UPLOAD)[0]?.query.get('skipBadRows')).toBe('false');
  });
  it('lists past imports: who (or the command line), what kind, which file and the counts', async () => {
    server.answer(
      `GET ${AUDIT_LOG_PATHS.entries}`,
      shaped(auditLogPageSchema, {
        entries: [
          {
            id: 'a-2',
            at: '2026-11-27T15:00:00.000Z',
            actor: { id: 'u-1', email: 'ann@example.com' },
            action: 'market.import.treasury',
            targetType: 'import',
            targetId: 'par-yields.csv',
            details: { rowsImported: 1250, rowsRejected: 1 },
            clientAddress: null,
          },
          {
            id: 'a-1',
            at: '2026-11-26T15:00:00.000Z',
            actor: null,
            action: 'market.import.trace',
            targetType: 'import',
            targetId: 'trace.csv',
            details: {},
            clientAddress: null,
          },
        ],
        nextCursor: null,
      }),
    );
    renderPage(<AdminUploadPage />);
    await screen.findByText('par-yields.csv');
    const rows = within(screen.getByTestId('upload-history'))
      .getAllByRole('row')
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['ann@example.com', 'treasury', 'par-yields.csv', '1,250 imported, 1 rejected'],
      ['command line', 'trace', 'trace.csv', '0 imported, 0 rejected'],
    ]);
  });
});
