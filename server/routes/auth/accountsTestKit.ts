import type { AuthResponse } from '@common/api/auth';
import { TOS_VERSION } from '@common/tos';
import type { TestContext } from '../../test/testApp';
import { createUser } from '../../services/accounts/users';

export const PASSWORD = 'Correct-Horse-42';

let ipCounter = 1;
/** A fresh client address per call, so per-IP auth rate limits do not trip unrelated scenarios. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** Creates an account directly (as a confirmed sign-up would). */
export async function createAccount(ctx: TestContext, email: string, opts: { admin?: boolean; password?: string; name?: string } = {}) {
  return ctx.database.db.transaction().execute((trx) =>
    createUser(
      trx,
      ctx.config,
      {
        email,
        name: opts.name ?? 'Test User',
        password: opts.password ?? PASSWORD,
        isAdmin: opts.admin ?? false,
        tosConsent: true,
        via: 'test',
      },
      new Date(ctx.app.now()),
    ),
  );
}

/** POSTs JSON from a fresh IP. */
export function post(ctx: TestContext, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: freshIp() });
}

/** Logs in with password only (MFA_REQUIRED is off in tests) and returns the auth response. */
export async function login(ctx: TestContext, email: string, password = PASSWORD): Promise<AuthResponse> {
  const res = await post(ctx, '/auth/login/start?v=2', { email, password });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  if (body.kind !== 'session') throw new Error(`login needs a second factor: ${body.kind}`);
  return withRefreshCookie(body.auth as AuthResponse, res);
}

/** The refresh token a response set in its HttpOnly cookie, or undefined. */
export function refreshCookieOf(res: { cookies: { name: string; value: string }[] }): string | undefined {
  return res.cookies.find((c) => c.name === 'bw_refresh')?.value;
}

/**
 * An auth response as the browser holds it: the body's refresh descriptor (value '') completed
 * with the token from the cookie the response set, so tests can present it again.
 */
export function withRefreshCookie(auth: AuthResponse, res: { cookies: { name: string; value: string }[] }): AuthResponse {
  const token = refreshCookieOf(res);
  if (!token) throw new Error('the response set no refresh cookie');
  return { ...auth, refresh: { ...auth.refresh, value: token } };
}

export function authHeader(auth: AuthResponse): { authorization: string } {
  return { authorization: `Bearer ${auth.session.value}` };
}

/** The newest outbox e-mail to an address. */
export async function lastEmail(ctx: TestContext, to: string) {
  return ctx.database.db
    .selectFrom('email_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The last path segment of an app link like .../app/#/bw/signup/{uuid} in the text. */
export function linkToken(text: string, route: string): string {
  const match = new RegExp(`#/bw/${route}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no /bw/${route}/ link in:\n${text}`);
  return match[1]!;
}

export { TOS_VERSION };
