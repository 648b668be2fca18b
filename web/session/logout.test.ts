import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@common/constants';
import { useFeatureStore } from '../features/store';
import { isNotificationPollingRunning, startNotificationPolling } from '../notifications/polling';
import { startTracking, trackingIdentity } from '../notifications/tracking';
import { useAppStore } from '../stores/app';
import { runLogoutHooks } from '../stores/logout';
import { useSession } from '../stores/session';
import { logout, logoutAndReload, registerAccountsLogoutHook } from './logout';
import { acceptAuthResponse, isRefreshScheduled } from './refresh';
import { makeAuthResponse } from './testTokens';
import { refusal, serveApi } from '../test/apiServer';
import { pageReloads } from '../test/pageReloads';

afterEach(() => vi.restoreAllMocks());

function loggedIn() {
  acceptAuthResponse(makeAuthResponse());
  startNotificationPolling();
  startTracking({ userId: 'u-1' });
  useFeatureStore.getState().enableFeatures(['blog']);
  localStorage.setItem(STORAGE_KEYS.notifications, '[{"id":1}]');
  useAppStore.getState().enterTrialEnded();
}

describe('logout (spec §4)', () => {
  it('tells the server, clears cookies and stored notifications, stops polling, refresh and tracking', async () => {
    const server = serveApi({ 'POST /auth/logout': { message: 'Signed out.' } });
    loggedIn();
    expect(document.cookie).toContain('bw_session=');
    await logout();
    expect(server.callsTo('POST /auth/logout')).toHaveLength(1);
    expect(useSession.getState().accessToken).toBeNull();
    expect(document.cookie).not.toContain('bw_session=');
    expect(document.cookie).not.toContain('bw_refresh=');
    expect(localStorage.getItem(STORAGE_KEYS.notifications)).toBeNull();
    expect(isNotificationPollingRunning()).toBe(false);
    expect(isRefreshScheduled()).toBe(false);
    expect(trackingIdentity()).toBeNull();
    expect(useFeatureStore.getState().levels).toEqual({});
    expect(useAppStore.getState().trialEnded).toBe(false); // the next account starts without the 402
  });

  it('the logout page and a forced logout at the same time tell the server once', async () => {
    const server = serveApi({ 'POST /auth/logout': { message: 'Signed out.' } });
    registerAccountsLogoutHook();
    loggedIn();
    await Promise.all([runLogoutHooks(), logoutAndReload()]);
    expect(server.callsTo('POST /auth/logout')).toHaveLength(1);
    expect(pageReloads()).toBe(1);
  });

  it('a server that already forgot the session does not block logout', async () => {
    serveApi({ 'POST /auth/logout': refusal(401, 'Your session has ended.') });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    loggedIn();
    await logout();
    expect(useSession.getState().accessToken).toBeNull();
  });
});
