import { ACCOUNT_LINKS, type AccountCreated, type InviteInfo, type LinkType } from '@common/api/auth';
import { type Invite } from '@common/api/user';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';
import { writeAudit } from '../audit';
import { recordEvents } from '../events';
import { hashPassword, newId, randomToken } from './crypto';
import { sendUnlockEmail } from './login';
import { appLink, enqueueEmail, renderEmail } from './mail';
import { sessionsChanged } from './liveSessions';
import { revokeAllSessions } from './sessions';
import {
  type AccountTokenRow,
  consumeToken,
  findToken,
  LINK_EXPIRED,
  replaceToken,
  requireUsable,
  revokeTokens,
  type TokenKind,
} from './tokens';
import { createUser, findUserByEmail, organizationForEmail } from './users';

/** The one answer to sign-up, reset and unlock requests, whatever the e-mail: no enumeration. */
export const CHECK_INBOX = 'If this address can be used, we have sent an e-mail to it. Check your inbox (and spam folder).';
const ACCOUNT_EXISTS = 'An account with this e-mail already exists; sign in or reset your password';
/** Pending invites one user may have at a time (admins: unlimited). */
export const MAX_PENDING_INVITES = 20;
/** Invites one user may send in 24 hours, revoked and accepted ones included (no revoke-and-resend loop). */
export const MAX_INVITES_PER_DAY = 20;

async function sendSignupLink(trx: Kysely<Database>, config: Config, email: string, now: Date): Promise<void> {
  const uuid = newId();
  await replaceToken(trx, { kind: 'signup', secret: uuid, email }, now);
  await enqueueEmail(
    trx,
    renderEmail(config, {
      kind: 'signup',
      to: email,
      subject: 'Finish creating your Bondwise account',
      paragraphs: [
        'Thanks for signing up to Bondwise. Confirm your e-mail address and choose a password with the link below (valid for 48 hours).',
      ],
      action: { label: 'Create my account', url: appLink(config, ACCOUNT_LINKS.signup(uuid)) },
    }),
    now,
  );
}

async function sendResetLink(trx: Kysely<Database>, config: Config, user: { id: string; email: string }, now: Date): Promise<void> {
  const uuid = newId();
  await replaceToken(trx, { kind: 'reset', secret: uuid, email: user.email, userId: user.id }, now);
  await enqueueEmail(
    trx,
    renderEmail(config, {
      kind: 'reset',
      to: user.email,
      subject: 'Reset your Bondwise password',
      paragraphs: [
        'Someone asked to reset the password of your Bondwise account. If it was you, choose a new password with the link below (valid for 1 hour).',
      ],
      action: { label: 'Choose a new password', url: appLink(config, ACCOUNT_LINKS.resetPassword(uuid)) },
    }),
    now,
  );
}

/** POST /auth/signup: e-mails a sign-up link; an existing account gets a "you already have an account" note instead. */
export async function signup(db: Kysely<Database>, config: Config, email: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await findUserByEmail(trx, email);
    if (existing) {
      await enqueueEmail(
        trx,
        renderEmail(config, {
          kind: 'signup-existing',
          to: email,
          subject: 'You already have a Bondwise account',
          paragraphs: [
            'Someone tried to sign up to Bondwise with this address, which already has an account. Sign in, or reset your password if you forgot it.',
          ],
          action: { label: 'Reset my password', url: appLink(config, '/bw/reset-password') },
        }),
        now,
      );
      return;
    }
    await sendSignupLink(trx, config, email, now);
  });
}

const LINK_KINDS: Record<LinkType, TokenKind> = { signup: 'signup', reset: 'reset', unlock: 'unlock', invite: 'invite' };

