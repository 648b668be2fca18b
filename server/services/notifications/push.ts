import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import webpush from 'web-push';
import type { PushSubscriptionDto } from '../../../common/api/user';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { RecurringJob } from '../../jobs/scheduler';
import { NOTIFICATION_EVENT, type NotificationEventPayload } from './notifications';

/**
 * Browser push (spec §4 "browser push is registered"): the VAPID keys, and a job that sends each
 * new notification to the push subscriptions of its users who turned browser notifications on.
 * The job runs under a lease (one instance sends), reads `notification.created` events after its
 * watermark (kept in app_settings), and drops subscriptions the push service says are gone
 * (404/410). web-push encrypts and signs; the request goes out with fetch.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The configured keys, else the ones kept in DATA_DIR/vapid.json (created on first use). */
export function vapidKeys(config: Pick<Config, 'dataDir' | 'vapidPublicKey' | 'vapidPrivateKey'>): VapidKeys {
  if (config.vapidPublicKey && config.vapidPrivateKey) return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey };
  const file = join(config.dataDir, 'vapid.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
  mkdirSync(config.dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

const WATERMARK_KEY = 'push.lastEventId';
/** Events handled per run. */
const PUSH_BATCH = 200;

export interface PushOutcome {
  sent: number;
  removed: number;
  failed: number;
}

/** One run: pushes for the notifications recorded since the last run. */
export async function deliverPushes(db: Kysely<Database>, config: Config, send: typeof fetch = fetch): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 };
  const mark = await db.selectFrom('app_settings').select('value').where('key', '=', WATERMARK_KEY).executeTakeFirst();
  if (!mark) {
    // First run: start from now, never push the history.
    const top = await db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    await saveWatermark(db, String(top?.id ?? '0'));
    return outcome;
  }
  const events = await db
    .selectFrom('events')
    .select(['id', 'payload'])
    .where('type', '=', NOTIFICATION_EVENT)
    .where('id', '>', String(mark.value as unknown as string))
    .orderBy('id')
    .limit(PUSH_BATCH)
    .execute();
  if (events.length === 0) return outcome;
  const ids = events.flatMap((e) => (e.payload as unknown as NotificationEventPayload).ids);
  const userIds = [...new Set(events.flatMap((e) => (e.payload as unknown as NotificationEventPayload).userIds))];
  const users = await db
    .selectFrom('users')
    .select(['id', 'notification_preferences'])
    .where('id', 'in', userIds)
    .where(sql<string>`notification_preferences->>'browserNotificationsOn'`, '=', 'true')
    .execute();
  const subscribed = new Map(
    users.map((u) => [u.id, subscriptionsOf(u.notification_preferences)]).filter(([, s]) => (s as PushSubscriptionDto[]).length > 0) as [
      string,
      PushSubscriptionDto[],
    ][],
  );
  if (subscribed.size > 0) {
    const rows = await db
      .selectFrom('notifications')
      .select(['id', 'user_id', 'type', 'category', 'payload'])
      .where('id', 'in', ids)
      .where('user_id', 'in', [...subscribed.keys()])
      .orderBy('id')
      .execute();
    const keys = vapidKeys(config);
    const gone = new Map<string, Set<string>>();
    for (const row of rows) {
      for (const sub of subscribed.get(row.user_id) ?? []) {
        if (!sub.keys || gone.get(row.user_id)?.has(sub.endpoint)) continue;
        const payload = JSON.stringify({
          title:
            row.type === 'unreadmessage'
              ? 'New deal message'
              : row.type === 'markethawkalert'
                ? 'Market Hawk alert'
                : row.category === 'new_primary_deals'
                  ? 'New primary deal'
                  : 'Bondwise',
          body: typeof row.payload.text === 'string' ? row.payload.text : '',
          dealId: row.payload.dealId ?? null,
        });
        const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: sub.keys }, payload, {
          vapidDetails: { subject: `mailto:${config.supportEmail}`, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: 3600,
        });
        try {
          const res = await send(details.endpoint, {
            method: details.method,
            headers: details.headers as Record<string, string>,
            body: details.body as unknown as BodyInit,
          });
          if (res.status === 404 || res.status === 410) {
            if (!gone.has(row.user_id)) gone.set(row.user_id, new Set());
            gone.get(row.user_id)!.add(sub.endpoint);
          } else if (res.ok) outcome.sent++;
          else outcome.failed++;
        } catch {
          outcome.failed++;
        }
      }
    }
    for (const [userId, endpoints] of gone) outcome.removed += await removeSubscriptions(db, userId, endpoints);
  }
  await saveWatermark(db, String(events.at(-1)!.id));
  return outcome;
}

function subscriptionsOf(prefs: unknown): PushSubscriptionDto[] {
  const list = (prefs as { browserNotifications?: unknown } | null)?.browserNotifications;
  return Array.isArray(list) ? (list as PushSubscriptionDto[]) : [];
}

async function removeSubscriptions(db: Kysely<Database>, userId: string, endpoints: Set<string>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('notification_preferences').where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!user) return 0;
    const prefs = user.notification_preferences as Record<string, unknown>;
    const before = subscriptionsOf(prefs);
    const kept = before.filter((s) => !endpoints.has(s.endpoint));
    await trx
      .updateTable('users')
      .set({ notification_preferences: JSON.stringify({ ...prefs, browserNotifications: kept }) })
      .where('id', '=', userId)
      .execute();
    return before.length - kept.length;
  });
}

async function saveWatermark(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .insertInto('app_settings')
    .values({ key: WATERMARK_KEY, value: JSON.stringify(id), updated_by: null })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(id) }))
    .execute();
}

export function pushDeliveryJob(config: Config): RecurringJob {
  return {
    name: 'browser-push',
    intervalMs: 2_000,
    async run(db) {
      await deliverPushes(db, config);
    },
  };
}
