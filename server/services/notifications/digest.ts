import { type Kysely, sql } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { RecurringJob } from '../../jobs/scheduler';
import { appLink, enqueueEmail, renderEmail } from '../accounts/mail';

/** Users e-mailed per run at most (the rest next run). */
const DIGEST_BATCH = 200;

interface DigestRow {
  id: string;
  email: string;
  name: string | null;
  unread_messages: string | number;
  new_notifications: string | number;
}

/**
 * The e-mail digest for people who are away: at most once per DIGEST_INTERVAL_MS, a user with
 * notifications since their last digest (or the last interval) gets one e-mail through the outbox
 * with how many deal messages are unread and how many notifications arrived — never a user who
 * turned `emailDigestOn` off, a locked one, or one with nothing new. Answers how many were queued.
 */
export async function sendDigests(db: Kysely<Database>, config: Config, now: Date): Promise<number> {
  const since = new Date(now.getTime() - config.digestIntervalMs);
  const { rows } = await sql<DigestRow>`
    select u.id, u.email, u.name,
      (select count(*) from deal_message_recipients r where r.user_id = u.id and r.read_at is null) as unread_messages,
      (select count(*) from notifications n
        where n.user_id = u.id and n.created_at > coalesce(d.last_sent_at, ${since}) and n.created_at <= ${now}) as new_notifications
    from users u
    left join notification_digests d on d.user_id = u.id
    where u.locked_at is null
      and coalesce((u.notification_preferences->>'emailDigestOn')::boolean, true)
      and (d.last_sent_at is null or d.last_sent_at <= ${since})
      and exists (select 1 from notifications n where n.user_id = u.id
                  and n.created_at > coalesce(d.last_sent_at, ${since}) and n.created_at <= ${now})
    order by u.id
    limit ${DIGEST_BATCH}`.execute(db);
  for (const row of rows) {
    const unread = Number(row.unread_messages);
    const fresh = Number(row.new_notifications);
    await db.transaction().execute(async (trx) => {
      await enqueueEmail(
        trx,
        renderEmail(config, {
          kind: 'notification-digest',
          to: row.email,
          subject: `Bondwise: ${fresh} new notification${fresh === 1 ? '' : 's'}`,
          paragraphs: [
            `Hello${row.name ? ` ${row.name}` : ''},`,
            `While you were away: ${fresh} new notification${fresh === 1 ? '' : 's'}, and ${unread} unread deal message${unread === 1 ? '' : 's'}.`,
            'You can turn this e-mail off under Notifications in your profile.',
          ],
          action: { label: 'Open your messages', url: appLink(config, '/bw/primary/messages') },
        }),
        now,
      );
      await trx
        .insertInto('notification_digests')
        .values({ user_id: row.id, last_sent_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_sent_at: now }))
        .execute();
    });
  }
  return rows.length;
}

export function digestJob(config: Config): RecurringJob {
  return {
    name: 'notification-digest',
    intervalMs: Math.min(config.digestIntervalMs, 5 * 60_000),
    async run(db, { now }) {
      await sendDigests(db, config, new Date(now()));
    },
  };
}
