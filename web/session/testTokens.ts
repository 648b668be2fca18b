/** Test helpers: unsigned JWTs and auth responses shaped like the server's. */
import type { AuthResponse, CookieDescriptorDto } from '@common/api/auth';

function b64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

/** An unsigned JWT with the given claims (the client never verifies signatures). */
export function makeJwt(claims: Record<string, unknown>): string {
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.signature`;
}

function cookie(name: string, value: string, maxAge: number): CookieDescriptorDto {
  return {
    name,
    value,
    path: '/',
    domain: '',
    maxAge,
    secure: false,
    sameSite: 'lax',
    expiration: new Date(Date.now() + maxAge * 1000).toISOString(),
  };
}

/** An auth response whose access token expires in `accessTtlMs` and refresh token in `refreshTtlMs`. */
export function makeAuthResponse(
  options: {
    accessTtlMs?: number;
    refreshTtlMs?: number;
    scope?: string;
    userId?: string;
    email?: string;
  } = {},
): AuthResponse {
  const now = Date.now();
  const { accessTtlMs = 15 * 60_000, refreshTtlMs = 30 * 86_400_000, scope = 'user', userId = 'u-1' } = options;
  const rexp = Math.floor((now + refreshTtlMs) / 1000);
  const access = makeJwt({ sub: userId, scope, exp: Math.floor((now + accessTtlMs) / 1000), iat: Math.floor(now / 1000), rexp });
  const refreshSeconds = Math.max(1, Math.floor(refreshTtlMs / 1000));
  return {
    session: cookie('bw_session', access, refreshSeconds),
    // As the server sends it: the token itself went into an HttpOnly cookie.
    refresh: { ...cookie('bw_refresh', '', refreshSeconds), path: '/auth/refresh', httpOnly: true },
    username: cookie('bw_username', options.email ?? 'ann@example.com', refreshSeconds),
    userId,
    accessTokenExpiresAt: new Date(now + accessTtlMs).toISOString(),
    refreshTokenExpiresAt: new Date(now + refreshTtlMs).toISOString(),
  };
}
