import { ACCOUNT_LINKS, type AuthResponse, type LoginStartResult, type MfaPlatform, type SecondFactor } from '@common/api/auth';
import { type Kysely, sql } from 'kysely';
import { verify as verifyTotp } from 'otplib';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';
import { recordEvents } from '../events';
import { formatEmailCode, newEmailCode, newId, randomToken, verifyPassword } from './crypto';
import { appLink, enqueueEmail, renderEmail } from './mail';
import { type ClientInfo, issueSession } from './sessions';
import { assertSameAttempt, newLoginAttempt } from './emailLogin';
import { consumeToken, createToken, findToken, replaceToken } from './tokens';
import { findUserByEmail, type UserRow } from './users';
import { authenticationOptions, registerPasskey, registrationOptions, verifyPasskeyLogin } from './webauthn';

export const MAX_FAILED_LOGINS = 5;
export const FAILURE_WINDOW_MINUTES = 15;
export const BAD_CREDENTIALS = 'Incorrect e-mail or password';
export const LOCKED_MESSAGE =
  'This account is locked after too many failed sign-in attempts. Use the unlock link we e-mailed, request a new one, or reset your password.';
export const ADMIN_LOCKED_MESSAGE = 'This account has been locked by an administrator. Contact support to have it unlocked.';
const MFA_SESSION_EXPIRED = 'Your sign-in took too long or was already completed; please start again';

/** 423 when the e-mail is locked (known or not: the answer reveals nothing about accounts). */
async function assertNotLocked(db: Kysely<Database>, email: string): Promise<void> {
  const lock = await db.selectFrom('login_locks').select('email').where('email', '=', email).executeTakeFirst();
  if (lock) throw new ServiceRefusal('locked', LOCKED_MESSAGE);
}

/** Sends an unlock link to an account (inside the caller's transaction). */
export async function sendUnlockEmail(trx: Kysely<Database>, config: Config, user: { id: string; email: string }): Promise<void> {
  const uuid = newId();
  await replaceToken(trx, { kind: 'unlock', secret: uuid, email: user.email, userId: user.id });
  await enqueueEmail(
    trx,
    renderEmail(config, {
      kind: 'unlock',
      to: user.email,
      subject: 'Your Bondwise account is locked',
      paragraphs: [
        `There were ${MAX_FAILED_LOGINS} failed attempts to sign in to your Bondwise account, so we locked it.`,
        'If that was you, unlock your account with the link below (valid for 24 hours). If not, unlock it and change your password.',
      ],
      action: { label: 'Unlock my account', url: appLink(config, ACCOUNT_LINKS.unlock(uuid)) },
    }),
  );
}

/**
 * Records a failed login; at MAX_FAILED_LOGINS within the window the e-mail is locked and, for a
 * real account, an unlock link is e-mailed. Throws the answer to give (401 or 423).
 */
async function failLogin(
  db: Kysely<Database>,
  config: Config,
  email: string,
  user: UserRow | undefined,
  client: ClientInfo,
  message = BAD_CREDENTIALS,
): Promise<never> {
  const locked = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('login_failures')
      .values({ email, ip: client.ip ?? null })
      .execute();
    const { n } = await trx
      .selectFrom('login_failures')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', '=', email)
      .where('created_at', '>', sql<Date>`now() - make_interval(mins => ${FAILURE_WINDOW_MINUTES})`)
      .executeTakeFirstOrThrow();
    if (Number(n) < MAX_FAILED_LOGINS) return false;
    const inserted = await trx
      .insertInto('login_locks')
      .values({ email })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('email')
      .executeTakeFirst();
    if (inserted && user) {
      await sendUnlockEmail(trx, config, user);
      await recordEvents(trx, [{ type: 'user.locked', subjectId: user.id, payload: { ip: client.ip ?? null } }]);
    }
    return true;
  });
  throw locked ? new ServiceRefusal('locked', LOCKED_MESSAGE) : new ServiceRefusal('unauthorized', message);
}

/** Checks e-mail and password (lockout first); returns the user or throws 401/423. */
async function checkPassword(db: Kysely<Database>, config: Config, email: string, password: string, client: ClientInfo): Promise<UserRow> {
  await assertNotLocked(db, email);
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.password_hash, password);
  if (!ok || !user) return failLogin(db, config, email, user, client);
  if (user.locked_at) throw new ServiceRefusal('locked', ADMIN_LOCKED_MESSAGE);
  return user;
}