/** GET /auth/confirm: what a link is for; an expired link can be renewed (e-mailed again). */
export async function confirmInfo(
  db: Kysely<Database>,
  config: Config,
  token: string,
  type: LinkType,
  regenerateIfExpired: boolean,
  now: Date,
): Promise<{ uuid: string; email: string }> {
  const row = await findToken(db, LINK_KINDS[type], token);
  if (row && !row.used_at && !row.revoked_at && row.expires_at.getTime() <= now.getTime() && regenerateIfExpired && type !== 'invite') {
    await db.transaction().execute(async (trx) => {
      if (type === 'signup' && !(await findUserByEmail(trx, row.email))) await sendSignupLink(trx, config, row.email, now);
      if (type === 'reset' && row.user_id) await sendResetLink(trx, config, { id: row.user_id, email: row.email }, now);
      if (type === 'unlock' && row.user_id) await sendUnlockEmail(trx, config, { id: row.user_id, email: row.email }, now);
    });
    throw new ServiceRefusal('gone', `${LINK_EXPIRED}. We have e-mailed you a new one.`);
  }
  const usable = requireUsable(row, now);
  return { uuid: token, email: usable.email };
}

/** POST /auth/confirm: creates the account of a sign-up link, all or nothing. */
export async function confirmSignup(
  db: Kysely<Database>,
  config: Config,
  body: { uuid: string; email: string; name: string; password: string; tosConsent: true },
  now: Date,
): Promise<AccountCreated> {
  return db.transaction().execute(async (trx) => {
    const token = requireUsable(await findToken(trx, 'signup', body.uuid, true), now);
    if (token.email !== body.email) throw new ServiceRefusal('invalid', 'This link was sent to another e-mail address');
    if (await findUserByEmail(trx, token.email)) throw new ServiceRefusal('conflict', ACCOUNT_EXISTS);
    const user = await createUser(
      trx,
      config,
      { email: token.email, name: body.name, password: body.password, tosConsent: true, via: 'signup' },
      now,
    );
    if (!(await consumeToken(trx, token.id, now))) throw new ServiceRefusal('not found', 'This link has already been used');
    return { userId: user.id, email: user.email, message: 'Your account is ready. Sign in to continue.' };
  });
}

/** POST /auth/reset: e-mails a reset link to an existing account; silent otherwise. */
export async function requestReset(db: Kysely<Database>, config: Config, email: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await findUserByEmail(trx, email);
    if (user) await sendResetLink(trx, config, user, now);
  });
}

/** POST /auth/reset-password: sets the password, ends all sessions, lifts a lock. */
export async function resetPassword(db: Kysely<Database>, uuid: string, password: string, now: Date): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const token = requireUsable(await findToken(trx, 'reset', uuid, true), now);
    if (!token.user_id) throw new ServiceRefusal('not found', 'Not found');
    await trx
      .updateTable('users')
      .set({ password_hash: hash, password_changed_at: now, updated_at: now })
      .where('id', '=', token.user_id)
      .execute();
    await revokeAllSessions(trx, token.user_id, now);
    await trx.deleteFrom('login_locks').where('email', '=', token.email).execute();
    await trx.deleteFrom('login_failures').where('email', '=', token.email).execute();
    await revokeTokens(trx, 'login_code', token.email, now);
    await consumeToken(trx, token.id, now);
    await recordEvents(trx, [{ type: 'user.password_reset', subjectId: token.user_id, payload: {} }]);
  });
  sessionsChanged();
}

/** POST /auth/unlock: lifts the lock of the link's account. */
export async function unlock(db: Kysely<Database>, uuid: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const token = requireUsable(await findToken(trx, 'unlock', uuid, true), now);
    await trx.deleteFrom('login_locks').where('email', '=', token.email).execute();
    await trx.deleteFrom('login_failures').where('email', '=', token.email).execute();
    await consumeToken(trx, token.id, now);
    await recordEvents(trx, [{ type: 'user.unlocked', subjectId: token.user_id, payload: {} }]);
  });
}

/** POST /auth/unlock/request: a new unlock link for an account with failed sign-ins held back; silent otherwise. */
export async function requestUnlock(db: Kysely<Database>, config: Config, email: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('login_failures').select('email').where('email', '=', email).limit(1).executeTakeFirst();
    const user = locked ? await findUserByEmail(trx, email) : undefined;
    if (user) await sendUnlockEmail(trx, config, user, now);
  });
}

// ---- invites ---------------------------------------------------------------------------------

