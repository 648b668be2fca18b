import type { Kysely } from 'kysely';
import type { RecurringJob } from '../../jobs/scheduler';
import type { Database } from '../../db/schema';
import { cleanupRateLimits } from '../../plugins/rateLimitStore';

const DAY_MS = 86_400_000;

/**
 * Removes what no longer matters: failed-login rows older than a day, single-use tokens and
 * sessions that ended more than 30 days ago, sent e-mails older than 30 days, rate-limit counters
 * whose window ended over an hour ago. Invites are kept
 * (their history is shown to the inviter). Ages are counted back from `now`, the app's clock.
 */
export async function cleanupAccounts(db: Kysely<Database>, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS);
  await db.deleteFrom('login_failures').where('created_at', '<', dayAgo).execute();
  await db.deleteFrom('account_tokens').where('kind', '!=', 'invite').where('expires_at', '<', monthAgo).execute();
  await db
    .deleteFrom('user_sessions')
    .where((eb) => eb.or([eb('expires_at', '<', monthAgo), eb('revoked_at', '<', monthAgo)]))
    .execute();
  await db.deleteFrom('email_outbox').where('sent_at', '<', monthAgo).execute();
  await cleanupRateLimits(db, now);
}

/** Hourly clean-up job. */
export const accountsCleanupJob: RecurringJob = {
  name: 'accounts-cleanup',
  intervalMs: 3600_000,
  run: (db, { now }) => cleanupAccounts(db, new Date(now())),
};
