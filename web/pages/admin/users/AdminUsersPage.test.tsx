import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PATHS, organizationListSchema } from '@common/api/admin';
import {
  ADMIN_USER_PATHS,
  type AdminUserDetail,
  type AdminUserRow,
  adminUserDetailSchema,
  userListPageSchema,
} from '@common/api/adminUsers';
import { type Invite, inviteListSchema, inviteSchema } from '@common/api/user';
import { refusal, serveApi, shaped } from '../../../test/apiServer';
import { renderPage } from '../../../test/renderPage';
import AdminUsersPage from './AdminUsersPage';

const noTrial = { state: null, startedAt: null, endsAt: null, extendedUntil: null, daysLeft: null };
const ann: AdminUserRow = {
  id: 'u-1',
  email: 'ann@example.com',
  name: 'Ann Lee',
  role: 'admin',
  status: 'active',
  organization: { id: 'o-1', name: 'Acme Capital' },
  trial: noTrial,
  created: '2026-01-02T10:00:00.000Z',
  lastLoginAt: '2026-11-20T08:00:00.000Z',
  version: 1,
};
const bob: AdminUserRow = {
  ...ann,
  id: 'u-2',
  email: 'bob@example.com',
  name: 'Bob Ray',
  role: 'user',
  organization: null,
  trial: { state: 'trial', startedAt: '2026-11-01T00:00:00.000Z', endsAt: '2026-12-01T00:00:00.000Z', extendedUntil: null, daysLeft: 2 },
  version: 3,
};
const bobDetail = (overrides: Partial<AdminUserDetail> = {}): AdminUserDetail =>
  shaped(adminUserDetailSchema, {
    ...bob,
    lockedAt: null,
    lockedBy: null,
    sessions: [
      {
        id: 's-1',
        createdAt: '2026-11-20T08:00:00.000Z',
        lastUsedAt: '2026-11-28T09:00:00.000Z',
        expiresAt: '2026-12-20T08:00:00.000Z',
        userAgent: 'Firefox',
        ip: '203.0.113.9',
      },
    ],
    secondFactors: [{ kind: 'totp', name: null, addedAt: '2026-11-02T10:00:00.000Z', lastUsedAt: null }],
    features: [{ name: 'blog', level: 2, override: null }],
    ...overrides,
  });

const USERS = `GET ${ADMIN_USER_PATHS.users}`;
const BOB = ADMIN_USER_PATHS.user({ userId: 'u-2' });
let server: ReturnType<typeof serveApi>;

beforeEach(() => {
  server = serveApi({
    [USERS]: shaped(userListPageSchema, { users: [ann, bob], total: 2, page: 0 }),
    [`GET ${ADMIN_PATHS.adminOrganizations}`]: shaped(organizationListSchema, { organizations: [] }),
    [`GET ${ADMIN_PATHS.adminInvites}`]: shaped(inviteListSchema, { invites: [] }),
    [`GET ${BOB}`]: bobDetail(),
  });
});

const table = () => screen.getByTestId('users-table');
const openBob = async () => {
  renderPage(<AdminUsersPage />);
  fireEvent.click(await within(table()).findByText('bob@example.com'));
  return screen.findByTestId('user-detail');
};

