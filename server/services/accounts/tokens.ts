import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';
import { newId, sha256 } from './crypto';

/** Kinds of single-use secrets and how long each lives. */
export const TOKEN_TTL_SECONDS = {
  signup: 48 * 3600,
  reset: 3600,
  unlock: 24 * 3600,
  invite: 14 * 24 * 3600,
  login_code: 10 * 60,
  mfa_session: 10 * 60,
  passkey_registration: 10 * 60,
} as const;
export type TokenKind = keyof typeof TOKEN_TTL_SECONDS;

export interface AccountTokenRow {
  id: string;
  kind: string;
  email: string;
  user_id: string | null;
  created_by: string | null;
  payload: Record<string, unknown>;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
}

/** Stores the hash of a secret the caller sends out (link uuid, code, mfa session). */
export async function createToken(
  db: Kysely<Database>,
  t: {
    kind: TokenKind;
    secret: string;
    email: string;
    userId?: string | null;
    createdBy?: string | null;
    payload?: Record<string, unknown>;
  },
  now: Date,
): Promise<string> {
  const id = newId();
  await db
    .insertInto('account_tokens')
    .values({
      id,
      kind: t.kind,
      token_hash: sha256(t.secret),
      email: t.email,
      user_id: t.userId ?? null,
      created_by: t.createdBy ?? null,
      payload: JSON.stringify(t.payload ?? {}),
      expires_at: new Date(now.getTime() + TOKEN_TTL_SECONDS[t.kind] * 1000),
    })
    .execute();
  return id;
}

/** Issues a new token and revokes the e-mail's earlier unused ones of its kind: only the newest link or code works. */
export async function replaceToken(db: Kysely<Database>, t: Parameters<typeof createToken>[1], now: Date): Promise<string> {
  await revokeTokens(db, t.kind, t.email, now);
  return createToken(db, t, now);
}

/** Revokes the unused tokens of a kind for an e-mail (a new link replaces the old ones). */
export async function revokeTokens(db: Kysely<Database>, kind: TokenKind, email: string, now: Date): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ revoked_at: now })
    .where('kind', '=', kind)
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Finds a token by its secret (look-up by hash: comparing hashes through the unique index leaks
 * nothing about the secret). Returns the row whatever its state; see requireUsable.
 */
export async function findToken(
  db: Kysely<Database>,
  kind: TokenKind,
  secret: string,
  forUpdate = false,
): Promise<AccountTokenRow | undefined> {
  let q = db.selectFrom('account_tokens').selectAll().where('token_hash', '=', sha256(secret)).where('kind', '=', kind);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  return row as AccountTokenRow | undefined;
}

export const LINK_INVALID = 'This link is not valid or has already been used';
export const LINK_EXPIRED = 'This link has expired';

/** Raises 404 for unknown, used or revoked tokens and 410 for expired ones. */
export function requireUsable(
  row: AccountTokenRow | undefined,
  now: Date,
  messages = { invalid: LINK_INVALID, expired: LINK_EXPIRED },
): AccountTokenRow {
  if (!row || row.used_at || row.revoked_at) throw new ServiceRefusal('not found', messages.invalid);
  if (row.expires_at.getTime() <= now.getTime()) throw new ServiceRefusal('gone', messages.expired);
  return row;
}

/** Marks a token used at `now` (the app's clock); false when another request used it first (single use under races). */
export async function consumeToken(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
