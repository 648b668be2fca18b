import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
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

/** A 256-bit key for `purpose`, derived from a server secret (so one secret serves several uses). */
function derivedKey(secret: string, purpose: string): Buffer {
  return createHash('sha256').update(`${purpose}\0${secret}`).digest();
}

/** Encrypts and authenticates a short text (AES-256-GCM) under a key derived from `secret` for `purpose`. */
export function sealText(secret: string, purpose: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

/** Opens what {@link sealText} sealed; null when it was tampered with or sealed under another key. */
export function unsealText(secret: string, purpose: string, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', derivedKey(secret, purpose), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
