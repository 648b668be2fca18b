/**
 * The session store: the seam between the shell (guards, API client) and the accounts feature.
 *
 * Accounts calls `setSession(...)` after a successful login/refresh (passing the server's cookie
 * descriptors so they persist) and `clear()` on logout. Everything else only reads the store.
 * isAdmin is derived from the access token's `scope` claim (spec §4 Login, §6).
 */
import { create } from 'zustand';
import { SESSION_COOKIES } from '@common/constants';
import { decodeJwt, hasScope } from '../api/jwt';
import { deleteCookie, readCookie, writeCookie, type CookieDescriptor } from '../api/cookies';

export interface SessionTokens {
  accessToken: string;
  username?: string | null;
}

/**
 * Cookie descriptors from the server's auth response (spec §3), keyed by role. The refresh
 * token's cookie is not among them: the server sets it HttpOnly and the page never touches it.
 */
export interface SessionCookieDescriptors {
  session?: CookieDescriptor;
  username?: CookieDescriptor;
}

export interface SessionState {
  accessToken: string | null;
  username: string | null;
  isAdmin: boolean;
  /**
   * Stores a new session. Throws `Invalid JWT token` for a malformed access token. When cookie
   * descriptors are given they are written as-is; otherwise session cookies are written with
   * path "/" for the browser session.
   */
  setSession: (tokens: SessionTokens, cookies?: SessionCookieDescriptors) => void;
  /** Forgets the session and deletes its cookies. */
  clear: () => void;
}

/** True when the access token's scope includes admin. Invalid tokens are not admin. */
export function isAdminToken(accessToken: string | null): boolean {
  if (!accessToken) return false;
  try {
    return hasScope(decodeJwt(accessToken), 'admin');
  } catch {
    return false;
  }
}

function persist(name: string, value: string | null | undefined, descriptor?: CookieDescriptor): void {
  if (value === undefined) return;
  if (value === null) {
    deleteCookie(name, descriptor?.path ?? '/', descriptor?.domain);
    return;
  }
  writeCookie(descriptor ? { ...descriptor, name, value } : { name, value, path: '/', sameSite: 'lax' });
}

/** Reads the session from its cookies (start-up); a malformed access token yields no session. */
export function readSessionFromCookies(): Pick<SessionState, 'accessToken' | 'username' | 'isAdmin'> {
  const accessToken = readCookie(SESSION_COOKIES.session);
  let valid = false;
  if (accessToken) {
    try {
      decodeJwt(accessToken);
      valid = true;
    } catch {
      valid = false;
    }
  }
  if (!valid) return { accessToken: null, username: null, isAdmin: false };
  return {
    accessToken,
    username: readCookie(SESSION_COOKIES.username),
    isAdmin: isAdminToken(accessToken),
  };
}

export const useSession = create<SessionState>()((set) => ({
  ...readSessionFromCookies(),
  setSession: (tokens, cookies) => {
    const payload = decodeJwt(tokens.accessToken);
    persist(SESSION_COOKIES.session, tokens.accessToken, cookies?.session);
    persist(SESSION_COOKIES.username, tokens.username, cookies?.username);
    set((state) => ({
      accessToken: tokens.accessToken,
      username: tokens.username === undefined ? state.username : tokens.username,
      isAdmin: hasScope(payload, 'admin'),
    }));
  },
  clear: () => {
    deleteCookie(SESSION_COOKIES.session);
    // The HttpOnly refresh cookie is the server's to end (logout); this removes only a
    // script-written one an older version of the app may have left at "/".
    deleteCookie(SESSION_COOKIES.refresh);
    deleteCookie(SESSION_COOKIES.username);
    set({ accessToken: null, username: null, isAdmin: false });
  },
}));

/** True when a session is present (non-React read for guards and the API client). */
export function isLoggedIn(): boolean {
  return useSession.getState().accessToken !== null;
}
