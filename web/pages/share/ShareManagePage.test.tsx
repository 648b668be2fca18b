import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Share, SHARE_PATHS, shareListSchema, shareSchema } from '@common/api/shares';
import { serveApi, shaped } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import ShareManagePage from './ShareManagePage';

const LIST = `GET ${SHARE_PATHS.shares}`;
const me = { email: 'me@example.com', name: 'Me Myself' };
const ann = { email: 'ann@example.com', name: 'Ann Lee' };
const bob = { email: 'bob@example.com', name: null };

const share = (fields: Partial<Share> & Pick<Share, 'id' | 'kind' | 'itemName' | 'owner' | 'recipient' | 'status'>): Share => ({
  itemId: '0b6f0d6e-8c1a-4f4e-9a57-3f1d2c9b7a10',
  itemPath: '/bw/bond/config/0b6f0d6e-8c1a-4f4e-9a57-3f1d2c9b7a10',
  acceptPath: `/bw/share/${fields.id}`,
  permission: 'view',
  createdAt: '2026-11-20T15:30:00.000Z',
  expiresAt: '2026-12-20T15:30:00.000Z',
  acceptedAt: null,
  endedAt: null,
  ...fields,
});
const accepted = share({
  id: 'a1',
  kind: 'bond_table',
  itemName: 'Desk watchlist',
  owner: ann,
  recipient: me,
  status: 'accepted',
  permission: 'edit',
});
const pending = share({
  id: 'a2',
  kind: 'hawk_subscription',
  itemName: 'Acme widening',
  itemPath: '/bw/alerts/subscriptions',
  owner: bob,
  recipient: me,
  status: 'pending',
});
const mineToBob = share({
  id: 'b1',
  kind: 'pricing_sheet',
  itemName: 'Acme 10Y',
  itemPath: '/bw/primary/sheet/4',
  owner: me,
  recipient: bob,
  status: 'accepted',
});
const mineRevoked = share({
  id: 'b2',
  kind: 'blog_post',
  itemName: null,
  owner: me,
  recipient: ann,
  status: 'revoked',
  permission: 'edit',
});

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [LIST]: shaped(shareListSchema, { sharedWithMe: [accepted, pending], sharedByMe: [mineToBob, mineRevoked] }),
    [`PATCH ${SHARE_PATHS.one({ uuid: 'b1' })}`]: shaped(shareSchema, { ...mineToBob, permission: 'edit' }),
    [`POST ${SHARE_PATHS.revoke({ uuid: 'b1' })}`]: shaped(shareSchema, { ...mineToBob, status: 'revoked' }),
    [`POST ${SHARE_PATHS.leave({ uuid: 'a2' })}`]: shaped(shareSchema, { ...pending, status: 'left' }),
  });
});
const rows = (testId: string) =>
  screen.getAllByTestId(testId).map((r) =>
    within(r)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  );

describe('the share management page', () => {
  it('lists what is shared with me and by me: the item, who, the permission and the status', async () => {
    renderPage(<ShareManagePage />);
    await screen.findByTestId('shared-with-me');
    expect(rows('shared-with-me-row').map((r) => r.slice(0, 4))).toEqual([
      ['Desk watchlistcustom bond table', 'Ann Lee', 'Can edit', 'accepted'],
      ['Acme wideningalert subscription', 'bob@example.com', 'Can view', 'pending'],
    ]);
    // Only an accepted share opens the item; a pending one is reviewed first.
    expect(screen.getByRole('link', { name: 'Desk watchlist' }).getAttribute('href')).toBe(
      '/bw/bond/config/0b6f0d6e-8c1a-4f4e-9a57-3f1d2c9b7a10',
    );
    expect(screen.queryByRole('link', { name: 'Acme widening' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/bw/share/a2');
    expect(rows('shared-with-me-row').map((r) => r[4])).toEqual(['Leave', 'ReviewDecline']);

    const byMe = rows('shared-by-me-row');
    expect(byMe[0]!.slice(0, 2)).toEqual(['Acme 10Ypricing sheet', 'bob@example.com']);
    expect(byMe[0]![3]).toBe('accepted');
    expect(byMe[1]!.slice(0, 4)).toEqual(['(deleted)blog post', 'Ann Lee <ann@example.com>', 'Can edit', 'revoked']);
    // An ended share can be neither changed nor revoked.
    expect(within(screen.getAllByTestId('shared-by-me-row')[1]!).queryByTestId('share-revoke')).toBeNull();
  });

  it('changing a permission, revoking and declining each send their request, and the lists are read again', async () => {
    renderPage(<ShareManagePage />);
    await screen.findByTestId('shared-by-me');
    fireEvent.click(within(screen.getAllByTestId('shared-by-me-row')[0]!).getByTestId('share-permission-select'));
    fireEvent.click(await screen.findByRole('option', { name: 'Can edit' }));
    await waitFor(() =>
      expect(server.callsTo(`PATCH ${SHARE_PATHS.one({ uuid: 'b1' })}`).map((c) => c.body)).toEqual([{ permission: 'edit' }]),
    );

    fireEvent.click(within(screen.getAllByTestId('shared-by-me-row')[0]!).getByTestId('share-revoke'));
    await waitFor(() => expect(server.callsTo(`POST ${SHARE_PATHS.revoke({ uuid: 'b1' })}`)).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(server.callsTo(`POST ${SHARE_PATHS.leave({ uuid: 'a2' })}`)).toHaveLength(1));
    await waitFor(() => expect(server.callsTo(LIST).length).toBeGreaterThanOrEqual(4));
  });
});
