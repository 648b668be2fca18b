/**
 * Turning the server's auth response into the session (spec §3 Auth response, §4 Login) and
 * reading who is logged in.
 */
import type { AuthResponse } from '@common/api/accounts';
import { decodeJwt } from '../api/jwt';
import { useSession } from '../stores/session';

/**
 * Expiry of the (opaque) refresh token, known from the last auth response. After a page reload
 * it is unknown; the refresh cookie itself lives exactly as long as the refresh token, so its
 * presence already says the token has not expired.
 */
let refreshExpiresAtMs: number | null = null;

export function getRefreshExpiresAtMs(): number | null {
  return refreshExpiresAtMs;
}

export function setRefreshExpiresAtMs(value: number | null): void {
  refreshExpiresAtMs = value;
}

/** Stores a login/refresh result: tokens into the session store, cookies as the server described them. */
export function storeAuthResponse(auth: AuthResponse): void {
  useSession
    .getState()
    .setSession(
      { accessToken: auth.session.value, refreshToken: auth.refresh.value, username: auth.username.value },
      { session: auth.session, refresh: auth.refresh, username: auth.username },
    );
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
