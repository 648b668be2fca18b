import type { MfaStatus, Passkey, TotpEnrolment } from '@common/api/user';
import { PRODUCT_NAME } from '@common/constants';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';
import { recordEvents } from '../events';
import { verifyPassword } from './crypto';
import { consumeToken, createToken, findToken } from './tokens';
import { getUserRow } from './users';
import { challengeOf, registerPasskey, registrationOptions } from './webauthn';

function presentPasskey(row: { id: string; name: string; created_at: Date; last_used_at: Date | null }): Passkey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
  };
}

export async function getMfaStatus(db: Kysely<Database>, userId: string): Promise<MfaStatus> {
  const user = await getUserRow(db, userId);
  const passkeys = await db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return { totpEnabled: user.totp_secret !== null, passkeys: passkeys.map(presentPasskey), emailCodeAvailable: true };
}

async function requirePassword(db: Kysely<Database>, userId: string, password: string): Promise<void> {
  const user = await getUserRow(db, userId);
  if (!(await verifyPassword(user.password_hash, password))) throw new ServiceRefusal('unauthorized', 'Your password is not correct');
}

/** Starts TOTP enrolment: a new secret, pending until a first code confirms it. */
export async function startTotp(db: Kysely<Database>, userId: string): Promise<TotpEnrolment> {
  const user = await getUserRow(db, userId);
  const secret = generateSecret();
  await db.updateTable('users').set({ totp_pending_secret: secret }).where('id', '=', userId).execute();
  return { secret, otpauthUri: generateURI({ issuer: PRODUCT_NAME, label: user.email, secret }) };
}

/** Confirms TOTP enrolment with a code from the app; 400 when no enrolment runs or the code is wrong. */
export async function confirmTotp(db: Kysely<Database>, userId: string, code: string, now: Date): Promise<MfaStatus> {
  const user = await getUserRow(db, userId);
  if (!user.totp_pending_secret) throw new ServiceRefusal('invalid', 'Start authenticator set-up first');
  const result = await verifyTotp({
    secret: user.totp_pending_secret,
    token: code,
    // At the app's time (otplib would read the machine's).
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
  }).catch(() => ({
    valid: false as const,
  }));
  if (!result.valid) throw new ServiceRefusal('invalid', 'That code is not right; check the time on your phone and try the next code');
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        totp_secret: user.totp_pending_secret,
        totp_pending_secret: null,
        totp_last_step: 'timeStep' in result ? result.timeStep : null,
        totp_enabled_at: now,
      })
      .where('id', '=', userId)
      .execute();
    await recordEvents(trx, [{ type: 'user.mfa_changed', subjectId: userId, payload: { factor: 'totp', change: 'added' } }]);
  });
  return getMfaStatus(db, userId);
}

export async function removeTotp(db: Kysely<Database>, userId: string, password: string): Promise<MfaStatus> {
  await requirePassword(db, userId, password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null, totp_enabled_at: null })
      .where('id', '=', userId)
      .execute();
    await recordEvents(trx, [{ type: 'user.mfa_changed', subjectId: userId, payload: { factor: 'totp', change: 'removed' } }]);
  });
  return getMfaStatus(db, userId);
}

/** Registration options for a new passkey; the challenge is kept (hashed, 10 minutes, single use). */
export async function passkeyOptions(db: Kysely<Database>, config: Config, userId: string, now: Date) {
  const user = await getUserRow(db, userId);
  const options = await registrationOptions(db, config, user);
  await createToken(db, { kind: 'passkey_registration', secret: options.challenge, email: user.email, userId }, now);
  return { ...options };
}

/** Verifies and stores a passkey created on the profile page. */
export async function addPasskey(
  db: Kysely<Database>,
  config: Config,
  userId: string,
  credential: string | { id: string },
  name: string | undefined,
  now: Date,
): Promise<Passkey> {
  const challenge = challengeOf(credential);
  const token = challenge ? await findToken(db, 'passkey_registration', challenge) : undefined;
  if (!token || token.user_id !== userId || token.used_at || token.expires_at.getTime() <= now.getTime()) {
    throw new ServiceRefusal('invalid', 'This passkey request has expired or was already used; please try again');
  }
  const row = await registerPasskey(db, config, userId, credential, challenge!, name);
  await consumeToken(db, token.id, now);
  await recordEvents(db, [{ type: 'user.mfa_changed', subjectId: userId, payload: { factor: 'passkey', change: 'added' } }]);
  return presentPasskey(row);
}

export async function renamePasskey(db: Kysely<Database>, userId: string, passkeyId: string, name: string): Promise<Passkey> {
  const row = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', passkeyId)
    .where('user_id', '=', userId)
    .returning(['id', 'name', 'created_at', 'last_used_at'])
    .executeTakeFirst();
  if (!row) throw new ServiceRefusal('not found', 'No such passkey');
  return presentPasskey(row);
}

export async function removePasskey(db: Kysely<Database>, userId: string, passkeyId: string, password: string): Promise<MfaStatus> {
  await requirePassword(db, userId, password);
  const result = await db.deleteFrom('passkeys').where('id', '=', passkeyId).where('user_id', '=', userId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new ServiceRefusal('not found', 'No such passkey');
  await recordEvents(db, [{ type: 'user.mfa_changed', subjectId: userId, payload: { factor: 'passkey', change: 'removed' } }]);
  return getMfaStatus(db, userId);
}
