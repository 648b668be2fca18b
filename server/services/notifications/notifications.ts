import { type Kysely, sql } from 'kysely';
import type { NotificationCategory, NotificationType } from '../../../common/enums';
import { NOTIFICATION_POLL_BATCH, NOTIFICATION_REPLAY_DAYS, type NotificationDto } from '../../../common/api/notifications';
import type { Database } from '../../db/schema';
import { recordEvents } from '../events';
import { jsonRecordset } from '../pricing/packed';

/** The domain event that tells every instance's hub which users have something new. */
export const NOTIFICATION_EVENT = 'notification.created';

export interface NotificationInput {
  type: NotificationType;
  category: NotificationCategory;
  /** What it is about (dealId, messageId, bondId, alertId, title, text): shown and linked by the client. */
  payload?: Record<string, unknown>;
  /** When it happened: the caller's injected clock. */
  at: Date;
}

/** What the event carries: whose rows, and which. */
export interface NotificationEventPayload {
  userIds: string[];
  ids: string[];
}

/**
 * Creates one notification per user — inside the caller's transaction when given one, so they
 * exist exactly when what they announce does — and records the event whose NOTIFY (on commit)
 * wakes the pollers of those users on every instance. Answers the new rows' ids. One statement
 * for all the users (a message to thousands of recipients), then the one event.
 */
export async function createNotifications(db: Kysely<Database>, userIds: readonly string[], input: NotificationInput): Promise<string[]> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return [];
  const { rows } = await sql<{ id: string; user_id: string }>`
    insert into notifications (user_id, type, category, payload, created_at)
    select u, ${input.type}, ${input.category}, ${JSON.stringify(input.payload ?? {})}::jsonb, ${input.at}::timestamptz
    from unnest(${users}::text[]) as u
    returning id, user_id`.execute(db);
  return announce(db, rows);
}

/** One notification to create: its user and what it says. */
export interface NotificationItem extends NotificationInput {
  userId: string;
}

/**
 * Creates notifications that each say something of their own (a market-hawk pass's deliveries)
 * in one statement and one event, inside the caller's transaction. Answers the new rows' ids.
 */
export async function createNotificationBatch(db: Kysely<Database>, items: readonly NotificationItem[]): Promise<string[]> {
  if (items.length === 0) return [];
  const records = items.map((i) => ({
    user_id: i.userId,
    type: i.type,
    category: i.category,
    payload: i.payload ?? {},
    created_at: i.at.toISOString(),
  }));
  const { rows } = await sql<{ id: string; user_id: string }>`
    insert into notifications (user_id, type, category, payload, created_at)
    select x.user_id, x.type, x.category, x.payload, x.created_at
    from ${jsonRecordset(records, BATCH_COLUMNS)}
    returning id, user_id`.execute(db);
  return announce(db, rows);
}

const BATCH_COLUMNS = [
  ['user_id', 'text'],
  ['type', 'text'],
  ['category', 'text'],
  ['payload', 'jsonb'],
  ['created_at', 'timestamptz'],
] as const;

/** The one event naming the new rows and their users (its NOTIFY wakes the hubs on commit). */
async function announce(db: Kysely<Database>, rows: { id: string; user_id: string }[]): Promise<string[]> {
  const event: NotificationEventPayload = { userIds: rows.map((r) => r.user_id), ids: rows.map((r) => String(r.id)) };
  await recordEvents(db, [{ type: NOTIFICATION_EVENT, payload: { ...event } }]);
  return event.ids;
}

export interface NotificationRow {
  id: string;
  user_id: string;
  type: string;
  category: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

export function presentNotification(row: NotificationRow): NotificationDto {
  return {
    id: String(row.id),
    type: row.type as NotificationDto['type'],
    category: row.category as NotificationDto['category'],
    timestamp: row.created_at.toISOString(),
    payload: row.payload,
  };
}

/** The oldest moment a cursor still replays from. */
export function replayFloor(now: Date): Date {
  return new Date(now.getTime() - NOTIFICATION_REPLAY_DAYS * 86_400_000);
}

/**
 * A user's notifications after the cursor (oldest first, at most a batch), within the replay
 * window. Without a cursor: the newest batch of the window, so a new device starts with them.
 */
export async function notificationsAfter(
  db: Kysely<Database>,
  userId: string,
  cursor: string | undefined,
  now: Date,
): Promise<NotificationDto[]> {
  const floor = replayFloor(now);
  if (cursor === undefined) {
    const rows = await db
      .selectFrom('notifications')
      .select(['id', 'user_id', 'type', 'category', 'payload', 'created_at'])
      .where('user_id', '=', userId)
      .where('created_at', '>=', floor)
      .orderBy('id', 'desc')
      .limit(NOTIFICATION_POLL_BATCH)
      .execute();
    return rows.reverse().map(presentNotification);
  }
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'type', 'category', 'payload', 'created_at'])
    .where('user_id', '=', userId)
    .where('id', '>', cursor)
    .where('created_at', '>=', floor)
    .orderBy('id')
    .limit(NOTIFICATION_POLL_BATCH)
    .execute();
  return rows.map(presentNotification);
}

/** Rows by id for the given users only: what a hub hands to the pollers it wakes (one query). */
export async function notificationsByIds(
  db: Kysely<Database>,
  ids: readonly string[],
  userIds: readonly string[],
): Promise<NotificationRow[]> {
  if (ids.length === 0 || userIds.length === 0) return [];
  const { rows } = await sql<NotificationRow>`
    select id, user_id, type, category, payload, created_at from notifications
    where id = any(${[...ids]}::int8[]) and user_id = any(${[...userIds]}::text[])
    order by id`.execute(db);
  return rows;
}

/** The newest notification id of a user (the cursor of an empty first answer). */
export async function latestNotificationId(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.id == null ? null : String(row.id);
}
