import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS } from '@common/api/auth';
import { USER_PATHS } from '@common/api/user';
import { useFeatureStore } from '../features/store';
import { isNotificationPollingRunning } from '../notifications/polling';
import { trackingIdentity } from '../notifications/tracking';
import { renderPage } from '../test/renderPage';
import { usePreferencesStore } from '../preferences/store';
import { refusal, serveApi } from '../test/apiServer';
import { pageReloads } from '../test/pageReloads';
import { useSession } from '../stores/session';
import { makeTosStatus, makeUserInfo } from './fixtures';
import { cancelScheduledRefresh } from './refresh';
import { SessionGate } from './SessionGate';
import { makeJwt } from './testTokens';
import { trialMessage } from './TrialBanner';

let server: ReturnType<typeof serveApi>;
const TOS = `GET ${USER_PATHS.tos({ id: 'u-1' })}`;
const USER = `GET ${USER_PATHS.user({ id: 'u-1' })}`;
const PREFERENCES = `GET ${USER_PATHS.preferences({ id: 'u-1' })}`;

beforeEach(() => {
  useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u-1', scope: 'user' }) });
  server = serveApi({
    [`POST ${AUTH_PATHS.logout}`]: { message: 'Signed out.' },
    [`GET ${AUTH_PATHS.tosText}`]: { version: '2026-02', title: 'Bondwise terms', text: 'Be nice.' },
    [USER]: makeUserInfo(),
    [PREFERENCES]: { preferences: {}, defaults: {} },
    [TOS]: makeTosStatus(),
    [`GET ${USER_PATHS.statusBadges({ id: 'u-1' })}`]: { items: [] },
  });
});

afterEach(async () => {
  const { logout } = await import('./logout');
  await logout();
  cancelScheduledRefresh();
  useFeatureStore.getState().reset();
  vi.restoreAllMocks();
});

const page = (
  <SessionGate enabled>
    <div data-testid="the-page">market</div>
  </SessionGate>
);

describe('after login: terms-of-service gate and session services', () => {
  it('outdated consent: the ToS text and consent button come before anything else', async () => {
    server.answer(TOS, makeTosStatus({ tosConsent: false, currentVersion: '2026-02', consentedVersion: '2026-01' }));
    server.answer(`PUT ${USER_PATHS.tos({ id: 'u-1' })}`, makeTosStatus({ currentVersion: '2026-02', consentedVersion: '2026-02' }));
    renderPage(page);
    expect(await screen.findByTestId('tos-gate')).toBeTruthy();
    expect(screen.getByText(/terms of service have changed/)).toBeTruthy();
    expect(await screen.findByText('Be nice.')).toBeTruthy();
    expect(screen.queryByTestId('the-page')).toBeNull();
    fireEvent.click(screen.getByTestId('tos-accept'));
    expect(await screen.findByTestId('the-page')).toBeTruthy();
    expect(server.callsTo(`PUT ${USER_PATHS.tos({ id: 'u-1' })}`).map((c) => c.body)).toEqual([{ version: '2026-02' }]);
  });

  it('consent given: user info loaded, features enabled, polling and tracking started', async () => {
    renderPage(page);
    expect(await screen.findByTestId('the-page')).toBeTruthy();
    await waitFor(() => expect(useFeatureStore.getState().levels).toEqual({ blog: 2, help: 2, sparklines: 0 }));
    expect(isNotificationPollingRunning()).toBe(true);
    expect(trackingIdentity()).toMatchObject({ userId: 'u-1', roleType: 'Portfolio manager', roleFunction: 'IG credit' });
  });

  it('user info and preferences are asked for while the ToS check is in flight; the page still waits for consent', async () => {
    let answerTos: (status: ReturnType<typeof makeTosStatus>) => void = () => {};
    server.answer(TOS, () => new Promise((resolve) => (answerTos = resolve)));
    renderPage(page);
    await waitFor(() => expect(server.callsTo(TOS)).toHaveLength(1));
    await waitFor(() => expect(server.callsTo(USER)).toHaveLength(1));
    expect(server.callsTo(PREFERENCES)).toHaveLength(1);
    await waitFor(() => expect(usePreferencesStore.getState().status).toBe('ready'));
    expect(screen.getByTestId('tos-check')).toBeTruthy();
    expect(screen.queryByTestId('the-page')).toBeNull();
    answerTos(makeTosStatus());
    expect(await screen.findByTestId('the-page')).toBeTruthy();
    // Each once: the gate's Services and the page reuse what was fetched.
    expect(server.callsTo(USER)).toHaveLength(1);
    expect(server.callsTo(PREFERENCES)).toHaveLength(1);
  });

  it('a failed ToS check logs out and reloads', async () => {
    server.answer(TOS, refusal(500, 'The server could not check your consent.'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(page);
    await waitFor(() => expect(pageReloads()).toBe(1));
    expect(useSession.getState().accessToken).toBeNull();
    expect(screen.queryByTestId('the-page')).toBeNull();
    expect(isNotificationPollingRunning()).toBe(false);
  });
});

describe('trial banner text', () => {
  const base = { startedAt: '2026-02-01T00:00:00Z', endsAt: '2026-03-05T12:00:00Z', extendedUntil: null, daysLeft: 2 };
  it('covers every state with its dates', () => {
    expect(trialMessage({ ...base, state: null }, 's@x.com')).toBeNull();
    expect(trialMessage({ ...base, state: 'trial', daysLeft: 20 }, 's@x.com')?.text).toBe('Free trial: 20 days left (ends Mar 5, 2026).');
    expect(trialMessage({ ...base, state: 'trialEnding' }, 's@x.com')?.text).toContain('ends in 2 days (Mar 5, 2026)');
    expect(trialMessage({ ...base, state: 'trialEnding', daysLeft: 0 }, 's@x.com')?.text).toContain('ends today');
    expect(trialMessage({ ...base, state: 'trialEnding', daysLeft: null }, 's@x.com')?.text).toContain('ends soon');
    expect(trialMessage({ ...base, state: 'trialEnding', daysLeft: 1 }, 's@x.com')?.text).toContain('in 1 day ');
    expect(trialMessage({ ...base, state: 'trialEnded', daysLeft: 0 }, 's@x.com')?.text).toContain('ended on Mar 5, 2026');
    expect(trialMessage({ ...base, state: 'trialExtension', extendedUntil: '2026-04-01T12:00:00Z' }, 's@x.com')?.text).toContain(
      'extended until Apr 1, 2026',
    );
  });
});
