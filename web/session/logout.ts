/**
 * Logout (spec §4): tell the server, stop polling, push, tracking and the support widget, cancel the refresh timer,
 * forget features; the shell's runLogoutHooks then clears cookies, stored notifications and the
 * session store. `logoutAndReload` is the forced variant (§8: failed refresh or ToS check).
 */
import { notifications } from '@mantine/notifications';
import { cancelPushRegistration } from '../notifications/push';
import { stopNotificationPolling } from '../notifications/polling';
import { stopTracking } from '../notifications/tracking';
import { stopSupportWidget } from '../support/supportWidget';
import { useFeatureStore } from '../features/store';
import { useAppStore } from '../stores/app';
import { onLogout, runLogoutHooks } from '../stores/logout';
import { useSession } from '../stores/session';
import { authApi } from './authApi';
import { cancelScheduledRefresh } from './refreshTimer';
import { setRefreshExpiresAtMs } from './tokens';

let hookRun: Promise<void> | null = null;

/**
 * Work the accounts feature does on every logout (registered once by installSession).
 * Single-flight: the logout page and a forced logout can overlap; the server is told once.
 */
export function accountsLogoutHook(): Promise<void> {
  if (!hookRun) hookRun = runAccountsLogout().finally(() => (hookRun = null));
  return hookRun;
}

async function runAccountsLogout(): Promise<void> {
  stopNotificationPolling();
  notifications.clean(); // toasts on screen and queued (spec §4: logout clears notifications)
  cancelPushRegistration();
  stopTracking();
  stopSupportWidget();
  useFeatureStore.getState().reset();
  // A 402 met by this account says nothing about the next one to sign in in this tab.
  useAppStore.getState().leaveTrialEnded();
  cancelScheduledRefresh();
  const { accessToken } = useSession.getState();
  setRefreshExpiresAtMs(null);
  if (!accessToken) return;
  try {
    await authApi.logout();
  } catch (error) {
    // The server may already consider the session gone (expired/revoked): logging out locally is enough.
    console.warn('Server logout failed', error);
  }
}

let registered = false;

/** Registers the accounts logout hook with the shell (idempotent). */
export function registerAccountsLogoutHook(): void {
  if (registered) return;
  registered = true;
  onLogout(accountsLogoutHook);
}

let loggingOut: Promise<void> | null = null;

/** Logs out (hooks + cleared session). Concurrent calls share one logout. */
export function logout(): Promise<void> {
  registerAccountsLogoutHook();
  if (!loggingOut) loggingOut = runLogoutHooks().finally(() => (loggingOut = null));
  return loggingOut;
}

/** Logs out and reloads the page (spec §4/§8: refresh failure, ToS check failure, expiring refresh token). */
export async function logoutAndReload(): Promise<void> {
  await logout();
  window.location.reload();
}
