import { ACCOUNT_LINKS, type AuthResponse, type LoginStartResult, type MfaPlatform, type SecondFactor } from '@common/api/auth';
import type { Kysely } from 'kysely';
import { verify as verifyTotp } from 'otplib';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';
import { recordEvents } from '../events';
import { formatEmailCode, newEmailCode, newId, randomToken, verifyPassword } from './crypto';
import { appLink, enqueueEmail, renderEmail } from './mail';
import { issueSession } from './sessions';
import { assertSameAttempt, newLoginAttempt } from './emailLogin';
import { FREE_FAILURES_PER_SOURCE, heldMessage, type LoginAttempt, recordFailure, recordSignIn, standingOf } from './guessing';
import { consumeToken, createToken, findToken, replaceToken } from './tokens';
import { findUserByEmail, type UserRow } from './users';
import { authenticationOptions, registerPasskey, registrationOptions, verifyPasskeyLogin } from './webauthn';

/** The failures from one source that hold it back (services/accounts/guessing.ts). */
export const MAX_FAILED_LOGINS = FREE_FAILURES_PER_SOURCE;
export const BAD_CREDENTIALS = 'Incorrect e-mail or password';
export const ADMIN_LOCKED_MESSAGE = 'This account has been locked by an administrator. Contact support to have it unlocked.';
const MFA_SESSION_EXPIRED = 'Your sign-in took too long or was already completed; please start again';

/** Sends an unlock link to an account (inside the caller's transaction). */
export async function sendUnlockEmail(
  trx: Kysely<Database>,
  config: Config,
  user: { id: string; email: string },
  now: Date,
): Promise<void> {
  const uuid = newId();
  await replaceToken(trx, { kind: 'unlock', secret: uuid, email: user.email, userId: user.id }, now);
  await enqueueEmail(
    trx,
    renderEmail(config, {
      kind: 'unlock',
      to: user.email,
      subject: 'Your Bondwise account is locked',
      paragraphs: [
        `There were ${MAX_FAILED_LOGINS} failed attempts to sign in to your Bondwise account from one place, so sign-in from there is held back. Devices you have signed in from before are not affected.`,
        'If that was you, lift the hold with the link below (valid for 24 hours). If not, change your password.',
      ],
      action: { label: 'Unlock my account', url: appLink(config, ACCOUNT_LINKS.unlock(uuid)) },
    }),
    now,
  );
}

/**
 * Records a failed login of this source (services/accounts/guessing.ts). The source that spends
 * its free failures is held back (423) and, for a real account, an unlock link is e-mailed — at
 * most once an hour, so guessing from many places does not flood the owner's inbox. Throws the
 * answer to give (401 or 423).
 */
async function failLogin(
  db: Kysely<Database>,
  config: Config,
  email: string,
  user: UserRow | undefined,
  attempt: LoginAttempt,
  message = BAD_CREDENTIALS,
): Promise<never> {
  const held = await db.transaction().execute(async (trx) => {
    await recordFailure(trx, email, attempt);
    const standing = await standingOf(trx, email, user?.id, attempt);
    if (standing.heldUntil === null) return null;
    if (standing.failures === MAX_FAILED_LOGINS && user && !(await unlockSentWithin(trx, email, attempt.at, 60))) {
      await sendUnlockEmail(trx, config, user, attempt.at);
      await recordEvents(trx, [{ type: 'user.locked', subjectId: user.id, payload: { ip: attempt.ip ?? null } }]);
    }
    return standing.heldUntil;
  });
  throw held ? new ServiceRefusal('locked', heldMessage(held, attempt.at)) : new ServiceRefusal('unauthorized', message);
}

