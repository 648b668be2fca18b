/**
 * Session refresh (spec §4 Login, §8, §9):
 * - after every login/refresh and at start-up a refresh is scheduled at
 *   min(4 h, half the access token's remaining lifetime);
 * - a refresh token with 1 s or less left logs out and reloads;
 * - an expired access token is refreshed before the next API call (`ensureFreshSession`,
 *   installed as the API client's before-request hook);
 * - a failed refresh (the server refused it, or answered what is no session) logs out and
 *   reloads; a refresh that got no answer at all (the network dropped, or this page is being left:
 *   a reload aborts its requests) is tried again, never taken for the end of the session — logging
 *   out then would end the session the next page is about to use.
 * Refreshes are single-flight: concurrent callers share one POST /auth/refresh, and tabs take
 * turns (Web Locks) and adopt each other's rotated tokens from the shared cookies.
 */
import type { AuthResponse } from '@common/api/auth';
import { ApiError } from '../api/client';
import { decodeJwt, isExpired } from '../api/jwt';
import { readSessionFromCookies, useSession } from '../stores/session';
import { authApi } from './authApi';
import { logoutAndReload } from './logout';
import { planRefresh } from './refreshPlan';
import { cancelScheduledRefresh, scheduleRefreshTimer } from './refreshTimer';
import { getRefreshExpiresAtMs, storeAuthResponse } from './tokens';

export { cancelScheduledRefresh, isRefreshScheduled } from './refreshTimer';

let inflight: Promise<boolean> | null = null;

/**
 * Looks at the current tokens and schedules the next refresh, refreshes now, or logs out and
 * reloads (refresh token about to expire, or an access token that is not a JWT).
 */
export function scheduleRefresh(): void {
  cancelScheduledRefresh();
  const { accessToken } = useSession.getState();
  if (!accessToken) return;
  let plan;
  try {
    plan = planRefresh({ accessToken, refreshExpiresAtMs: getRefreshExpiresAtMs(), nowMs: Date.now() });
  } catch {
    plan = { kind: 'logout' } as const;
  }
  if (plan.kind === 'logout') {
    void logoutAndReload();
  } else if (plan.kind === 'refreshNow') {
    void refreshSession();
  } else {
    scheduleRefreshTimer(() => void refreshSession(), plan.delayMs);
  }
}

/** Cross-tab lock name: tabs share the cookies, and a rotated refresh token may be used only once. */
export const REFRESH_LOCK = 'bw-session-refresh';

/** Runs `work` holding a lock shared by every tab of this origin (Web Locks), or directly without it. */
async function withTabLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return work();
  return locks.request(REFRESH_LOCK, work) as Promise<T>;
}

/**
 * When another tab already refreshed (its new tokens are in the shared cookies), adopts them
 * instead of spending our refresh token: the server treats a rotated token presented twice as
 * theft and ends the session. Returns true when adopted.
 */
function adoptTokensFromOtherTab(): boolean {
  const ours = useSession.getState().accessToken;
  const shared = readSessionFromCookies();
  if (!shared.accessToken || shared.accessToken === ours) return false;
  try {
    if (isExpired(decodeJwt(shared.accessToken), Date.now() + 5_000)) return false;
  } catch {
    return false;
  }
  useSession.setState(shared);
  return true;
}

/** How long a refresh that got no answer waits before it is tried again. */
export const UNANSWERED_REFRESH_RETRY_MS = 15_000;

/**
 * A failure in which the server said nothing: fetch's own errors (no connection, an aborted or
 * timed-out request), as opposed to an answer (ApiError) or an answer that is no session.
 */
function unanswered(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  if (error instanceof TypeError) return true;
  return error instanceof DOMException && ['AbortError', 'TimeoutError', 'NetworkError'].includes(error.name);
}

async function doRefresh(): Promise<boolean> {
  const outcome = await withTabLock(async (): Promise<'done' | 'failed' | 'unanswered'> => {
    if (adoptTokensFromOtherTab()) return 'done';
    try {
      storeAuthResponse(await authApi.refresh());
      return 'done';
    } catch (error) {
      console.warn('Session refresh failed', error);
      return unanswered(error) ? 'unanswered' : 'failed';
    }
  });
  if (outcome === 'failed') {
    await logoutAndReload();
    return false;
  }
  if (outcome === 'unanswered') {
    // The server may well have rotated the tokens (its cookies then reach the next page); ours
    // stay as they are, and the refresh is asked again shortly, or by the next API call.
    scheduleRefreshTimer(() => void refreshSession(), UNANSWERED_REFRESH_RETRY_MS);
    return false;
  }
  scheduleRefresh();
  return true;
}

/** Starts (or renews) the session from a login result and schedules its refresh. */
export function acceptAuthResponse(auth: AuthResponse): void {
  storeAuthResponse(auth);
  scheduleRefresh();
}

/** Refreshes the session now (single-flight). Resolves false when it failed (the user is logged out) or got no answer (tried again later). */
export function refreshSession(): Promise<boolean> {
  if (!inflight) inflight = doRefresh().finally(() => (inflight = null));
  return inflight;
}

/** Paths that must never wait for a refresh (they are the refresh, or need no session). */
function bypassesRefresh(path: string): boolean {
  return path.startsWith('/auth/') || path.startsWith('/health');
}

/**
 * Before-request hook of the API client: an expired access token is refreshed before the call
 * goes out (a refresh already under way is awaited).
 */
export async function ensureFreshSession(path: string): Promise<void> {
  if (bypassesRefresh(path)) return;
  if (inflight) {
    await inflight;
    return;
  }
  const { accessToken } = useSession.getState();
  if (!accessToken) return;
  let expired: boolean;
  try {
    expired = isExpired(decodeJwt(accessToken));
  } catch {
    expired = true;
  }
  if (expired) await refreshSession();
}
