import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { ClientInfo } from './sessions';

/**
 * Password guessing is held back at its source, never by locking the account for everyone
 * (docs/accounts.md "Guessing"): anyone could otherwise lock any named person out with five
 * wrong passwords. A source is the IP an attempt comes from; the device is the browser's own id
 * (X-Device-Fingerprint, a random id kept in its storage).
 *
 * - A source's first FREE_FAILURES_PER_SOURCE failures on an address cost nothing; after them it
 *   waits before each further attempt (1, 2, 4 … up to MAX_HOLD_MINUTES minutes: 423 meanwhile),
 *   and a right password from it no longer signs in alone: it needs a second factor or the
 *   e-mailed sign-in code.
 * - When an address has ACCOUNT_FAILURES_BEFORE_CHALLENGE failures from all sources together (many
 *   sources guessing), every source needs the second factor or the e-mailed code.
 * - A device the account has signed in from before is neither held nor challenged: the owner
 *   signs in as usual while someone else guesses.
 * Failures are remembered FAILURE_MEMORY_HOURS; a completed sign-in forgets its own source's,
 * the e-mailed unlock link (or a password reset) all of the address's.
 */
export const FREE_FAILURES_PER_SOURCE = 5;
export const ACCOUNT_FAILURES_BEFORE_CHALLENGE = 20;
export const FAILURE_MEMORY_HOURS = 24;
export const MAX_HOLD_MINUTES = 60;

/** A sign-in attempt: the client, its device id and when it came (the app's clock). */
export interface LoginAttempt extends ClientInfo {
  device?: string | undefined;
  at: Date;
}

export interface SourceStanding {
  /** Until when this source waits before its next attempt on the address (null: it may try now). */
  heldUntil: Date | null;
  /** A right password from this source needs a second factor or the e-mailed code to sign in. */
  challenged: boolean;
  /** This source's failures on the address, remembered. */
  failures: number;
}

const sourceIp = (attempt: LoginAttempt) => attempt.ip ?? '';

/** The wait after a source's n-th remembered failure (none before the free ones are spent). */
export function holdMinutes(failures: number): number {
  if (failures < FREE_FAILURES_PER_SOURCE) return 0;
  return Math.min(MAX_HOLD_MINUTES, 2 ** (failures - FREE_FAILURES_PER_SOURCE));
}

/** Where this source stands on this address (an unknown address stands the same: nothing is revealed). */
export async function standingOf(
  db: Kysely<Database>,
  email: string,
  userId: string | undefined,
  attempt: LoginAttempt,
): Promise<SourceStanding> {
  const since = new Date(attempt.at.getTime() - FAILURE_MEMORY_HOURS * 3_600_000);
  const { rows } = await sql<{ source: string; account: string; last: Date | string | null; known: boolean }>`
    select count(*) filter (where coalesce(ip, '') = ${sourceIp(attempt)}) as source, count(*) as account,
      max(created_at) filter (where coalesce(ip, '') = ${sourceIp(attempt)}) as last,
      exists (select 1 from known_devices where user_id = ${userId ?? null}::text and device = ${attempt.device ?? null}::text) as known
    from login_failures where email = ${email} and created_at > ${since}`.execute(db);
  const row = rows[0]!;
  const failures = Number(row.source);
  if (row.known) return { heldUntil: null, challenged: false, failures };
  const wait = holdMinutes(failures);
  const until = row.last !== null && wait > 0 ? new Date(new Date(row.last).getTime() + wait * 60_000) : null;
  return {
    heldUntil: until && until > attempt.at ? until : null,
    challenged: failures >= FREE_FAILURES_PER_SOURCE || Number(row.account) >= ACCOUNT_FAILURES_BEFORE_CHALLENGE,
    failures,
  };
}

/** Records a failed attempt of this source on the address (inside the caller's transaction). */
export async function recordFailure(db: Kysely<Database>, email: string, attempt: LoginAttempt): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({ email, ip: attempt.ip ?? null, device: attempt.device ?? null, created_at: attempt.at })
    .execute();
}

/** A completed sign-in: its source's failures are forgotten and its device is known from now on. */
export async function recordSignIn(db: Kysely<Database>, user: { id: string; email: string }, attempt: LoginAttempt): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('email', '=', user.email)
    .where(sql<boolean>`coalesce(ip, '') = ${sourceIp(attempt)}`)
    .execute();
  if (!attempt.device) return;
  await db
    .insertInto('known_devices')
    .values({ user_id: user.id, device: attempt.device, last_seen_at: attempt.at })
    .onConflict((oc) => oc.columns(['user_id', 'device']).doUpdateSet({ last_seen_at: attempt.at }))
    .execute();
}

/** The 423 a held source gets: how long to wait, and the ways that need no waiting. */
export function heldMessage(until: Date, at: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - at.getTime()) / 60_000));
  return (
    `Sign-in from here is locked for ${minutes} minute${minutes === 1 ? '' : 's'} after too many failed attempts. ` +
    'Use the unlock link we e-mailed (or request one), reset your password, or sign in from a device you have used before.'
  );
}
