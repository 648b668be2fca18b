import type { AuthResponse, CookieDescriptorDto } from '@common/api/accounts';
import { SESSION_COOKIES } from '@common/constants';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { signAccessToken } from '../../plugins/auth';
import { unauthorized } from '../../plugins/errors';
import { newId, randomToken, sha256 } from './crypto';
import { sessionsChanged } from './liveSessions';

export interface ClientInfo {
  userAgent?: string | undefined;
  ip?: string | undefined;
}

function cookie(config: Config, name: string, value: string, expiresAt: Date): CookieDescriptorDto {
  return {
    name,
    value,
    path: '/',
    domain: config.cookieDomain,
    maxAge: Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000)),
    secure: config.publicUrl.startsWith('https://'),
    sameSite: 'strict',
    expiration: expiresAt.toISOString(),
  };
}

async function authResponse(
  config: Config,
  user: { id: string; email: string; is_admin: boolean },
  sessionId: string,
  refreshToken: string,
  refreshExpiresAt: Date,
): Promise<AuthResponse> {
  const accessToken = await signAccessToken(config.jwtSecret, {
    userId: user.id,
    scopes: user.is_admin ? ['user', 'admin'] : ['user'],
    ttlSeconds: config.accessTokenTtlSeconds,
    sessionId,
    refreshExpiresAt,
  });
  return {
    session: cookie(config, SESSION_COOKIES.session, accessToken, refreshExpiresAt),
    refresh: cookie(config, SESSION_COOKIES.refresh, refreshToken, refreshExpiresAt),
    username: cookie(config, SESSION_COOKIES.username, user.email, refreshExpiresAt),
    userId: user.id,
    accessTokenExpiresAt: new Date(Date.now() + config.accessTokenTtlSeconds * 1000).toISOString(),
    refreshTokenExpiresAt: refreshExpiresAt.toISOString(),
  };
}

/** Opens a login session: a new refresh token (stored hashed) and an access token. */
export async function issueSession(
  db: Kysely<Database>,
  config: Config,
  user: { id: string; email: string; is_admin: boolean },
  client: ClientInfo = {},
): Promise<AuthResponse> {
  const id = newId();
  const refreshToken = randomToken();
  const expiresAt = new Date(Date.now() + config.refreshTokenTtlSeconds * 1000);
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
  return authResponse(config, user, id, refreshToken, expiresAt);
}

const REFRESH_INVALID = 'Your session has ended; please sign in again';

/**
 * Exchanges a refresh token for a new access token and a new refresh token (rotation). The
 * session keeps its original end. A refresh token that was already rotated away is treated as
 * stolen: the whole session is revoked.
 */
export async function refreshSession(db: Kysely<Database>, config: Config, refreshToken: string): Promise<AuthResponse> {
  const hash = sha256(refreshToken);
  return db
    .transaction()
    .execute(async (trx) => {
      const session = await trx.selectFrom('user_sessions').selectAll().where('refresh_hash', '=', hash).forUpdate().executeTakeFirst();
      if (!session) {
        const reused = await trx
          .updateTable('user_sessions')
          .set({ revoked_at: new Date() })
          .where('previous_refresh_hash', '=', hash)
          .where('revoked_at', 'is', null)
          .executeTakeFirst();
        if (Number(reused.numUpdatedRows) > 0) {
          // Commit the revocation, then refuse.
          return null;
        }
        throw unauthorized(REFRESH_INVALID);
      }
      if (session.revoked_at || session.expires_at.getTime() <= Date.now()) throw unauthorized(REFRESH_INVALID);
      const user = await trx.selectFrom('users').select(['id', 'email', 'is_admin']).where('id', '=', session.user_id).executeTakeFirst();
      if (!user) throw unauthorized(REFRESH_INVALID);
      const next = randomToken();
      await trx
        .updateTable('user_sessions')
        .set({ refresh_hash: sha256(next), previous_refresh_hash: hash, last_used_at: new Date() })
        .where('id', '=', session.id)
        .execute();
      return authResponse(config, user, session.id, next, session.expires_at);
    })
    .then((result) => {
      if (!result) {
        sessionsChanged(); // a replayed refresh token revoked its session: its access tokens end now
        throw unauthorized(REFRESH_INVALID);
      }
      return result;
    });
}

/** Revokes one session (logout). Unknown tokens are ignored: logging out always succeeds. */
export async function revokeSession(
  db: Kysely<Database>,
  by: { sessionId?: string | undefined; refreshToken?: string | undefined },
): Promise<void> {
  if (by.sessionId) {
    await db
      .updateTable('user_sessions')
      .set({ revoked_at: new Date() })
      .where('id', '=', by.sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }
  if (by.refreshToken) {
    await db
      .updateTable('user_sessions')
      .set({ revoked_at: new Date() })
      .where('refresh_hash', '=', sha256(by.refreshToken))
      .where('revoked_at', 'is', null)
      .execute();
  }
  sessionsChanged();
}

/**
 * Revokes every session of a user except, optionally, one (password change/reset). Called inside
 * the caller's transaction: the caller calls sessionsChanged() once it has committed.
 */
export async function revokeAllSessions(db: Kysely<Database>, userId: string, exceptSessionId?: string): Promise<void> {
  let q = db.updateTable('user_sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
  sessionsChanged();
}
