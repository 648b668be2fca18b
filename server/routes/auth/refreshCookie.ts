import type { AuthResponse } from '@common/api/auth';
import { LOGIN_ATTEMPT_COOKIE, REFRESH_COOKIE_PATH, SESSION_COOKIES } from '@common/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The refresh token leaves the server only as an HttpOnly, SameSite=Strict cookie scoped to
 * /auth/refresh (Secure when the public URL is https): page scripts cannot read it and no other
 * request carries it. The body keeps the spec's descriptor with an empty value, so the page still
 * learns the session's end from it.
 */
export function deliverRefreshCookie(reply: FastifyReply, auth: AuthResponse): AuthResponse {
  const d = auth.refresh;
  reply.setCookie(d.name, d.value, {
    path: d.path,
    ...(d.domain ? { domain: d.domain } : {}),
    httpOnly: true,
    secure: d.secure,
    sameSite: 'strict',
    expires: new Date(d.expiration),
    maxAge: d.maxAge,
  });
  return { ...auth, refresh: { ...d, value: '' } };
}

/** The refresh token a request presents: its cookie, else (for clients without cookies) the body's. */
export function presentedRefreshToken(request: FastifyRequest, bodyToken: string | undefined): string | undefined {
  return request.cookies[SESSION_COOKIES.refresh] || bodyToken;
}

/** Ends the refresh cookie (logout). */
export function clearRefreshCookie(reply: FastifyReply, domain: string): void {
  reply.clearCookie(SESSION_COOKIES.refresh, {
    path: REFRESH_COOKIE_PATH,
    ...(domain ? { domain } : {}),
    httpOnly: true,
    sameSite: 'strict',
  });
}

/** Hands the browser that asked for an e-mailed code the secret of its login attempt (10 minutes). */
export function deliverLoginAttemptCookie(reply: FastifyReply, attempt: string, config: { cookieDomain: string; publicUrl: string }): void {
  reply.setCookie(LOGIN_ATTEMPT_COOKIE.name, attempt, {
    path: LOGIN_ATTEMPT_COOKIE.path,
    ...(config.cookieDomain ? { domain: config.cookieDomain } : {}),
    httpOnly: true,
    secure: config.publicUrl.startsWith('https://'),
    sameSite: 'strict',
    maxAge: 10 * 60,
  });
}

/** The login attempt a request presents (the cookie set when its code was asked for). */
export function presentedLoginAttempt(request: FastifyRequest): string | undefined {
  return request.cookies[LOGIN_ATTEMPT_COOKIE.name] || undefined;
}
