import type { UserRole } from '@common/api/adminUsers';
import type { Invite } from '@common/api/user';
import { FEATURE_NAMES, type FeatureLevel, type FeatureName } from '@common/features';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { ServiceRefusal } from '../refusal';
import { sessionsChanged } from './liveSessions';
import { revokeAllSessions } from './sessions';
import { resendInviteEmail } from './signup';
import type { UserRow } from './users';

/** Who acts: the admin's user id and the address the request came from (kept in the audit entry). */
export interface AdminActor {
  userId: string;
  ip: string | null;
}

export type Values = Record<string, unknown>;

/**
 * Runs one admin change on a person in a transaction: the row is locked, the version the admin
 * decided on is checked (409 when someone changed the person since), the change is made, the
 * version bumped, and the values before and after are audited — all or nothing. Never a secret
 * or a hash in what is recorded: each change says what it records.
 */
export async function changeUser(
  db: Kysely<Database>,
  actor: AdminActor,
  userId: string,
  /** Undefined only for the older trial route, whose callers name no version (it is then not checked). */
  version: number | undefined,
  action: string,
  now: Date,
  change: (trx: Kysely<Database>, row: UserRow) => Promise<{ before: Values; after: Values }>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('users').selectAll().where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!row) throw new ServiceRefusal('not found', 'No such user');
    if (version !== undefined && row.version !== version)
      throw new ServiceRefusal(
        'conflict',
        `This person was changed by someone else since you opened them (version ${version}, now ${row.version}): reload and try again.`,
      );
    const { before, after } = await change(trx, row);
    await trx
      .updateTable('users')
      .set({ version: row.version + 1, updated_at: now })
      .where('id', '=', userId)
      .execute();
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action,
      targetType: 'user',
      targetId: userId,
      details: { before, after, version: row.version + 1, ip: actor.ip },
    });
  });
}

const notYourself = (actor: AdminActor, userId: string, what: string) => {
  if (actor.userId === userId) throw new ServiceRefusal('invalid', `You cannot ${what} your own account.`);
};

async function activeSessionCount(trx: Kysely<Database>, userId: string, now: Date): Promise<number> {
  const { n } = await trx
    .selectFrom('user_sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Locks a person out (every session ends, no sign-in works) until an admin unlocks them. */
export async function lockUser(db: Kysely<Database>, actor: AdminActor, userId: string, version: number, now: Date): Promise<void> {
  notYourself(actor, userId, 'lock');
  await changeUser(db, actor, userId, version, 'user.lock', now, async (trx, row) => {
    if (row.locked_at) throw new ServiceRefusal('conflict', 'This person is already locked');
    const sessions = await activeSessionCount(trx, userId, now);
    await trx.updateTable('users').set({ locked_at: now, locked_by: actor.userId }).where('id', '=', userId).execute();
    await revokeAllSessions(trx, userId, now);
    return { before: { locked: false, activeSessions: sessions }, after: { locked: true, activeSessions: 0 } };
  });
  sessionsChanged();
}

/** Lifts an admin's lock and a failed-sign-in lock alike. */
export async function unlockUser(db: Kysely<Database>, actor: AdminActor, userId: string, version: number, now: Date): Promise<void> {
  await changeUser(db, actor, userId, version, 'user.unlock', now, async (trx, row) => {
    const loginLock = await trx.selectFrom('login_locks').select('email').where('email', '=', row.email).executeTakeFirst();
    if (!row.locked_at && !loginLock) throw new ServiceRefusal('conflict', 'This person is not locked');
    await trx.updateTable('users').set({ locked_at: null, locked_by: null }).where('id', '=', userId).execute();
    await trx.deleteFrom('login_locks').where('email', '=', row.email).execute();
    await trx.deleteFrom('login_failures').where('email', '=', row.email).execute();
    return {
      before: { locked: row.locked_at !== null, loginLocked: loginLock !== undefined },
      after: { locked: false, loginLocked: false },
    };
  });
}

/** Ends every session of a person (they sign in again; tokens stop within the session check). */
export async function forceLogout(db: Kysely<Database>, actor: AdminActor, userId: string, version: number, now: Date): Promise<void> {
  await changeUser(db, actor, userId, version, 'user.logout', now, async (trx) => {
    const sessions = await activeSessionCount(trx, userId, now);
    await revokeAllSessions(trx, userId, now);
    return { before: { activeSessions: sessions }, after: { activeSessions: 0 } };
  });
  sessionsChanged();
}

/** Removes the authenticator and every passkey; the person sets them up again. Kinds and dates are audited, never secrets. */
export async function resetSecondFactors(
  db: Kysely<Database>,
  actor: AdminActor,
  userId: string,
  version: number,
  now: Date,
): Promise<void> {
  await changeUser(db, actor, userId, version, 'user.reset_second_factors', now, async (trx, row) => {
    const passkeys = await trx.selectFrom('passkeys').select(['name', 'created_at']).where('user_id', '=', userId).execute();
    const before = [
      ...(row.totp_secret ? [{ kind: 'totp', addedAt: row.totp_enabled_at?.toISOString() ?? null }] : []),
      ...passkeys.map((p) => ({ kind: 'passkey', name: p.name, addedAt: p.created_at.toISOString() })),
    ];
    if (before.length === 0 && !row.totp_pending_secret) throw new ServiceRefusal('conflict', 'This person has no second factor to reset');
    await trx
      .updateTable('users')
      .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null, totp_enabled_at: null })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('passkeys').where('user_id', '=', userId).execute();
    return { before: { secondFactors: before }, after: { secondFactors: [] } };
  });
}

