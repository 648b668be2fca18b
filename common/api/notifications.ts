/**
 * API contract of notifications (spec §3 Notification, §4 Notification polling, §7 poll and
 * status badges): the long-poll, and the visit that clears a section's "new since last visit"
 * badges. Delivery, hold time and replay are described in docs/notifications.md.
 */
import { z } from 'zod';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_TYPES } from '../enums';
import { path } from './path';

export const NOTIFICATION_PATHS = {
  /** GET ?cursor=<id>: notifications newer than the cursor, at once or when one arrives (long-poll). */
  poll: '/v2/user/notification/poll',
  /** GET: the VAPID public key browsers subscribe to push with. */
  pushKey: '/v2/user/notification/push-key',
  /** POST { section }: the user opened a menu section; its "new since last visit" badges clear. */
  visit: path('/v2/user/:id/status-badges/visit'),
} as const;

/** How far back a cursor replays what a client missed. */
export const NOTIFICATION_REPLAY_DAYS = 7;
/** Most notifications in one poll answer; the client's next poll (under 0.5 s later) takes the rest. */
export const NOTIFICATION_POLL_BATCH = 100;
/** How long the server holds a poll with nothing to say before an empty answer (config may shorten it). */
export const NOTIFICATION_POLL_HOLD_MS = 25_000;

/** Menu sections with badges (spec §2 menu areas) and what each badge means. */
export const BADGE_SECTIONS = ['market', 'primary', 'secondary', 'alerts'] as const;
export type BadgeSection = (typeof BADGE_SECTIONS)[number];
export const BADGES = {
  /** primary: deal messages addressed to the user that they have not read. */
  unreadMessages: 'unreadMessages',
  /** primary: deals announced since the user last opened the primary section. */
  newDeals: 'newDeals',
  /** alerts: market-hawk alerts since the user last opened alerts. */
  unseenAlerts: 'unseenAlerts',
} as const;

/** A cursor is a notification id: digits only (a bigint as text; 18 digits keep it in range). */
export const notificationCursorSchema = z.string().regex(/^\d{1,18}$/, 'cursor must be the id of a notification (up to 18 digits)');

export const pollQuerySchema = z.object({ cursor: notificationCursorSchema.optional() });

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  category: z.enum(NOTIFICATION_CATEGORIES),
  /** ISO 8601. */
  timestamp: z.string(),
  /** What the notification is about: dealId/messageId (messages), bondId or alertId (market hawk), title/text. */
  payload: z.record(z.string(), z.unknown()),
});
export type NotificationDto = z.infer<typeof notificationSchema>;

/** Oldest first; `cursor` is what to send next (the newest id delivered, or the caller's own). */
export const pollResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  cursor: z.string(),
});
export type PollResponse = z.infer<typeof pollResponseSchema>;

export const pushKeyResponseSchema = z.object({ publicKey: z.string() });

export const visitBodySchema = z.object({ section: z.enum(BADGE_SECTIONS) });
export type VisitBody = z.input<typeof visitBodySchema>;
