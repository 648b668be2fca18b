import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id (OWASP minimum parameters: 19 MiB, 2 passes, 1 lane). */
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. Without a hash (unknown user) it still verifies
 * against a dummy hash, so the answer takes as long either way and timing reveals nothing.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** SHA-256 hex of a secret (tokens are high-entropy, so a fast hash is right for them). */
export function sha256(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Constant-time equality of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** A 256-bit random opaque token, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A random UUID (v4, 122 random bits) — the {uuid} of e-mailed links. */
export function newId(): string {
  return randomUUID();
}

/** Crockford base32 alphabet (no I, L, O, U): what the e-mailed login code is made of. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A 10-character e-mail login code (50 bits), canonical form without dash. */
export function newEmailCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += CROCKFORD[randomInt(CROCKFORD.length)];
  return code;
}

/** XXXXX-XXXXX for display. */
export function formatEmailCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
