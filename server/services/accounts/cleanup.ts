import { type Kysely, sql } from 'kysely';
import type { RecurringJob } from '../../jobs/scheduler';
import type { Database } from '../../db/schema';
import { cleanupRateLimits } from '../../plugins/rateLimitStore';

/**
 * Removes what no longer matters: failed-login rows older than a day, single-use tokens and
 * sessions that ended more than 30 days ago, sent e-mails older than 30 days, rate-limit counters
 * whose window ended over an hour ago. Invites are kept
 * (their history is shown to the inviter).
 */
export async function cleanupAccounts(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('created_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
  await db
    .deleteFrom('account_tokens')
    .where('kind', '!=', 'invite')
    .where('expires_at', '<', sql<Date>`now() - interval '30 days'`)
    .execute();
  await db
    .deleteFrom('user_sessions')
    .where((eb) =>
      eb.or([eb('expires_at', '<', sql<Date>`now() - interval '30 days'`), eb('revoked_at', '<', sql<Date>`now() - interval '30 days'`)]),
    )
    .execute();
  await db
    .deleteFrom('email_outbox')
    .where('sent_at', '<', sql<Date>`now() - interval '30 days'`)
    .execute();
  await cleanupRateLimits(db);
}

/** Hourly clean-up job. */
export const accountsCleanupJob: RecurringJob = { name: 'accounts-cleanup', intervalMs: 3600_000, run: cleanupAccounts };
