import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { defineProcessCache } from '../caches/registry';

/**
 * Whether the login session behind an access token is still live (not revoked, not expired).
 * Access tokens are stateless JWTs; without this a token kept working for up to its 15-minute
 * life after logout, a password reset or a refresh-token theft revoked its session. Each process
 * asks the database about a session at most once per SESSION_CHECK_MS, so a revocation made
 * anywhere — this instance or another behind the same database — ends its tokens within that
 * time; revocations made by this process clear its memory once they commit (sessionsChanged).
 */
export const SESSION_CHECK_MS = 5000;
/** Sessions remembered per process (oldest forgotten first). */
const REMEMBERED_MAX = 50_000;

interface Known {
  live: boolean;
  checkedAt: number;
}

/**
 * One memory per process, keyed by session id (random, so several databases in one process —
 * the tests — never collide), so a revocation inside a transaction can clear it by id-less call.
 */
const known = defineProcessCache(
  {
    name: 'accounts.liveSessions',
    home: 'server/services/accounts/liveSessions.ts',
    per: 'process',
    key: 'session id',
    lifetime: { ms: SESSION_CHECK_MS, clock: "caller's now" },
    invalidatedBy: [
      'sessionsChanged: a revocation committed by this process (logout, password reset, refresh-token theft, admin actions)',
      "another instance's revocation (within the lifetime)",
    ],
    bound: REMEMBERED_MAX,
  },
  new Map<string, Known>(),
);
const pending = new Map<string, Promise<boolean>>();

/** True while the session exists, is not revoked and has not expired. */
export async function sessionIsLive(db: Kysely<Database>, sessionId: string, now: () => number): Promise<boolean> {
  const hit = known.get(sessionId);
  if (hit && now() - hit.checkedAt < SESSION_CHECK_MS) return hit.live;
  const inFlight = pending.get(sessionId);
  if (inFlight) return inFlight;
  const check = db
    .selectFrom('user_sessions')
    .select(['revoked_at', 'expires_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst()
    .then((row) => {
      const live = Boolean(row && !row.revoked_at && row.expires_at.getTime() > now());
      if (known.size >= REMEMBERED_MAX) known.delete(known.keys().next().value!);
      known.delete(sessionId);
      known.set(sessionId, { live, checkedAt: now() });
      return live;
    })
    .finally(() => pending.delete(sessionId));
  pending.set(sessionId, check);
  return check;
}

/** Forget what this process knows about sessions: call after a revocation has committed. */
export function sessionsChanged(): void {
  known.clear();
}
