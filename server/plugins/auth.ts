import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { sessionIsLive } from '../services/accounts/liveSessions';
import { unauthorized } from './errors';

/** Who is calling, as proved by a valid access token. */
export interface AuthContext {
  userId: string;
  scopes: string[];
  isAdmin: boolean;
  /** Login session the token belongs to (sid claim), when issued by a login. */
  sessionId?: string;
  /** When the token expires (ms since the epoch; exp claim), when it has one: a held long-poll ends then. */
  expiresAt?: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller if the request carries a valid access token, else null. Only public routes and
     * plugins that serve both kinds of caller read this; every other route reads `user`.
     */
    auth: AuthContext | null;
    /**
     * The signed-in caller. The access hook has already answered 401 to an anonymous caller on
     * every route that is not public, so a route declaring `user` or `admin` reads it without a
     * check; read on a public route without a caller, it throws that same 401.
     */
    readonly user: AuthContext;
  }
}

const ISSUER = 'bondwise';
const ACCESS_AUDIENCE = 'bondwise-api';

function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * Signs a short-lived access token; scope `admin` marks administrators (spec §4, §6). Its issue
 * and expiry times come from `now` (ms), the clock the verifying server uses too.
 */
export async function signAccessToken(
  secret: string,
  claims: { userId: string; scopes: string[]; ttlSeconds: number; sessionId?: string; refreshExpiresAt?: Date },
  now: () => number,
): Promise<string> {
  const issuedAt = Math.floor(now() / 1000);
  return new SignJWT({
    scope: claims.scopes.join(' '),
    ...(claims.sessionId ? { sid: claims.sessionId } : {}),
    // rexp: when the login session (refresh token) ends, epoch seconds, so a reloaded client knows it.
    ...(claims.refreshExpiresAt ? { rexp: Math.floor(claims.refreshExpiresAt.getTime() / 1000) } : {}),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(ACCESS_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + claims.ttlSeconds)
    .sign(secretKey(secret));
}

/** Verifies an access token at `now` (ms); returns null for anything invalid or expired. */
export async function verifyAccessToken(secret: string, token: string, now: () => number): Promise<AuthContext | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), {
      issuer: ISSUER,
      audience: ACCESS_AUDIENCE,
      algorithms: ['HS256'],
      currentDate: new Date(now()),
    });
    if (typeof payload.sub !== 'string') return null;
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
    const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
    return {
      userId: payload.sub,
      scopes,
      isAdmin: scopes.includes('admin'),
      ...(sessionId ? { sessionId } : {}),
      ...(typeof payload.exp === 'number' ? { expiresAt: payload.exp * 1000 } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * The session an access token names, however long ago it expired (signature, issuer and audience
 * still checked) — for logout only, where an expired token proving its session is enough to end it.
 */
export async function sessionOfAnyAccessToken(secret: string, authorization: string | undefined): Promise<string | undefined> {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
  if (!token) return undefined;
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), {
      issuer: ISSUER,
      audience: ACCESS_AUDIENCE,
      algorithms: ['HS256'],
      clockTolerance: Number.MAX_SAFE_INTEGER,
    });
    return typeof payload.sid === 'string' ? payload.sid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the bearer token of every request into `request.auth` (null when absent or invalid) and
 * offers it typed as `request.user`. What a route needs is decided from its declaration by the
 * access hook (plugins/access.ts), which runs right after this one. `now` is the server's clock:
 * token expiry, the verified-token cache and the session check all read it, so tests move time.
 */
export function registerAuth(app: FastifyInstance, secret: string, now: () => number): void {
  const verified = verifiedTokenCache(now);
  app.decorateRequest('auth', null);
  app.decorateRequest('user', {
    getter(this: FastifyRequest): AuthContext {
      if (!this.auth) throw unauthorized();
      return this.auth;
    },
  });
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const token = header.slice('Bearer '.length).trim();
    let auth = verified.get(token);
    if (!auth) {
      auth = await verifyAccessToken(secret, token, now);
      if (auth) verified.set(token, auth);
    }
    // A token from a login session ends with its session (logout, password reset, theft).
    if (auth?.sessionId && !(await sessionIsLive(app.db, auth.sessionId, now))) auth = null;
    request.auth = auth;
  });
}

/** Tokens whose signature this process has checked, kept this many at most. */
const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Remembers verified access tokens until they expire. Checking an HS256 signature through
 * WebCrypto cost about 0.5 ms of CPU per request — a tenth of a bond-table page — and the same
 * token arrives on every call of a session. The cache holds only what a fresh verification
 * would answer for the exact same token text, and never past the token's own expiry.
 */
function verifiedTokenCache(now: () => number) {
  const entries = new Map<string, { auth: AuthContext; expiresAt: number }>();
  return {
    get(token: string): AuthContext | null {
      const hit = entries.get(token);
      if (!hit) return null;
      if (now() < hit.expiresAt) return hit.auth;
      entries.delete(token);
      return null;
    },
    set(token: string, auth: AuthContext): void {
      const expiresAt = expiryOf(token);
      if (expiresAt === null) return;
      if (entries.size >= VERIFIED_TOKENS_MAX) entries.delete(entries.keys().next().value!);
      entries.set(token, { auth, expiresAt });
    },
  };
}

/** The `exp` of a token already verified (ms), or null when it has none. */
function expiryOf(token: string): number | null {
  const { exp } = decodeJwt(token);
  return typeof exp === 'number' ? exp * 1000 : null;
}