async function clearFailures(db: Kysely<Database>, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}

async function finishLogin(db: Kysely<Database>, config: Config, user: UserRow, method: string, client: ClientInfo): Promise<AuthResponse> {
  // Every way in ends here (an e-mailed code never checks a password): an admin's lock holds for all.
  if (user.locked_at) throw new ServiceRefusal('locked', ADMIN_LOCKED_MESSAGE);
  await clearFailures(db, user.email);
  return db.transaction().execute(async (trx) => {
    const auth = await issueSession(trx, config, user, client);
    await trx.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', user.id).execute();
    await recordEvents(trx, [{ type: 'user.logged_in', subjectId: user.id, payload: { method } }]);
    return auth;
  });
}

function factorsOf(user: UserRow): SecondFactor[] {
  return user.totp_secret ? ['totp', 'email'] : ['email'];
}

/** POST /auth/login/start (spec §4 Login). */
export async function loginStart(
  db: Kysely<Database>,
  config: Config,
  body: { email: string; password: string; mfaPlatform?: MfaPlatform | undefined },
  client: ClientInfo,
): Promise<LoginStartResult> {
  const user = await checkPassword(db, config, body.email, body.password, client);
  await clearFailures(db, user.email);
  const passkeyCount = Number(
    (
      await db
        .selectFrom('passkeys')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const factors = factorsOf(user);
  const webauthnUsable = body.mfaPlatform !== 'none';
  const newMfaSession = async (payload: Record<string, unknown>) => {
    const secret = randomToken();
    await createToken(db, { kind: 'mfa_session', secret, email: user.email, userId: user.id, payload });
    return secret;
  };
  if (passkeyCount > 0 && webauthnUsable) {
    const options = await authenticationOptions(db, config, user.id);
    return {
      kind: 'passkey',
      mfaSession: await newMfaSession({ challenge: options.challenge, purpose: 'authenticate' }),
      options: { ...options },
      factors,
    };
  }
  if (passkeyCount > 0 || user.totp_secret || (config.mfaRequired && !webauthnUsable)) {
    return { kind: 'secondFactor', mfaSession: await newMfaSession({ purpose: 'second-factor' }), factors };
  }
  if (config.mfaRequired) {
    const protocol = await registrationOptions(db, config, user);
    return {
      kind: 'enrolPasskey',
      mfaSession: await newMfaSession({ challenge: protocol.challenge, purpose: 'register' }),
      protocol: { ...protocol },
      factors,
    };
  }
  return { kind: 'session', auth: await finishLogin(db, config, user, 'password', client) };
}

/** Finds the pending second-factor session of a user; 401 when missing, used or expired. */
async function pendingMfaSession(db: Kysely<Database>, user: UserRow, secret: string | undefined, purpose?: string) {
  if (!secret) throw new ServiceRefusal('invalid', 'mfaSession from login/start is required');
  const token = await findToken(db, 'mfa_session', secret);
  if (!token || token.user_id !== user.id || token.used_at || token.revoked_at || token.expires_at.getTime() <= Date.now()) {
    throw new ServiceRefusal('unauthorized', MFA_SESSION_EXPIRED);
  }
  if (purpose && token.payload.purpose !== purpose) throw new ServiceRefusal('unauthorized', MFA_SESSION_EXPIRED);
  return token;
}

/** POST /auth/login/finish: password plus a passkey assertion or a TOTP code. */
export async function loginFinish(
  db: Kysely<Database>,
  config: Config,
  body: {
    email: string;
    password: string;
    mfaSession?: string | undefined;
    credential?: string | undefined;
    totpCode?: string | undefined;
  },
  client: ClientInfo,
): Promise<AuthResponse> {
  const user = await checkPassword(db, config, body.email, body.password, client);
  if (body.totpCode !== undefined) {
    if (!user.totp_secret) return failLogin(db, config, user.email, user, client, 'Authenticator codes are not set up for this account');
    const result = await verifyTotp({
      secret: user.totp_secret,
      token: body.totpCode,
      epochTolerance: 30,
      ...(user.totp_last_step !== null ? { afterTimeStep: Number(user.totp_last_step) } : {}),
    }).catch(() => ({ valid: false as const }));
    if (!result.valid) return failLogin(db, config, user.email, user, client, 'That authenticator code is not right (or was already used)');
    await db
      .updateTable('users')
      .set({ totp_last_step: 'timeStep' in result ? result.timeStep : Math.floor(Date.now() / 30_000) })
      .where('id', '=', user.id)
      .execute();
    if (body.mfaSession) {
      const token = await findToken(db, 'mfa_session', body.mfaSession);
      if (token && token.user_id === user.id) await consumeToken(db, token.id);
    }
    return finishLogin(db, config, user, 'totp', client);
  }
  const token = await pendingMfaSession(db, user, body.mfaSession, 'authenticate');
  const ok = await verifyPasskeyLogin(db, config, user.id, body.credential!, String(token.payload.challenge));
  if (!ok) return failLogin(db, config, user.email, user, client, 'The passkey was not accepted; try again or use another way to sign in');
  if (!(await consumeToken(db, token.id))) throw new ServiceRefusal('unauthorized', MFA_SESSION_EXPIRED);
  return finishLogin(db, config, user, 'passkey', client);
}

/** POST /auth/mfa/enroll: a passkey created at login (kind enrolPasskey) completes the login. */
export async function enrollAtLogin(
  db: Kysely<Database>,
  config: Config,
  body: { email: string; password: string; mfaSession: string; credential: string | { id: string }; name?: string | undefined },
  client: ClientInfo,
): Promise<AuthResponse> {
  const user = await checkPassword(db, config, body.email, body.password, client);
  const token = await pendingMfaSession(db, user, body.mfaSession, 'register');
  await registerPasskey(db, config, user.id, body.credential, String(token.payload.challenge), body.name);
  await consumeToken(db, token.id);
  return finishLogin(db, config, user, 'passkey-enrolment', client);
}

/**
 * POST /auth/mfa/email/send: e-mails a login code and link (after a correct password). The code
 * is bound to this login attempt: the returned secret goes to the browser that entered the
 * password (an HttpOnly cookie), and only a browser presenting it can use the code (emailLogin.ts).
 */
export async function sendLoginCode(
  db: Kysely<Database>,
  config: Config,
  body: { email: string; password: string },
  client: ClientInfo,
): Promise<{ attempt: string }> {
  const user = await checkPassword(db, config, body.email, body.password, client);
  await clearFailures(db, user.email);
  const code = newEmailCode();
  const attempt = newLoginAttempt();
  await db.transaction().execute(async (trx) => {
    await replaceToken(trx, { kind: 'login_code', secret: code, email: user.email, userId: user.id, payload: attempt.payload });
    await enqueueEmail(
      trx,
      renderEmail(config, {
        kind: 'login_code',
        to: user.email,
        // Never the code itself: subjects show in lock-screen previews and mail lists.
        subject: 'Your Bondwise sign-in code',
        paragraphs: ['Use this code to finish signing in to Bondwise. It works once and expires in 10 minutes.'],
        code: formatEmailCode(code),
        action: { label: 'Sign in', url: appLink(config, ACCOUNT_LINKS.loginCode(code)) },
      }),
    );
  });
  return { attempt: attempt.secret };
}

const CODE_INVALID = 'This code is not valid or has expired';

/** POST /auth/mfa/email: logs in with an e-mailed code (single use), in the browser that asked for it. */
export async function loginWithEmailCode(
  db: Kysely<Database>,
  config: Config,
  code: string,
  client: ClientInfo,
  attempt?: string,
): Promise<AuthResponse> {
  const token = await findToken(db, 'login_code', code);
  if (!token || token.used_at || token.revoked_at || token.expires_at.getTime() <= Date.now() || !token.user_id)
    throw new ServiceRefusal('unauthorized', CODE_INVALID);
  // Refused before it is used up, so the browser that asked for it can still sign in with it.
  assertSameAttempt(token.payload, attempt);
  await assertNotLocked(db, token.email);
  if (!(await consumeToken(db, token.id))) throw new ServiceRefusal('unauthorized', CODE_INVALID);
  const user = await db.selectFrom('users').selectAll().where('id', '=', token.user_id).executeTakeFirst();
  if (!user) throw new ServiceRefusal('unauthorized', CODE_INVALID);
  return finishLogin(db, config, user, 'email-code', client);
}
