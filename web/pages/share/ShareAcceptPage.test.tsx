import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Share, SHARE_PATHS, shareSchema } from '@common/api/shares';
import { refusal, serveApi, shaped } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import ShareAcceptPage from './ShareAcceptPage';

const UUID = '3f2b8c1e-5d4a-4b6c-9e8f-7a6b5c4d3e2f';
const ROUTE = '/bw/share/accept/:uuid';
const AT = `/bw/share/accept/${UUID}`;
const SHARE = `GET ${SHARE_PATHS.one({ uuid: UUID })}`;
const ACCEPT = `POST ${SHARE_PATHS.accept({ uuid: UUID })}`;
const LEAVE = `POST ${SHARE_PATHS.leave({ uuid: UUID })}`;

const invitation: Share = {
  id: UUID,
  kind: 'bond_table',
  itemId: '0b6f0d6e-8c1a-4f4e-9a57-3f1d2c9b7a10',
  itemName: 'Desk watchlist',
  itemPath: '/bw/bond/config/0b6f0d6e-8c1a-4f4e-9a57-3f1d2c9b7a10',
  acceptPath: AT,
  owner: { email: 'ann@example.com', name: 'Ann Lee' },
  recipient: { email: 'me@example.com', name: null },
  permission: 'edit',
  status: 'pending',
  createdAt: '2026-11-20T15:30:00.000Z',
  expiresAt: '2026-12-20T15:30:00.000Z',
  acceptedAt: null,
  endedAt: null,
};

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [SHARE]: shaped(shareSchema, invitation),
    [ACCEPT]: shaped(shareSchema, { ...invitation, status: 'accepted', acceptedAt: '2026-11-29T12:00:00.000Z' }),
    [LEAVE]: shaped(shareSchema, { ...invitation, status: 'left', endedAt: '2026-11-29T12:00:00.000Z' }),
  });
});

describe('the share invitation page', () => {
  it('says who shared what with whom and with what permission; Accept opens the item', async () => {
    const { router } = renderPage(<ShareAcceptPage />, { path: ROUTE, at: AT });
    const card = await screen.findByTestId('share-invitation');
    expect(within(card).getByText(/shared the/).textContent).toBe(
      'Ann Lee shared the custom bond table “Desk watchlist” with me@example.com.',
    );
    expect(within(card).getByText('Can edit')).toBeTruthy();
    expect(screen.getByTestId('share-status').textContent).toBe('pending');
    expect(within(card).getByText(/^Accept by Dec 20, 2026,/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('share-accept'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/bond/config/0b6f0d6e-8c1a-4f4e-9a57-3f1d2c9b7a10'));
    expect(server.callsTo(ACCEPT)).toHaveLength(1);
    expect(server.callsTo(LEAVE)).toEqual([]);
  });

  it('Decline leaves the share and goes to the shared items', async () => {
    const { router } = renderPage(<ShareAcceptPage />, { path: ROUTE, at: AT });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/share/manage'));
    expect(server.callsTo(LEAVE)).toHaveLength(1);
  });

  it('an accepted share offers to open it, without accepting again', async () => {
    server.answer(SHARE, shaped(shareSchema, { ...invitation, status: 'accepted' }));
    renderPage(<ShareAcceptPage />, { path: ROUTE, at: AT });
    expect((await screen.findByTestId('share-open')).getAttribute('href')).toBe('/bw/bond/config/0b6f0d6e-8c1a-4f4e-9a57-3f1d2c9b7a10');
    expect(screen.queryByTestId('share-accept')).toBeNull();
  });

  it('a link the server refuses shows its sentence as it is', async () => {
    server.answer(SHARE, refusal(403, 'This invitation was sent to another address.'));
    renderPage(<ShareAcceptPage />, { path: ROUTE, at: AT });
    const refused = await screen.findByTestId('share-refused');
    expect(within(refused).getByText('This invitation was sent to another address.')).toBeTruthy();
  });
});
