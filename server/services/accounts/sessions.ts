import type { AuthResponse, CookieDescriptorDto } from '@common/api/auth';
import { REFRESH_COOKIE_PATH, REFRESH_GRACE_MS, SESSION_COOKIES } from '@common/constants';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { signAccessToken } from '../../plugins/auth';
import { ServiceRefusal } from '../refusal';
import { newId, randomToken, sealText, sha256, unsealText } from './crypto';
import { sessionsChanged } from './liveSessions';
import { recordEvents, SESSION_ENDED_EVENT } from '../events';

export interface ClientInfo {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

/** What seals a session's current refresh token for the grace window (a key purpose, see sealText). */
const GRACE_SEAL = 'refresh-grace';

function cookie(config: Config, name: string, value: string, expiresAt: Date, nowMs: number, path = '/'): CookieDescriptorDto {
  return {
    name,
    value,
    path,
    domain: config.cookieDomain,
    maxAge: Math.max(0, Math.round((expiresAt.getTime() - nowMs) / 1000)),
    secure: config.publicUrl.startsWith('https://'),
    sameSite: 'strict',
    expiration: expiresAt.toISOString(),
  };
}

/**
 * The answer of a login or refresh. The refresh descriptor carries the token here; the route
 * moves it into an HttpOnly cookie scoped to /auth/refresh and blanks it in the body
 * (routes/auth/refreshCookie.ts), so page scripts never see it.
 */
async function authResponse(
  config: Config,
  user: { id: string; email: string; is_admin: boolean },
  sessionId: string,
  refreshToken: string,
  refreshExpiresAt: Date,
  nowMs: number,
): Promise<AuthResponse> {
  const accessToken = await signAccessToken(
    config.jwtSecret,
    {
      userId: user.id,
      scopes: user.is_admin ? ['user', 'admin'] : ['user'],
      ttlSeconds: config.accessTokenTtlSeconds,
      sessionId,
      refreshExpiresAt,
    },
    () => nowMs,
  );
  return {
    session: cookie(config, SESSION_COOKIES.session, accessToken, refreshExpiresAt, nowMs),
    refresh: { ...cookie(config, SESSION_COOKIES.refresh, refreshToken, refreshExpiresAt, nowMs, REFRESH_COOKIE_PATH), httpOnly: true },
    username: cookie(config, SESSION_COOKIES.username, user.email, refreshExpiresAt, nowMs),
    userId: user.id,
    accessTokenExpiresAt: new Date(nowMs + config.accessTokenTtlSeconds * 1000).toISOString(),
    refreshTokenExpiresAt: refreshExpiresAt.toISOString(),
  };
}

/** Opens a login session: a new refresh token (stored hashed) and an access token. */
export async function issueSession(
  db: Kysely<Database>,
  config: Config,
  user: { id: string; email: string; is_admin: boolean },
  client: ClientInfo,
  nowMs: number,
): Promise<AuthResponse> {
  const id = newId();
  const refreshToken = randomToken();
  const expiresAt = new Date(nowMs + config.refreshTokenTtlSeconds * 1000);
  await db
    .insertInto('user_sessions')
    .values({
      id,
      user_id: user.id,
      refresh_hash: sha256(refreshToken),
      expires_at: expiresAt,
      user_agent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip ?? null,
    })
    .execute();
  return authResponse(config, user, id, refreshToken, expiresAt, nowMs);
}

/** The answer to a refresh that cannot go on: unknown, expired, revoked or replayed token. */
export const SESSION_ENDED = 'Your session has ended; please sign in again';

/**
 * Exchanges a refresh token for a new access token and a new refresh token (rotation). The
 * session keeps its original end. The token just rotated away still answers for
 * REFRESH_GRACE_MS with the same successor (tabs refreshing at once must not log the user out);
 * presented after that it is treated as stolen and the whole session is revoked.
 */
export async function refreshSession(db: Kysely<Database>, config: Config, refreshToken: string, nowMs: number): Promise<AuthResponse> {
  const hash = sha256(refreshToken);
  const now = new Date(nowMs);
  return db
    .transaction()
    .execute(async (trx) => {
      const userOf = (id: string) => trx.selectFrom('users').select(['id', 'email', 'is_admin']).where('id', '=', id).executeTakeFirst();
      const session = await trx.selectFrom('user_sessions').selectAll().where('refresh_hash', '=', hash).forUpdate().executeTakeFirst();
      if (!session) {
        const rotated = await trx
          .selectFrom('user_sessions')
          .selectAll()
          .where('previous_refresh_hash', '=', hash)
          .forUpdate()
          .executeTakeFirst();
        if (!rotated || rotated.revoked_at) throw new ServiceRefusal('unauthorized', SESSION_ENDED);
        const successor = rotated.successor_sealed ? unsealText(config.jwtSecret, GRACE_SEAL, rotated.successor_sealed) : null;
        const inGrace = rotated.rotated_at !== null && nowMs - rotated.rotated_at.getTime() <= REFRESH_GRACE_MS;
        if (inGrace && successor && rotated.expires_at.getTime() > nowMs) {
          const user = await userOf(rotated.user_id);
          if (!user) throw new ServiceRefusal('unauthorized', SESSION_ENDED);
          return authResponse(config, user, rotated.id, successor, rotated.expires_at, nowMs);
        }
        // Commit the revocation (and its end, for the polls it holds anywhere), then refuse.
        await trx.updateTable('user_sessions').set({ revoked_at: now }).where('id', '=', rotated.id).execute();
        await recordSessionsEnded(trx, [rotated.id], rotated.user_id);
        return null;
      }
      if (session.revoked_at || session.expires_at.getTime() <= nowMs) throw new ServiceRefusal('unauthorized', SESSION_ENDED);
      const user = await userOf(session.user_id);
      if (!user) throw new ServiceRefusal('unauthorized', SESSION_ENDED);
      const next = randomToken();
      await trx
        .updateTable('user_sessions')
        .set({
          refresh_hash: sha256(next),
          previous_refresh_hash: hash,
          rotated_at: now,
          successor_sealed: sealText(config.jwtSecret, GRACE_SEAL, next),
          last_used_at: now,
        })
        .where('id', '=', session.id)
        .execute();
      return authResponse(config, user, session.id, next, session.expires_at, nowMs);
    })
    .then((result) => {
      if (!result) {
        sessionsChanged(); // a replayed refresh token revoked its session: its access tokens end now
        throw new ServiceRefusal('unauthorized', SESSION_ENDED);
      }
      return result;
    });
}

/**
 * Revokes one session (logout). Unknown tokens are ignored: logging out always succeeds. Answers
 * the ids of the sessions it ended, and records their end (SESSION_ENDED_EVENT) so that every
 * instance answers the long-polls they hold at once.
 */
export async function revokeSession(
  db: Kysely<Database>,
  by: { sessionId?: string | undefined; refreshToken?: string | undefined },
  now: Date,
): Promise<string[]> {
  const ended: string[] = [];
  if (by.sessionId) {
    const rows = await db
      .updateTable('user_sessions')
      .set({ revoked_at: now })
      .where('id', '=', by.sessionId)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    ended.push(...rows.map((r) => r.id));
  }
  if (by.refreshToken) {
    const rows = await db
      .updateTable('user_sessions')
      .set({ revoked_at: now })
      .where('refresh_hash', '=', sha256(by.refreshToken))
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    ended.push(...rows.map((r) => r.id));
  }
  sessionsChanged();
  // A session named by its access token was revoked here even when already revoked elsewhere: its polls end too.
  const sessionIds = [...new Set([...ended, ...(by.sessionId ? [by.sessionId] : [])])];
  await recordSessionsEnded(db, sessionIds);
  return sessionIds;
}

/**
 * Records that these login sessions ended (SESSION_ENDED_EVENT). In the caller's transaction:
 * NOTIFY is delivered on commit, and every instance then answers the long-polls they hold at once,
 * so a poll never outlives its session to deliver what comes after (issue 33).
 */
async function recordSessionsEnded(db: Kysely<Database>, sessionIds: string[], userId?: string): Promise<void> {
  if (sessionIds.length === 0) return;
  await recordEvents(db, [{ type: SESSION_ENDED_EVENT, subjectId: userId ?? null, payload: { sessionIds } }]);
}

/**
 * Revokes every session of a user except, optionally, one (password change or reset, an admin's
 * lock, sign-out-everywhere or role change, a rejected sign-up) and records their end like a
 * logout, so their held polls end on every instance. Called inside the caller's transaction: the
 * caller calls sessionsChanged() once it has committed. Answers the ids of the sessions it ended.
 */
export async function revokeAllSessions(db: Kysely<Database>, userId: string, now: Date, exceptSessionId?: string): Promise<string[]> {
  let q = db.updateTable('user_sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  const ended = (await q.returning('id').execute()).map((r) => r.id);
  await recordSessionsEnded(db, ended, userId);
  sessionsChanged();
  return ended;
}
