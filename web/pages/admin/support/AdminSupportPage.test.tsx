import { fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { messageResponseSchema } from '@common/api/shared';
import { SUPPORT_PATHS, type SupportRequest, supportRequestListSchema } from '@common/api/support';
import { type ApiCall, refusal, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import AdminSupportPage from './AdminSupportPage';

const request: SupportRequest = {
  id: 12,
  userId: 'u-2',
  email: 'bob@acme.com',
  supportToken: 'sup-2',
  subject: 'Yield looks wrong',
  message: 'The ACME 2036 yield differs from my terminal.\nCan you check?',
  page: '/bw/bond/5',
  status: 'open',
  createdAt: '2026-11-29T08:00:00.000Z',
  closedAt: null,
};
const REQUESTS = `GET ${SUPPORT_PATHS.adminRequests}`;
const CLOSE = `POST ${SUPPORT_PATHS.adminClose({ id: 12 })}`;
let open: SupportRequest[];
let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  open = [request];
  server = serveApi({
    [REQUESTS]: (call: ApiCall) => shaped(supportRequestListSchema, { requests: call.query.get('status') === 'open' ? open : [] }),
  });
});

describe('admin support requests', () => {
  it('shows each open request with who sent it, from which page, and the message as written', async () => {
    renderPage(<AdminSupportPage />);
    const card = await screen.findByTestId('support-request');
    expect(within(card).getByText('Yield looks wrong')).toBeTruthy();
    expect(within(card).getByText(/bob@acme\.com · support token sup-2 · on \/bw\/bond\/5/)).toBeTruthy();
    // The message keeps its line breaks (pre-wrap), so it is matched as written.
    expect(within(card).getByText(request.message, { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) })).toBeTruthy();
    expect(server.callsTo(REQUESTS)[0]?.query.get('status')).toBe('open');
  });

  it('marking a request answered closes it on the server and it leaves the open list', async () => {
    server.answer(CLOSE, () => {
      open = [];
      return shaped(messageResponseSchema, { message: 'Closed.' });
    });
    renderPage(<AdminSupportPage />);
    fireEvent.click(within(await screen.findByTestId('support-request')).getByRole('button', { name: 'Mark answered' }));
    expect(await screen.findByText('No open requests.')).toBeTruthy();
    expect(server.callsTo(CLOSE)).toHaveLength(1);
  });

  it('a close the server refuses is shown, and the request stays open', async () => {
    server.answer(CLOSE, refusal(404, 'No such support request.'));
    renderPage(<AdminSupportPage />);
    fireEvent.click(within(await screen.findByTestId('support-request')).getByRole('button', { name: 'Mark answered' }));
    expect(await screen.findByText('No such support request.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('support-request')).toBeTruthy());
  });
});
