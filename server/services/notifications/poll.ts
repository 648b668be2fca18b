import type { Kysely } from 'kysely';
import type { NotificationDto } from '../../../common/api/notifications';
import type { Database } from '../../db/schema';
import type { NotificationHub, PollTimers } from './hub';
import { latestNotificationId, notificationsAfter } from './notifications';

export interface PollRequest {
  userId: string;
  /** The caller's login session: its end (logout or any revocation) answers the held poll at once (`session ended`). */
  sessionId?: string | undefined;
  cursor: string | undefined;
  /** The longest the poll is held with nothing to say. */
  holdMs: number;
  /** When the caller's token expires (ms): the hold ends then, as `expired`. */
  expiresAt: number | undefined;
  /** Resolves when the client goes away; the hold ends quietly. */
  gone: Promise<void>;
}

export type PollOutcome =
  { kind: 'answer'; notifications: NotificationDto[]; cursor: string } | { kind: 'expired' } | { kind: 'session ended' };

/**
 * One long-poll: what is newer than the cursor at once, otherwise whatever the hub delivers
 * within the hold, otherwise an empty answer (or `expired` when the token ran out meanwhile).
 * Without a cursor: the newest notifications of the replay window at once, and the cursor to
 * send next ("0" when there are none, so the next poll holds).
 */
export async function pollNotifications(
  db: Kysely<Database>,
  hub: NotificationHub,
  timers: PollTimers,
  now: () => number,
  request: PollRequest,
): Promise<PollOutcome> {
  const { userId, cursor } = request;
  if (cursor === undefined) {
    const notifications = await notificationsAfter(db, userId, undefined, new Date(now()));
    const latest = notifications.at(-1)?.id ?? (await latestNotificationId(db, userId)) ?? '0';
    return { kind: 'answer', notifications, cursor: latest };
  }
  await hub.ready();
  const ticket = hub.register(userId, cursor, request.sessionId);
  let cancelTimer: (() => void) | undefined;
  try {
    const waiting = await hub.cursorReads.after(userId, cursor, new Date(now()));
    if (waiting.length > 0) return { kind: 'answer', notifications: waiting, cursor: waiting.at(-1)!.id };
    const untilExpiry = request.expiresAt === undefined ? Infinity : request.expiresAt - now();
    if (untilExpiry <= 0) return { kind: 'expired' };
    const timedOut = new Promise<'timeout'>((resolve) => {
      cancelTimer = timers.set(Math.min(request.holdMs, untilExpiry), () => resolve('timeout'));
    });
    const result = await Promise.race([ticket.delivered, timedOut, request.gone.then(() => 'gone' as const)]);
    if (result === 'timeout') {
      if (request.expiresAt !== undefined && now() >= request.expiresAt) return { kind: 'expired' };
      return { kind: 'answer', notifications: [], cursor };
    }
    if (result === 'gone') return { kind: 'answer', notifications: [], cursor };
    if (result === 'session ended') return { kind: 'session ended' };
    return { kind: 'answer', notifications: result, cursor: result.at(-1)?.id ?? cursor };
  } finally {
    cancelTimer?.();
    ticket.cancel();
  }
}