describe('admin users page', () => {
  it('lists the people the server found with their organisation, status and trial', async () => {
    renderPage(<AdminUsersPage />);
    await within(table()).findByText('ann@example.com');
    expect(within(table()).getByText('Acme Capital')).toBeTruthy();
    expect(within(table()).getByText('bob@example.com')).toBeTruthy();
    expect(within(table()).getByText('trial')).toBeTruthy();
    expect(screen.getByTestId('users-count').textContent).toBe('Page 1 of 1 · 2 people');
    expect(server.callsTo(USERS)[0]?.query.get('limit')).toBe('50');
  });

  it('a search by name asks the server for that text from the first page, and shows what it found', async () => {
    renderPage(<AdminUsersPage />);
    await within(table()).findByText('ann@example.com');
    server.answer(USERS, shaped(userListPageSchema, { users: [bob], total: 1, page: 0 }));
    fireEvent.change(screen.getByTestId('users-search'), { target: { value: '  bob ' } });
    fireEvent.click(screen.getByTestId('users-apply'));
    await waitFor(() => expect(screen.getByTestId('users-count').textContent).toBe('Page 1 of 1 · 1 people'));
    const search = server.callsTo(USERS).at(-1)!;
    expect(Object.fromEntries(search.query)).toEqual({ q: 'bob', sort: 'email', page: '0', limit: '50' });
    await waitFor(() => expect(within(table()).queryByText('ann@example.com')).toBeNull());
  });

  it("a row opens the person's sessions, second factors and features", async () => {
    const detail = await openBob();
    expect(within(detail).getByText('Bob Ray')).toBeTruthy();
    expect(within(detail).getByTestId('user-status').textContent).toBe('active');
    expect(within(detail).getByText('Sessions (1)')).toBeTruthy();
    expect(within(detail).getByText(/Authenticator app, added/)).toBeTruthy();
    expect(within(detail).getByText('blog (2)')).toBeTruthy();
  });

  it('locking asks first, sends the version shown, and the panel shows the person locked', async () => {
    const LOCK = `POST ${ADMIN_USER_PATHS.lock({ userId: 'u-2' })}`;
    server.answer(LOCK, bobDetail({ status: 'locked', lockedAt: '2026-11-29T10:00:00.000Z', lockedBy: 'u-1', version: 4 }));
    const detail = await openBob();
    fireEvent.click(within(detail).getByTestId('user-lock'));
    expect(server.callsTo(LOCK)).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('user-action-confirm'));
    await waitFor(() => expect(within(detail).getByTestId('user-status').textContent).toBe('locked'));
    expect(server.callsTo(LOCK).map((c) => c.body)).toEqual([{ version: 3 }]);
    expect(within(detail).getByTestId('user-unlock')).toBeTruthy();
  });

  it('a person changed by someone else meanwhile: the 409 is shown and the person read again', async () => {
    const LOCK = `POST ${ADMIN_USER_PATHS.lock({ userId: 'u-2' })}`;
    server.answer(LOCK, refusal(409, 'Someone changed this person since you opened them.'));
    const detail = await openBob();
    const reads = server.callsTo(`GET ${BOB}`).length;
    fireEvent.click(within(detail).getByTestId('user-lock'));
    fireEvent.click(await screen.findByTestId('user-action-confirm'));
    expect((await within(detail).findByTestId('user-error')).textContent).toMatch(/Someone changed this person/);
    await waitFor(() => expect(server.callsTo(`GET ${BOB}`).length).toBeGreaterThan(reads));
  });

  it('resending an expired invite sends it, says so, and the invites read again show it pending', async () => {
    const carol: Invite = {
      id: 'i-1',
      email: 'carol@example.com',
      status: 'expired',
      createdAt: '2026-11-01T10:00:00.000Z',
      expiresAt: '2026-11-15T10:00:00.000Z',
      acceptedAt: null,
    };
    const INVITES = `GET ${ADMIN_PATHS.adminInvites}`;
    const RESEND = `POST ${ADMIN_USER_PATHS.resendInvite({ inviteId: 'i-1' })}`;
    server.answer(INVITES, shaped(inviteListSchema, { invites: [carol] }));
    server.answer(RESEND, () => {
      const sent = shaped(inviteSchema, { ...carol, status: 'pending', expiresAt: '2026-12-13T10:00:00.000Z' });
      server.answer(INVITES, shaped(inviteListSchema, { invites: [sent] }));
      return sent;
    });
    renderPage(<AdminUsersPage />);
    const invites = await screen.findByTestId('invites-table');
    expect(await within(invites).findByText('expired')).toBeTruthy();
    fireEvent.click(within(invites).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Invite sent again to carol@example.com')).toBeTruthy();
    expect(await within(invites).findByText('pending')).toBeTruthy();
    expect(server.callsTo(RESEND)).toHaveLength(1);
  });

  it('a resend the server refuses shows its reason', async () => {
    const INVITES = `GET ${ADMIN_PATHS.adminInvites}`;
    const invite = shaped(inviteSchema, {
      id: 'i-2',
      email: 'dan@example.com',
      status: 'pending',
      createdAt: '2026-11-20T10:00:00.000Z',
      expiresAt: '2026-12-04T10:00:00.000Z',
      acceptedAt: null,
    });
    server.answer(INVITES, shaped(inviteListSchema, { invites: [invite] }));
    server.answer(`POST ${ADMIN_USER_PATHS.resendInvite({ inviteId: 'i-2' })}`, refusal(409, 'This invite was accepted meanwhile.'));
    renderPage(<AdminUsersPage />);
    const invites = await screen.findByTestId('invites-table');
    expect(await within(invites).findByText('dan@example.com')).toBeTruthy();
    fireEvent.click(within(invites).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('This invite was accepted meanwhile.')).toBeTruthy();
    expect(screen.queryByText(/Invite sent again/)).toBeNull();
  });
});
