import type { Kysely } from 'kysely';
import type { NotificationDto } from '../../../common/api/notifications';
import { type ChannelListener, listenerOf } from '../../db/channels';
import type { Database } from '../../db/schema';
import { EVENTS_CHANNEL, parseEventsNotice, SESSION_ENDED_EVENT } from '../events';
import { CursorReads } from './cursorReads';
import { NOTIFICATION_EVENT, type NotificationEventPayload, notificationsByIds, presentNotification } from './notifications';

/** Timers the hub and the poll hold run on: injected so tests fire them by hand. */
export interface PollTimers {
  /** Calls fn after ms; answers a cancel. */
  set(ms: number, fn: () => void): () => void;
}

export const realPollTimers: PollTimers = {
  set(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/** What a held poll is handed: the rows that arrived, or the end of its login session (logout, revocation). */
export type HubDelivery = NotificationDto[] | 'session ended';

/** A held poll: its user, its login session, its cursor, and how to hand it what arrived. */
interface Waiter {
  userId: string;
  sessionId: string | undefined;
  cursor: bigint;
  deliver(delivery: HubDelivery): void;
}

export interface HubTicket {
  /** Resolves with the rows that arrived after the cursor ([] when the hub closes), or the session's end. */
  delivered: Promise<HubDelivery>;
  cancel(): void;
}

/** How often a hub without LISTEN (a database handle opened elsewhere) looks for new events. */
const FALLBACK_READ_MS = 1_000;
/** Events read at most per catch-up. */
const CATCH_UP_BATCH = 1_000;

/**
 * One per app instance: holds the long-polls waiting on this instance and wakes them when a
 * notification for their user is committed anywhere. It listens on the events channel; a NOTIFY
 * naming a `notification.created` event costs one read of that event and — only when someone
 * here waits for one of its users — one read of those users' new rows, handed to every waiting
 * poll. No poll queries on its own while it waits.
 */
export class NotificationHub {
  private readonly waiters = new Map<string, Set<Waiter>>();
  private listener: ChannelListener | undefined;
  private stopFallback: (() => void) | undefined;
  private lastEventId = 0n;
  /** Reads run one after another, so lastEventId only moves forward. */
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  /** Notices handled (tests and the benchmark read it). */
  wakeReads = 0;
  /** The polls' own reads after their cursors, coalesced into one query per turn. */
  readonly cursorReads: CursorReads;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly timers: PollTimers = realPollTimers,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.cursorReads = new CursorReads(db);
  }

  private starting: Promise<void> | undefined;

  /**
   * Starts listening the first time a poll needs it (so building an app on a database not yet
   * migrated — the access doc, tools — does not touch it). A failed start is retried next time.
   */
  ready(): Promise<void> {
    this.starting ??= this.start().catch((err: unknown) => {
      this.starting = undefined;
      throw err;
    });
    return this.starting;
  }

  private async start(): Promise<void> {
    const row = await this.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('type', 'in', [NOTIFICATION_EVENT, SESSION_ENDED_EVENT])
      .executeTakeFirst();
    this.lastEventId = row?.id == null ? 0n : BigInt(row.id);
    const listen = listenerOf(this.db);
    if (this.closed) return;
    if (listen) {
      this.listener = await listen(
        EVENTS_CHANNEL,
        (payload) => this.onNotice(payload),
        () => this.enqueue(() => this.catchUp()),
      );
    } else {
      const tick = () => {
        this.enqueue(() => this.catchUp());
        this.stopFallback = this.timers.set(FALLBACK_READ_MS, tick);
      };
      this.stopFallback = this.timers.set(FALLBACK_READ_MS, tick);
    }
  }

  /** Ends every held poll with an empty answer and stops listening (the app is closing). */
  async close(): Promise<void> {
    this.closed = true;
    this.stopFallback?.();
    for (const set of this.waiters.values()) for (const w of set) w.deliver([]);
    this.waiters.clear();
    await this.starting?.catch(() => {});
    await this.listener?.close();
    await this.queue;
  }

  /** Polls held on this instance now. */
  get heldPolls(): number {
    let n = 0;
    for (const set of this.waiters.values()) n += set.size;
    return n;
  }

  /**
   * Registers a poll before it reads the database, so a notification committed between its
   * read and its wait still reaches it. Cancel it when the poll ends for any reason.
   */
  register(userId: string, cursor: string, sessionId?: string): HubTicket {
    let deliver!: (delivery: HubDelivery) => void;
    const delivered = new Promise<HubDelivery>((resolve) => (deliver = resolve));
    const waiter: Waiter = { userId, sessionId, cursor: BigInt(cursor), deliver };
    if (this.closed) {
      deliver([]);
      return { delivered, cancel: () => {} };
    }
    let set = this.waiters.get(userId);
    if (!set) this.waiters.set(userId, (set = new Set()));
    set.add(waiter);
    return {
      delivered,
      cancel: () => {
        const own = this.waiters.get(userId);
        own?.delete(waiter);
        if (own?.size === 0) this.waiters.delete(userId);
      },
    };
  }

  /**
   * Answers at once the polls held here for these login sessions (they ended: logout, a password
   * change, an admin's lock…). Every instance calls it when it hears the session.ended event; a
   * logout also calls it directly on the instance that served it.
   */
  endSessions(sessionIds: readonly string[]): void {
    const ended = new Set(sessionIds);
    for (const set of this.waiters.values())
      for (const w of set) if (w.sessionId !== undefined && ended.has(w.sessionId)) w.deliver('session ended');
  }

  /** The sessions named by session.ended events (whichever instance ended them). */
  private async readEndedSessions(ids: string[]): Promise<void> {
    if (this.waiters.size === 0) return;
    const rows = await this.db
      .selectFrom('events')
      .select('payload')
      .where('type', '=', SESSION_ENDED_EVENT)
      .where('id', 'in', ids)
      .execute();
    this.endSessions(rows.flatMap((r) => (r.payload as unknown as { sessionIds?: string[] }).sessionIds ?? []));
  }

  private onNotice(payload: string): void {
    const notice = parseEventsNotice(payload);
    if (notice.types.includes(SESSION_ENDED_EVENT) && notice.ids) {
      const ended = notice.ids;
      this.enqueue(() => this.readEndedSessions(ended));
    }
    // A notice that names its types and not ours is someone else's (market ticks, imports…).
    if (notice.types.length > 0 && !notice.types.includes(NOTIFICATION_EVENT)) return;
    const ids = notice.ids;
    this.enqueue(() => (ids ? this.readEvents(ids) : this.catchUp()));
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((err: unknown) => this.onError(err));
  }

  /** The named events (a NOTIFY's ids): exactly what was committed, whatever order commits came in. */
  private async readEvents(ids: string[]): Promise<void> {
    for (const id of ids) if (BigInt(id) > this.lastEventId) this.lastEventId = BigInt(id);
    // Nobody waits here: nothing to read (a later poll reads its rows by cursor).
    if (this.waiters.size === 0) return;
    this.wakeReads++;
    const rows = await this.db
      .selectFrom('events')
      .select(['id', 'payload'])
      .where('type', '=', NOTIFICATION_EVENT)
      .where('id', 'in', ids)
      .execute();
    await this.wake(rows.map((r) => r.payload as unknown as NotificationEventPayload));
  }

  /** After a lost connection (or without LISTEN): every notification event since the last seen. */
  private async catchUp(): Promise<void> {
    this.wakeReads++;
    const rows = await this.db
      .selectFrom('events')
      .select(['id', 'type', 'payload'])
      .where('type', 'in', [NOTIFICATION_EVENT, SESSION_ENDED_EVENT])
      .where('id', '>', String(this.lastEventId))
      .orderBy('id')
      .limit(CATCH_UP_BATCH)
      .execute();
    for (const r of rows) if (BigInt(r.id) > this.lastEventId) this.lastEventId = BigInt(r.id);
    const ended = rows.filter((r) => r.type === SESSION_ENDED_EVENT);
    this.endSessions(ended.flatMap((r) => (r.payload as unknown as { sessionIds?: string[] }).sessionIds ?? []));
    await this.wake(rows.filter((r) => r.type === NOTIFICATION_EVENT).map((r) => r.payload as unknown as NotificationEventPayload));
  }

  /** One read of the new rows of the users waiting here, handed to each of their polls. */
  private async wake(events: NotificationEventPayload[]): Promise<void> {
    const ids: string[] = [];
    const users = new Set<string>();
    for (const e of events) {
      e.userIds.forEach((userId, i) => {
        if (!this.waiters.has(userId)) return;
        users.add(userId);
        ids.push(e.ids[i]!);
      });
    }
    if (ids.length === 0) return;
    const rows = await notificationsByIds(this.db, ids, [...users]);
    const byUser = new Map<string, typeof rows>();
    for (const r of rows) {
      const list = byUser.get(r.user_id) ?? [];
      list.push(r);
      byUser.set(r.user_id, list);
    }
    for (const [userId, list] of byUser) {
      for (const waiter of [...(this.waiters.get(userId) ?? [])]) {
        const newer = list.filter((r) => BigInt(r.id) > waiter.cursor).map(presentNotification);
        if (newer.length > 0) waiter.deliver(newer);
      }
    }
  }
}
