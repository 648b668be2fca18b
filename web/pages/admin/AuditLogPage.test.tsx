import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_LOG_PATHS, type AuditLogPage as AuditLogAnswer, auditLogPageSchema } from '@common/api/auditLog';
import { type ApiCall, refusal, serveApi, shaped } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import AuditLogPage from './AuditLogPage';

const newest: AuditLogAnswer = shaped(auditLogPageSchema, {
  entries: [
    {
      id: 'a-2',
      at: '2026-11-29T09:00:00.000Z',
      actor: { id: 'u-1', email: 'ann@example.com' },
      action: 'user.lock',
      targetType: 'user',
      targetId: 'u-2',
      details: { before: { status: 'active' }, after: { status: 'locked' } },
      clientAddress: '203.0.113.9',
    },
    {
      id: 'a-1',
      at: '2026-11-29T08:00:00.000Z',
      actor: null,
      action: 'job.pause',
      targetType: 'job',
      targetId: null,
      details: {},
      clientAddress: null,
    },
  ],
  nextCursor: 'c-older',
});
const older: AuditLogAnswer = shaped(auditLogPageSchema, {
  entries: [{ ...newest.entries[0]!, id: 'a-0', action: 'deal.update', targetType: 'deal', targetId: '31' }],
  nextCursor: null,
});

const ENTRIES = `GET ${AUDIT_LOG_PATHS.entries}`;
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [ENTRIES]: (call: ApiCall) => (call.query.get('cursor') === 'c-older' ? older : newest) });
});
const rows = () =>
  within(screen.getByTestId('audit-log'))
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('admin audit log', () => {
  it('shows who changed what on which subject, with the values before and after, and pages back to older changes', async () => {
    renderPage(<AuditLogPage />);
    await screen.findByText('user.lock');
    expect(rows().map((r) => r.slice(1))).toEqual([
      ['ann@example.com', 'user.lock', 'user u-2', '{"before":{"status":"active"},"after":{"status":"locked"}}', '203.0.113.9'],
      ['system', 'job.pause', 'job', '{}', '—'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('deal.update')).toBeTruthy();
    expect(server.callsTo(ENTRIES).map((c) => c.query.get('cursor'))).toEqual([null, 'c-older']);
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
  });

  it('filtering by actor and action family asks the server for them, and says when nothing matches', async () => {
    renderPage(<AuditLogPage />);
    await screen.findByText('user.lock');
    server.answer(ENTRIES, shaped(auditLogPageSchema, { entries: [], nextCursor: null }));
    fireEvent.change(screen.getByLabelText('Actor'), { target: { value: ' ann@example.com ' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'deal.' } });
    fireEvent.click(screen.getByTestId('audit-log-apply'));
    expect(await screen.findByText('No audited change matches.')).toBeTruthy();
    await waitFor(() =>
      expect(Object.fromEntries(server.callsTo(ENTRIES).at(-1)!.query)).toEqual({
        actor: 'ann@example.com',
        action: 'deal.',
        limit: '100',
      }),
    );
  });

  it('a start after the end reads as a sentence about the dates in local time, not the server’s "from", "to" and UTC instant', async () => {
    renderPage(<AuditLogPage />);
    await screen.findByText('user.lock');
    // The contract's refusal of a reversed range, as the server words it (auditLog.test.ts).
    server.answer(ENTRIES, (call: ApiCall) => refusal(400, `Invalid querystring.from: must not be after to (${call.query.get('to')})`));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-21T09:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20T09:00' } });
    fireEvent.click(screen.getByTestId('audit-log-apply'));
    // The end as the person typed it (the browser's time), not the instant the server was sent.
    expect(await screen.findByText('Start date must not be after the end date (Nov 20, 2026, 9:00 AM).')).toBeTruthy();
  });
});