function presentInvite(row: AccountTokenRow, now: Date): Invite {
  const status = row.used_at ? 'accepted' : row.revoked_at ? 'revoked' : row.expires_at.getTime() <= now.getTime() ? 'expired' : 'pending';
  return {
    id: row.id,
    email: row.email,
    status,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    acceptedAt: row.used_at ? row.used_at.toISOString() : null,
  };
}

/** Sends an invite (users and admins); 409 when the address already has an account. */
export async function createInvite(
  db: Kysely<Database>,
  config: Config,
  inviter: { id: string; isAdmin: boolean },
  email: string,
  now: Date,
): Promise<Invite> {
  return db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, email)) throw new ServiceRefusal('conflict', 'This person already has a Bondwise account');
    // The inviter's row, locked: concurrent invites then count one after another (the caps hold).
    const who = await trx.selectFrom('users').select(['name', 'email']).where('id', '=', inviter.id).forUpdate().executeTakeFirst();
    if (!who) throw new ServiceRefusal('not found', 'No such user');
    if (!inviter.isAdmin) {
      const { today } = await trx
        .selectFrom('account_tokens')
        .select((eb) => eb.fn.countAll<string>().as('today'))
        .where('kind', '=', 'invite')
        .where('created_by', '=', inviter.id)
        .where('created_at', '>', new Date(now.getTime() - 86_400_000))
        .executeTakeFirstOrThrow();
      if (Number(today) >= MAX_INVITES_PER_DAY)
        throw new ServiceRefusal('too many', `You can send at most ${MAX_INVITES_PER_DAY} invites a day; try again tomorrow`);
      const { n } = await trx
        .selectFrom('account_tokens')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('kind', '=', 'invite')
        .where('created_by', '=', inviter.id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      if (Number(n) >= MAX_PENDING_INVITES)
        throw new ServiceRefusal('too many', `You have ${MAX_PENDING_INVITES} pending invites; revoke one or wait until they are accepted`);
    }
    const code = randomToken();
    const id = await replaceToken(
      trx,
      {
        kind: 'invite',
        secret: code,
        email,
        createdBy: inviter.id,
        payload: { inviterName: who.name ?? who.email },
      },
      now,
    );
    await enqueueInviteEmail(trx, config, email, code, who.name ?? who.email, now);
    if (inviter.isAdmin)
      await writeAudit(trx, { actorUserId: inviter.id, action: 'invite.create', targetType: 'invite', targetId: id, details: { email } });
    const row = await trx.selectFrom('account_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return presentInvite(row as AccountTokenRow, now);
  });
}

/** The invitation e-mail (inside the caller's transaction). */
async function enqueueInviteEmail(
  trx: Kysely<Database>,
  config: Config,
  email: string,
  code: string,
  inviterName: string,
  now: Date,
): Promise<void> {
  await enqueueEmail(
    trx,
    renderEmail(config, {
      kind: 'invite',
      to: email,
      // The sender's name is text they chose: never in the subject (where it would read as the
      // message), only as plain text in the body, after what the e-mail is.
      subject: 'Your invitation to Bondwise',
      paragraphs: [
        'You are invited to Bondwise, the bond-market data service for finance professionals.',
        `The invitation comes from a Bondwise user who gave their name as: ${inviterName}`,
        'Create your account with the link below (valid for 14 days).',
      ],
      action: { label: 'Accept the invitation', url: appLink(config, ACCOUNT_LINKS.invite(code)) },
    }),
    now,
  );
}

/**
 * Sends an invite again with a new link (the old one stops working): same person, same inviter.
 * 404 unknown, 409 when accepted, revoked (or replaced) or the address has an account meanwhile.
 * `audit` records the change in the same transaction.
 */
