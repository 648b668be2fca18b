import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ERROR_PATHS, type ErrorGroup, errorGroupDetailSchema, errorListResponseSchema } from '@common/api/adminErrors';
import { type ApiCall, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import AdminErrorsPage from './AdminErrorsPage';

const browserGroup: ErrorGroup = {
  fingerprint: '0123456789abcdef',
  source: 'browser',
  occurrences: 42,
  affectedUsers: 7,
  firstSeen: '2026-11-20T10:00:00.000Z',
  lastSeen: '2026-11-29T09:00:00.000Z',
  message: "TypeError: Cannot read properties of undefined (reading 'coupon')",
  release: '1.8.0',
  lastRequestId: 'req-42',
};
const serverGroup: ErrorGroup = {
  ...browserGroup,
  fingerprint: 'fedcba9876543210',
  source: 'server',
  message: 'deadlock detected',
  occurrences: 2,
};

const ERRORS = `GET ${ADMIN_ERROR_PATHS.errors}`;
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [ERRORS]: (call: ApiCall) =>
      shaped(errorListResponseSchema, {
        since: '2026-10-30',
        groups: [browserGroup, serverGroup].filter((g) => !call.query.has('source') || g.source === call.query.get('source')),
      }),
    [`GET ${ADMIN_ERROR_PATHS.errorGroup({ fingerprint: browserGroup.fingerprint })}`]: shaped(errorGroupDetailSchema, {
      fingerprint: browserGroup.fingerprint,
      occurrences: [
        {
          id: 'e-1',
          source: 'browser',
          message: browserGroup.message,
          stack: 'TypeError: Cannot read properties of undefined\n    at BondPage (bond.js:10:5)',
          url: '/bw/bond/5',
          userAgent: 'Firefox',
          userId: 'u-2',
          requestId: 'req-42',
          release: '1.8.0',
          at: '2026-11-29T09:00:00.000Z',
        },
      ],
    }),
  });
});
const groups = () => screen.getByTestId('error-groups');

describe('admin errors', () => {
  it('lists error groups by how often and how many people; the server filter asks for server errors only', async () => {
    renderPage(<AdminErrorsPage />);
    await within(groups()).findByText(browserGroup.message);
    expect(within(groups()).getByText('42')).toBeTruthy();
    expect(screen.getByText(/^Since 2026-10-30;/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Server'));
    await waitFor(() => expect(within(groups()).queryByText(browserGroup.message)).toBeNull());
    expect(within(groups()).getByText('deadlock detected')).toBeTruthy();
    expect(server.callsTo(ERRORS).at(-1)?.query.get('source')).toBe('server');
  });

  it("a group's row opens its latest occurrences with the stack and the request id to find the log line", async () => {
    renderPage(<AdminErrorsPage />);
    fireEvent.click(await within(groups()).findByText(browserGroup.message));
    const occurrences = await screen.findByTestId('error-occurrences');
    expect(await within(occurrences).findByText(/request req-42 · user u-2 · \/bw\/bond\/5/)).toBeTruthy();
    expect(within(occurrences).getByText(/at BondPage \(bond\.js:10:5\)/)).toBeTruthy();
  });
});
