import { PRODUCT_NAME } from '@common/constants';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';

/** Relying party of the passkeys: PUBLIC_URL's host name and origin. */
export function relyingParty(config: Config): { rpID: string; origin: string } {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** Parses the browser's credential, sent as JSON text (spec §7) or as an object. */
export function parseCredential<T extends { id: string }>(credential: string | { id: string }): T {
  if (typeof credential !== 'string') return credential as T;
  try {
    const parsed = JSON.parse(credential) as unknown;
    if (parsed && typeof parsed === 'object' && typeof (parsed as { id?: unknown }).id === 'string') return parsed as T;
  } catch {
    /* fall through */
  }
  throw new ServiceRefusal('invalid', 'The passkey response is not valid JSON from the browser');
}

/** Registration options for a user (existing passkeys excluded so one device is not added twice). */
export async function registrationOptions(db: Kysely<Database>, config: Config, user: { id: string; email: string; name: string | null }) {
  const existing = await db.selectFrom('passkeys').select(['id', 'transports']).where('user_id', '=', user.id).execute();
  return generateRegistrationOptions({
    rpName: PRODUCT_NAME,
    rpID: relyingParty(config).rpID,
    userName: user.email,
    userDisplayName: user.name ?? user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
}

/** Authentication options listing the user's passkeys. */
export async function authenticationOptions(db: Kysely<Database>, config: Config, userId: string) {
  const existing = await db.selectFrom('passkeys').select(['id', 'transports']).where('user_id', '=', userId).execute();
  return generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    allowCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    userVerification: 'preferred',
  });
}

/** Verifies a registration response and stores the passkey; 400 when it does not verify. */
export async function registerPasskey(
  db: Kysely<Database>,
  config: Config,
  userId: string,
  credential: string | { id: string },
  expectedChallenge: string,
  name: string | undefined,
): Promise<{ id: string; name: string; created_at: Date; last_used_at: Date | null }> {
  const response = parseCredential<RegistrationResponseJSON>(credential);
  const { rpID, origin } = relyingParty(config);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch (err) {
    throw new ServiceRefusal('invalid', `The passkey could not be verified: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!verification.verified) throw new ServiceRefusal('invalid', 'The passkey could not be verified');
  const info = verification.registrationInfo;
  const count = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return db
    .insertInto('passkeys')
    .values({
      id: info.credential.id,
      user_id: userId,
      public_key: info.credential.publicKey,
      counter: info.credential.counter,
      transports: JSON.stringify(info.credential.transports ?? []),
      name: name ?? `Passkey ${Number(count.n) + 1}`,
      device_type: info.credentialDeviceType,
      backed_up: info.credentialBackedUp,
    })
    .returning(['id', 'name', 'created_at', 'last_used_at'])
    .executeTakeFirstOrThrow();
}

/** Verifies an authentication response against the user's stored passkey and updates its counter. */
export async function verifyPasskeyLogin(
  db: Kysely<Database>,
  config: Config,
  userId: string,
  credential: string | { id: string },
  expectedChallenge: string,
  now: Date,
): Promise<boolean> {
  const response = parseCredential<AuthenticationResponseJSON>(credential);
  const stored = await db.selectFrom('passkeys').selectAll().where('id', '=', response.id).where('user_id', '=', userId).executeTakeFirst();
  if (!stored) return false;
  const { rpID, origin } = relyingParty(config);
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(stored.public_key),
        counter: Number(stored.counter),
        transports: stored.transports,
      },
    });
    if (!result.verified) return false;
    await db
      .updateTable('passkeys')
      .set({ counter: result.authenticationInfo.newCounter, last_used_at: now })
      .where('id', '=', stored.id)
      .execute();
    return true;
  } catch {
    return false;
  }
}

/** The challenge inside a credential's clientDataJSON (to find the options it answers). */
export function challengeOf(credential: string | { id: string }): string | undefined {
  const parsed = parseCredential<{ id: string; response?: { clientDataJSON?: string } }>(credential);
  try {
    const clientData = JSON.parse(Buffer.from(parsed.response?.clientDataJSON ?? '', 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof clientData.challenge === 'string' ? clientData.challenge : undefined;
  } catch {
    return undefined;
  }
}