async function unlockSentWithin(db: Kysely<Database>, email: string, at: Date, minutes: number): Promise<boolean> {
  const row = await db
    .selectFrom('account_tokens')
    .select('id')
    .where('kind', '=', 'unlock')
    .where('email', '=', email)
    .where('created_at', '>', new Date(at.getTime() - minutes * 60_000))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Checks e-mail and password for this source: a held source waits (423) before its password is
 * even checked; returns the user and whether a right password from here needs a second factor.
 */
async function checkPassword(
  db: Kysely<Database>,
  config: Config,
  email: string,
  password: string,
  attempt: LoginAttempt,
): Promise<{ user: UserRow; challenged: boolean }> {
  const found = await findUserByEmail(db, email);
  const standing = await standingOf(db, email, found?.id, attempt);
  if (standing.heldUntil) throw new ServiceRefusal('locked', heldMessage(standing.heldUntil, attempt.at));
  const ok = await verifyPassword(found?.password_hash, password);
  if (!ok || !found) return failLogin(db, config, email, found, attempt);
  if (found.locked_at) throw new ServiceRefusal('locked', ADMIN_LOCKED_MESSAGE);
  return { user: found, challenged: standing.challenged };
}

async function finishLogin(
  db: Kysely<Database>,
  config: Config,
  user: UserRow,
  method: string,
  attempt: LoginAttempt,
): Promise<AuthResponse> {
  // Every way in ends here (an e-mailed code never checks a password): an admin's lock holds for all.
  if (user.locked_at) throw new ServiceRefusal('locked', ADMIN_LOCKED_MESSAGE);
  return db.transaction().execute(async (trx) => {
    await recordSignIn(trx, user, attempt);
    const auth = await issueSession(trx, config, user, attempt, attempt.at.getTime());
    await trx.updateTable('users').set({ last_login_at: attempt.at }).where('id', '=', user.id).execute();
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
  attempt: LoginAttempt,
): Promise<LoginStartResult> {
  const { user, challenged } = await checkPassword(db, config, body.email, body.password, attempt);
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
    await createToken(db, { kind: 'mfa_session', secret, email: user.email, userId: user.id, payload }, attempt.at);
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
  // A source that has been guessing needs more than the password: the second factor or the e-mailed code.
  if (passkeyCount > 0 || user.totp_secret || challenged || (config.mfaRequired && !webauthnUsable)) {
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
  return { kind: 'session', auth: await finishLogin(db, config, user, 'password', attempt) };
}

/** Finds the pending second-factor session of a user; 401 when missing, used or expired. */
async function pendingMfaSession(db: Kysely<Database>, user: UserRow, secret: string | undefined, now: Date, purpose?: string) {
  if (!secret) throw new ServiceRefusal('invalid', 'mfaSession from login/start is required');
  const token = await findToken(db, 'mfa_session', secret);
  if (!token || token.user_id !== user.id || token.used_at || token.revoked_at || token.expires_at.getTime() <= now.getTime()) {
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
  attempt: LoginAttempt,
): Promise<AuthResponse> {
  const { user } = await checkPassword(db, config, body.email, body.password, attempt);
  if (body.totpCode !== undefined) {
    if (!user.totp_secret) return failLogin(db, config, user.email, user, attempt, 'Authenticator codes are not set up for this account');
    const result = await verifyTotp({
      secret: user.totp_secret,
      token: body.totpCode,
      // The code is checked at the app's time (otplib would read the machine's).
      epoch: Math.floor(attempt.at.getTime() / 1000),
      epochTolerance: 30,
      ...(user.totp_last_step !== null ? { afterTimeStep: Number(user.totp_last_step) } : {}),
    }).catch(() => ({ valid: false as const }));
    if (!result.valid)
      return failLogin(db, config, user.email, user, attempt, 'That authenticator code is not right (or was already used)');
    await db
      .updateTable('users')
      .set({ totp_last_step: 'timeStep' in result ? result.timeStep : Math.floor(attempt.at.getTime() / 30_000) })
      .where('id', '=', user.id)
      .execute();
    if (body.mfaSession) {
      const token = await findToken(db, 'mfa_session', body.mfaSession);
      if (token && token.user_id === user.id) await consumeToken(db, token.id, attempt.at);
    }
    return finishLogin(db, config, user, 'totp', attempt);
  }
  const token = await pendingMfaSession(db, user, body.mfaSession, attempt.at, 'authenticate');
  const ok = await verifyPasskeyLogin(db, config, user.id, body.credential!, String(token.payload.challenge), attempt.at);
  if (!ok) return failLogin(db, config, user.email, user, attempt, 'The passkey was not accepted; try again or use another way to sign in');
  if (!(await consumeToken(db, token.id, attempt.at))) throw new ServiceRefusal('unauthorized', MFA_SESSION_EXPIRED);
  return finishLogin(db, config, user, 'passkey', attempt);
}

/** POST /auth/mfa/enroll: a passkey created at login (kind enrolPasskey) completes the login. */
export async function enrollAtLogin(
  db: Kysely<Database>,
  config: Config,
  body: { email: string; password: string; mfaSession: string; credential: string | { id: string }; name?: string | undefined },
  attempt: LoginAttempt,
): Promise<AuthResponse> {
  const { user, challenged } = await checkPassword(db, config, body.email, body.password, attempt);
  // A new passkey is no second factor for a source that has been guessing.
  if (challenged) throw new ServiceRefusal('unauthorized', 'Finish signing in with the code we e-mail you first');
  const token = await pendingMfaSession(db, user, body.mfaSession, attempt.at, 'register');
  await registerPasskey(db, config, user.id, body.credential, String(token.payload.challenge), body.name);
  await consumeToken(db, token.id, attempt.at);
  return finishLogin(db, config, user, 'passkey-enrolment', attempt);
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
  attempt: LoginAttempt,
): Promise<{ attempt: string }> {
  const { user } = await checkPassword(db, config, body.email, body.password, attempt);
  const code = newEmailCode();
  const bound = newLoginAttempt();
  await db.transaction().execute(async (trx) => {
    await replaceToken(trx, { kind: 'login_code', secret: code, email: user.email, userId: user.id, payload: bound.payload }, attempt.at);
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
      attempt.at,
    );
  });
  return { attempt: bound.secret };
}

const CODE_INVALID = 'This code is not valid or has expired';

/** POST /auth/mfa/email: logs in with an e-mailed code (single use), in the browser that asked for it. */
export async function loginWithEmailCode(
  db: Kysely<Database>,
  config: Config,
  code: string,
  attempt: LoginAttempt,
  boundAttempt?: string,
): Promise<AuthResponse> {
  const token = await findToken(db, 'login_code', code);
  if (!token || token.used_at || token.revoked_at || token.expires_at.getTime() <= attempt.at.getTime() || !token.user_id)
    throw new ServiceRefusal('unauthorized', CODE_INVALID);
  // Refused before it is used up, so the browser that asked for it can still sign in with it.
  assertSameAttempt(token.payload, boundAttempt);
  if (!(await consumeToken(db, token.id, attempt.at))) throw new ServiceRefusal('unauthorized', CODE_INVALID);
  const user = await db.selectFrom('users').selectAll().where('id', '=', token.user_id).executeTakeFirst();
  if (!user) throw new ServiceRefusal('unauthorized', CODE_INVALID);
  return finishLogin(db, config, user, 'email-code', attempt);
}
