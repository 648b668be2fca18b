import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PATHS, organizationListSchema } from '@common/api/admin';
import { ADMIN_USER_PATHS, type AdminUserRow, userListPageSchema } from '@common/api/adminUsers';
import { trialSchema } from '@common/api/user';
import { type ApiCall, refusal, serveApi, shaped } from '../../test/apiServer';
import { renderPage } from '../../test/renderPage';
import AdminTrialPage from './AdminTrialPage';

const ending: AdminUserRow = {
  id: 'u-2',
  email: 'bob@acme.com',
  name: 'Bob Ray',
  role: 'user',
  status: 'active',
  organization: { id: 'o-1', name: 'Acme Capital' },
  trial: {
    state: 'trialEnding',
    startedAt: '2026-11-01T12:00:00.000Z',
    endsAt: '2026-12-01T12:00:00.000Z',
    extendedUntil: null,
    daysLeft: 2,
  },
  created: '2026-11-01T12:00:00.000Z',
  lastLoginAt: '2026-11-28T12:00:00.000Z',
  version: 3,
};
const USERS = `GET ${ADMIN_USER_PATHS.users}`;
/** The users list answers each trial filter with the people in that state. */
const trialLists =
  (rows: AdminUserRow[]) =>
  (call: ApiCall): unknown => {
    const users = rows.filter((u) => u.trial.state === call.query.get('trial'));
    return shaped(userListPageSchema, { users, total: users.length, page: 0 });
  };

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({
    [USERS]: trialLists([ending]),
    [`GET ${ADMIN_PATHS.adminOrganizations}`]: shaped(organizationListSchema, { organizations: [] }),
  });
});
const endingList = () => screen.getByTestId('trials-trialEnding');

describe('admin trials', () => {
  it('asks the server for each list of trials by their end, and shows who is in each', async () => {
    renderPage(<AdminTrialPage />);
    expect(await within(endingList()).findByText('bob@acme.com')).toBeTruthy();
    expect(screen.getByText('Ending within 3 days (1)')).toBeTruthy();
    expect(await screen.findByText('Ended (0)')).toBeTruthy();
    const asked = server.callsTo(USERS).map((c) => Object.fromEntries(c.query));
    expect(asked).toEqual(
      expect.arrayContaining([
        { trial: 'trialEnding', sort: 'trialEnds', descending: 'false', limit: '200' },
        { trial: 'trialEnded', sort: 'trialEnds', descending: 'true', limit: '200' },
        { trial: 'trialExtension', sort: 'trialEnds', descending: 'false', limit: '200' },
      ]),
    );
  });

  it('extending a running trial moves its end by 14 days, names the version, and the list shows the new end', async () => {
    const EXTEND = `PUT ${ADMIN_PATHS.adminUserTrial({ userId: 'u-2' })}`;
    server.answer(EXTEND, (call: ApiCall) => {
      const trial = { ...ending.trial, endsAt: (call.body as { endsAt: string }).endsAt, daysLeft: 16 };
      server.answer(USERS, trialLists([{ ...ending, trial, version: 4 }]));
      return shaped(trialSchema, trial);
    });
    renderPage(<AdminTrialPage />);
    fireEvent.click(await within(endingList()).findByTestId('trial-extend-bob@acme.com'));
    expect(await within(endingList()).findByText(/Dec 15, 2026/)).toBeTruthy();
    expect(server.callsTo(EXTEND).map((c) => c.body)).toEqual([{ endsAt: '2026-12-15T12:00:00.000Z', version: 3 }]);
  });

  it('an ended trial is extended from the page clock, not from its old end', async () => {
    const ended: AdminUserRow = {
      ...ending,
      id: 'u-3',
      email: 'cy@acme.com',
      trial: { ...ending.trial, state: 'trialEnded', endsAt: '2026-11-20T12:00:00.000Z', daysLeft: 0 },
    };
    const EXTEND = `PUT ${ADMIN_PATHS.adminUserTrial({ userId: 'u-3' })}`;
    server.answer(USERS, trialLists([ended]));
    server.answer(EXTEND, () => shaped(trialSchema, { ...ended.trial, extendedUntil: '2026-12-13T09:00:00.000Z' }));
    renderPage(<AdminTrialPage />, { now: () => Date.parse('2026-11-29T09:00:00Z') });
    fireEvent.click(await within(screen.getByTestId('trials-trialEnded')).findByTestId('trial-extend-cy@acme.com'));
    await waitFor(() => expect(server.callsTo(EXTEND)).toHaveLength(1));
    expect(server.callsTo(EXTEND).map((c) => c.body)).toEqual([{ extendedUntil: '2026-12-13T09:00:00.000Z', version: 3 }]);
  });

  it('converting to a subscription asks first; a person changed meanwhile is refused and the reason shown', async () => {
    const SUBSCRIBE = `POST ${ADMIN_USER_PATHS.subscribe({ userId: 'u-2' })}`;
    server.answer(SUBSCRIBE, refusal(409, 'Someone changed this person since you opened them.'));
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderPage(<AdminTrialPage />);
    const convert = await within(endingList()).findByRole('button', { name: 'Convert to subscription' });
    fireEvent.click(convert);
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/^Subscribe Acme Capital\?/));
    expect(server.callsTo(SUBSCRIBE)).toHaveLength(0);
    fireEvent.click(convert);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Someone changed this person/);
    expect(server.callsTo(SUBSCRIBE).map((c) => c.body)).toEqual([{ version: 3 }]);
  });
});
