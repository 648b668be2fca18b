import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { useFeatureStore } from '../features/store';
import { isNotificationPollingRunning } from '../notifications/polling';
import { trackingIdentity } from '../notifications/tracking';
import { renderPage } from '../test/renderPage';
import { preferencesApi, usePreferencesStore } from '../preferences/store';
import { useSession } from '../stores/session';
import { authApi } from './authApi';
import { makeTosStatus, makeUserInfo } from './fixtures';
import { cancelScheduledRefresh } from './refresh';
import { sessionRuntime } from './runtime';
import { SessionGate } from './SessionGate';
import { makeJwt } from './testTokens';
import { trialMessage } from './TrialBanner';

// Component tests render Mantine in jsdom: slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 8000 });

let reload: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  useSession.getState().setSession({ accessToken: makeJwt({ sub: 'u-1', scope: 'user' }) });
  reload = vi.spyOn(sessionRuntime, 'reload').mockImplementation(() => {});
  vi.spyOn(authApi, 'logout').mockResolvedValue(undefined);
  vi.spyOn(authApi, 'tosText').mockResolvedValue({ version: '2026-02', title: 'Bondwise terms', text: 'Be nice.' });
  vi.spyOn(authApi, 'userInfo').mockResolvedValue(makeUserInfo());
  vi.spyOn(preferencesApi, 'load').mockResolvedValue({ preferences: {}, defaults: {} });
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
    vi.spyOn(authApi, 'tosStatus').mockResolvedValue(
      makeTosStatus({ tosConsent: false, currentVersion: '2026-02', consentedVersion: '2026-01' }),
    );
    const consent = vi
      .spyOn(authApi, 'tosConsent')
      .mockResolvedValue(makeTosStatus({ currentVersion: '2026-02', consentedVersion: '2026-02' }));
    renderPage(page);
    expect(await screen.findByTestId('tos-gate')).toBeTruthy();
    expect(screen.getByText(/terms of service have changed/)).toBeTruthy();
    expect(await screen.findByText('Be nice.')).toBeTruthy();
    expect(screen.queryByTestId('the-page')).toBeNull();
    fireEvent.click(screen.getByTestId('tos-accept'));
    expect(await screen.findByTestId('the-page')).toBeTruthy();
    expect(consent).toHaveBeenCalledWith('u-1', '2026-02');
  });

  it('consent given: user info loaded, features enabled, polling and tracking started', async () => {
    vi.spyOn(authApi, 'tosStatus').mockResolvedValue(makeTosStatus());
    renderPage(page);
    expect(await screen.findByTestId('the-page')).toBeTruthy();
    await waitFor(() => expect(useFeatureStore.getState().levels).toEqual({ blog: 2, help: 2, sparklines: 0 }));
    expect(isNotificationPollingRunning()).toBe(true);
    expect(trackingIdentity()).toMatchObject({ userId: 'u-1', roleType: 'Portfolio manager', roleFunction: 'IG credit' });
  });

  it('user info and preferences are asked for while the ToS check is in flight; the page still waits for consent', async () => {
    let answerTos: (status: ReturnType<typeof makeTosStatus>) => void = () => {};
    vi.spyOn(authApi, 'tosStatus').mockReturnValue(
      new Promise((resolve) => {
        answerTos = resolve;
      }),
    );
    renderPage(page);
    await waitFor(() => expect(authApi.tosStatus).toHaveBeenCalledWith('u-1'));
    await waitFor(() => expect(authApi.userInfo).toHaveBeenCalledWith('u-1'));
    expect(preferencesApi.load).toHaveBeenCalledWith('u-1');
    await waitFor(() => expect(usePreferencesStore.getState().status).toBe('ready'));
    expect(screen.getByTestId('tos-check')).toBeTruthy();
    expect(screen.queryByTestId('the-page')).toBeNull();
    answerTos(makeTosStatus());
    expect(await screen.findByTestId('the-page')).toBeTruthy();
    // Each once: the gate's Services and the page reuse what was fetched.
    expect(authApi.userInfo).toHaveBeenCalledTimes(1);
    expect(preferencesApi.load).toHaveBeenCalledTimes(1);
  });

  it('a failed ToS check logs out and reloads', async () => {
    vi.spyOn(authApi, 'tosStatus').mockRejectedValue(new ApiError(500, 'Server Error', null, null));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(page);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
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