export async function resendInviteEmail(
  db: Kysely<Database>,
  config: Config,
  inviteId: string,
  audit: (trx: Kysely<Database>, previousExpiresAt: string, sent: Invite) => Promise<void>,
  now: Date,
): Promise<Invite> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('account_tokens')
      .selectAll()
      .where('id', '=', inviteId)
      .where('kind', '=', 'invite')
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new ServiceRefusal('not found', 'No such invite');
    if (row.used_at) throw new ServiceRefusal('conflict', 'This invite was accepted; the person has an account');
    if (row.revoked_at) throw new ServiceRefusal('conflict', 'This invite was revoked or replaced by a newer one; resend the newest');
    if (await findUserByEmail(trx, row.email)) throw new ServiceRefusal('conflict', 'This person already has a Bondwise account');
    const inviterName = typeof row.payload.inviterName === 'string' ? row.payload.inviterName : 'Bondwise';
    const code = randomToken();
    const id = await replaceToken(
      trx,
      { kind: 'invite', secret: code, email: row.email, createdBy: row.created_by, payload: row.payload },
      now,
    );
    await enqueueInviteEmail(trx, config, row.email, code, inviterName, now);
    const sent = presentInvite(
      (await trx.selectFrom('account_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as AccountTokenRow,
      now,
    );
    await audit(trx, row.expires_at.toISOString(), sent);
    return sent;
  });
}

/** Invites sent by a user (or all invites for the admin list when inviterId is null). */
export async function listInvites(db: Kysely<Database>, inviterId: string | null, now: Date): Promise<Invite[]> {
  let q = db.selectFrom('account_tokens').selectAll().where('kind', '=', 'invite').orderBy('created_at', 'desc').limit(500);
  if (inviterId) q = q.where('created_by', '=', inviterId);
  return (await q.execute()).map((r) => presentInvite(r as AccountTokenRow, now));
}

/** Revokes a pending invite of the inviter (admins: any). 404 when not theirs. */
export async function revokeInvite(
  db: Kysely<Database>,
  actor: { id: string; isAdmin: boolean },
  ownerId: string,
  inviteId: string,
  now: Date,
): Promise<Invite> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('account_tokens')
      .selectAll()
      .where('id', '=', inviteId)
      .where('kind', '=', 'invite')
      .executeTakeFirst();
    if (!row || row.created_by !== ownerId) throw new ServiceRefusal('not found', 'No such invite');
    if (!row.used_at && !row.revoked_at) {
      await trx.updateTable('account_tokens').set({ revoked_at: now }).where('id', '=', inviteId).execute();
      if (actor.isAdmin && actor.id !== ownerId)
        await writeAudit(trx, { actorUserId: actor.id, action: 'invite.revoke', targetType: 'invite', targetId: inviteId });
    }
    const updated = await trx.selectFrom('account_tokens').selectAll().where('id', '=', inviteId).executeTakeFirstOrThrow();
    return presentInvite(updated as AccountTokenRow, now);
  });
}

/** GET /auth/invite/{code}. */
export async function inviteInfo(db: Kysely<Database>, code: string, now: Date): Promise<InviteInfo> {
  const row = requireUsable(await findToken(db, 'invite', code), now);
  const org = await organizationForEmail(db, row.email);
  const orgName = org
    ? ((await db.selectFrom('organizations').select('name').where('id', '=', org.id).executeTakeFirst())?.name ?? null)
    : null;
  return {
    email: row.email,
    inviterName: typeof row.payload.inviterName === 'string' ? row.payload.inviterName : null,
    organizationName: orgName,
    expiresAt: row.expires_at.toISOString(),
  };
}

/** POST /auth/invite/accept: creates the invited account, all or nothing. */
export async function acceptInvite(
  db: Kysely<Database>,
  config: Config,
  body: { code: string; firstName: string; lastName: string; password: string },
  now: Date,
): Promise<AccountCreated> {
  return db.transaction().execute(async (trx) => {
    const token = requireUsable(await findToken(trx, 'invite', body.code, true), now);
    if (await findUserByEmail(trx, token.email)) throw new ServiceRefusal('conflict', ACCOUNT_EXISTS);
    const user = await createUser(
      trx,
      config,
      {
        email: token.email,
        name: `${body.firstName} ${body.lastName}`,
        password: body.password,
        tosConsent: true,
        via: 'invite',
        invitedBy: token.created_by,
      },
      now,
    );
    if (!(await consumeToken(trx, token.id, now))) throw new ServiceRefusal('not found', 'This invitation has already been used');
    return { userId: user.id, email: user.email, message: 'Your account is ready. Sign in to continue.' };
  });
}
