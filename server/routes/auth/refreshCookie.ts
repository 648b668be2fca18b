import type { AuthResponse } from '@common/api/auth';
import { REFRESH_COOKIE_PATH, SESSION_COOKIES } from '@common/constants';
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
