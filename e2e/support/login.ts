import type { BrowserContext, Page } from '@playwright/test';
import { E2E_BASE_URL } from './environment';

/** The demo user the server seeds on its first start (docs/accounts.md). */
export const DEMO_USER = { email: 'user@bondwise.local', password: 'Bondwise-User-2026' } as const;
export const DEMO_ADMIN = { email: 'admin@bondwise.local', password: 'Bondwise-Admin-2026' } as const;

export interface LoggedIn {
  accessToken: string;
  userId: string;
  /** When the token was issued (ms); the e2e server's access tokens live only 30 s. */
  issuedAt: number;
  user: { email: string; password: string };
  baseURL: string;
}

/** Re-login when the test's own token is near the end of the e2e server's short access-token life. */
async function token(login: LoggedIn): Promise<string> {
  if (Date.now() - login.issuedAt > 10_000) {
    const fresh = await startSession(login.baseURL, login.user);
    login.accessToken = fresh.session.value;
    login.issuedAt = Date.now();
  }
  return login.accessToken;
}

interface CookieDescriptor {
  name: string;
  value: string;
  path: string;
}

async function startSession(baseURL: string, user: { email: string; password: string }) {
  const res = await fetch(`${baseURL}/auth/login/start?v=2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password, mfaPlatform: 'none' }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as {
    kind: string;
    auth?: { session: CookieDescriptor; refresh: CookieDescriptor; username: CookieDescriptor; userId: string };
  };
  if (body.kind !== 'session' || !body.auth) throw new Error(`login needs a second factor (${body.kind})`);
  // The refresh token comes only as the HttpOnly cookie the server set.
  const refreshToken = res.headers
    .getSetCookie()
    .map((c) => /^bw_refresh=([^;]*)/.exec(c)?.[1])
    .find(Boolean);
  if (!refreshToken) throw new Error('the login set no refresh cookie');
  return { ...body.auth, refreshToken };
}

/**
 * Logs the demo user in through the real login API (POST /auth/login/start) and installs the
 * session cookies the server's auth response describes and the HttpOnly refresh cookie it set,
 * exactly as a login in the page leaves them; the app
 * then starts logged in. Returns the access token of a second, separate session for the test's
 * own API checks (the browser's session may refresh and rotate while the test runs).
 */
export async function loginAsDemoUser(
  context: BrowserContext,
  baseURL = E2E_BASE_URL,
  user: { email: string; password: string } = DEMO_USER,
): Promise<LoggedIn> {
  const { session, username, refresh, refreshToken } = await startSession(baseURL, user);
  await context.addCookies([
    ...[session, username].map((c) => ({ name: c.name, value: c.value, url: baseURL })),
    {
      name: refresh.name,
      value: refreshToken,
      domain: new URL(baseURL).hostname,
      path: refresh.path,
      httpOnly: true,
      sameSite: 'Strict' as const,
    },
  ]);
  const own = await startSession(baseURL, user);
  return { accessToken: own.session.value, userId: own.userId, issuedAt: Date.now(), user, baseURL };
}

/** A session for API calls alone (no browser): a benchmark's setup, a test's own checks. */
export async function apiSession(user: { email: string; password: string }, baseURL = E2E_BASE_URL): Promise<LoggedIn> {
  const own = await startSession(baseURL, user);
  return { accessToken: own.session.value, userId: own.userId, issuedAt: Date.now(), user, baseURL };
}

/** GET an API path as the logged-in user (JSON). */
export async function apiGet<T>(login: LoggedIn, path: string, baseURL = E2E_BASE_URL): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${await token(login)}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Opens an app route (hash URL under /app/). */
export async function openRoute(page: Page, path: string): Promise<void> {
  await page.goto(`/app/#${path}`);
}

/** PUT an API path as the logged-in user (JSON). */
export async function apiSend<T>(
  login: LoggedIn,
  method: 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  baseURL = E2E_BASE_URL,
): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { authorization: `Bearer ${await token(login)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Saves a page screenshot as a test artifact: test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}
