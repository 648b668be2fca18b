/**
 * Turning the server's auth response into the session (spec §3 Auth response, §4 Login) and
 * reading who is logged in.
 */
import type { AuthResponse } from '@common/api/auth';
import { decodeJwt } from '../api/jwt';
import { useSession } from '../stores/session';

/**
 * Expiry of the refresh token, known from the last auth response. After a page reload the
 * access token's `rexp` claim tells it (the token itself is in an HttpOnly cookie, unreadable).
 */
let refreshExpiresAtMs: number | null = null;

export function getRefreshExpiresAtMs(): number | null {
  return refreshExpiresAtMs;
}

export function setRefreshExpiresAtMs(value: number | null): void {
  refreshExpiresAtMs = value;
}

/**
 * Stores a login/refresh result: the access token and e-mail into the session store and their
 * cookies as the server described them. The refresh token is already in its HttpOnly cookie.
 */
export function storeAuthResponse(auth: AuthResponse): void {
  useSession
    .getState()
    .setSession({ accessToken: auth.session.value, username: auth.username.value }, { session: auth.session, username: auth.username });
  const expires = Date.parse(auth.refreshTokenExpiresAt);
  refreshExpiresAtMs = Number.isFinite(expires) ? expires : null;
}

/** The logged-in user's id (the access token's `sub`), or null. */
export function userIdFromToken(accessToken: string | null): string | null {
  if (!accessToken) return null;
  try {
    const sub = decodeJwt(accessToken).sub;
    return typeof sub === 'string' && sub ? sub : null;
  } catch {
    return null;
  }
}

/** React hook: the logged-in user's id, or null. */
export function useUserId(): string | null {
  return useSession((s) => userIdFromToken(s.accessToken));
}

/** Non-React: the logged-in user's id, or null. */
export function currentUserId(): string | null {
  return userIdFromToken(useSession.getState().accessToken);
}