/** Makes a person an admin or a user. Their sessions end: the role is in their access token. */
export async function changeRole(
  db: Kysely<Database>,
  actor: AdminActor,
  userId: string,
  version: number,
  role: UserRole,
  now: Date,
): Promise<void> {
  notYourself(actor, userId, 'change the role of');
  await changeUser(db, actor, userId, version, 'user.role', now, async (trx, row) => {
    const was: UserRole = row.is_admin ? 'admin' : 'user';
    if (was === role) throw new ServiceRefusal('conflict', `This person is already ${role === 'admin' ? 'an admin' : 'a user'}.`);
    await trx
      .updateTable('users')
      .set({ is_admin: role === 'admin' })
      .where('id', '=', userId)
      .execute();
    await revokeAllSessions(trx, userId, now);
    return { before: { role: was }, after: { role } };
  });
  sessionsChanged();
}

/** Sets (a level) or removes (null) a person's own feature overrides; the others stay. */
export async function setUserFeatures(
  db: Kysely<Database>,
  actor: AdminActor,
  userId: string,
  version: number,
  features: Partial<Record<FeatureName, FeatureLevel | null>>,
  now: Date,
): Promise<void> {
  await changeUser(db, actor, userId, version, 'user.features', now, async (trx) => {
    const names = FEATURE_NAMES.filter((n) => n in features);
    const current = await trx
      .selectFrom('feature_levels')
      .select(['feature', 'level'])
      .where('scope', '=', 'user')
      .where('scope_id', '=', userId)
      .where('feature', 'in', names)
      .execute();
    const before: Values = Object.fromEntries(names.map((n) => [n, current.find((c) => c.feature === n)?.level ?? null]));
    for (const name of names) {
      const level = features[name] ?? null;
      if (level === null) {
        await trx
          .deleteFrom('feature_levels')
          .where('scope', '=', 'user')
          .where('scope_id', '=', userId)
          .where('feature', '=', name)
          .execute();
      } else {
        await trx
          .insertInto('feature_levels')
          .values({ scope: 'user', scope_id: userId, feature: name, level, updated_by: actor.userId })
          .onConflict((oc) =>
            oc.columns(['scope', 'scope_id', 'feature']).doUpdateSet({ level, updated_by: actor.userId, updated_at: now }),
          )
          .execute();
      }
    }
    return { before, after: Object.fromEntries(names.map((n) => [n, features[n] ?? null])) };
  });
}

/** Sends a pending (or expired) invite again with a new link; the old link stops working. */
export async function resendInvite(db: Kysely<Database>, config: Config, actor: AdminActor, inviteId: string, now: Date): Promise<Invite> {
  return resendInviteEmail(
    db,
    config,
    inviteId,
    async (trx, before, after) =>
      writeAudit(trx, {
        actorUserId: actor.userId,
        action: 'invite.resend',
        targetType: 'invite',
        targetId: inviteId,
        details: {
          before: { id: inviteId, expiresAt: before },
          after: { id: after.id, expiresAt: after.expiresAt },
          email: after.email,
          ip: actor.ip,
        },
      }),
    now,
  );
}
