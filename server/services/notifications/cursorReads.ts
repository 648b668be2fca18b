/**
 * The long-poll's "anything newer than my cursor?" reads, coalesced: every poll that arrives in
 * one turn of the event loop is answered by one query (a lateral join over the polls' users and
 * cursors), and while one query runs the next polls gather for the following one. With 10,000
 * clients re-polling every hold (and a hundred re-polling together after a notification reaches
 * them), one query per poll queued up behind each other on the database, PGlite's single backend
 * above all. Each poll still reads after it registered with the hub, as before.
 */
import { type Kysely, sql } from 'kysely';
import { NOTIFICATION_POLL_BATCH, type NotificationDto } from '../../../common/api/notifications';
import type { Database } from '../../db/schema';
import { type NotificationRow, presentNotification, replayFloor } from './notifications';

interface PendingRead {
  userId: string;
  cursor: string;
  now: Date;
  resolve(rows: NotificationDto[]): void;
  reject(err: unknown): void;
}

/** Polls answered by one query at most (the rest wait for the next). */
const READS_PER_QUERY = 1_000;

export class CursorReads {
  private pending: PendingRead[] = [];
  private running = false;
  private scheduled = false;
  /** Queries run (tests and the benchmark read it). */
  queries = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** A user's notifications after the cursor within the replay window, oldest first, at most a batch. */
  after(userId: string, cursor: string, now: Date): Promise<NotificationDto[]> {
    return new Promise((resolve, reject) => {
      this.pending.push({ userId, cursor, now, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.running || this.scheduled) return;
    this.scheduled = true;
    // After this turn's I/O callbacks: the polls that arrived together go in one query.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.running || this.pending.length === 0) return;
    this.running = true;
    const reads = this.pending.splice(0, READS_PER_QUERY);
    try {
      this.queries++;
      const rows = await readEach(this.db, reads);
      reads.forEach((r, k) => r.resolve((rows.get(k) ?? []).map(presentNotification)));
    } catch (err) {
      for (const r of reads) r.reject(err);
    } finally {
      this.running = false;
      if (this.pending.length > 0) this.schedule();
    }
  }
}

/** One query for many (user, cursor) reads; rows by the read's index. */
async function readEach(db: Kysely<Database>, reads: PendingRead[]): Promise<Map<number, NotificationRow[]>> {
  // The oldest clock of the batch: a read never sees less than it would have on its own.
  const floor = replayFloor(new Date(Math.min(...reads.map((r) => r.now.getTime()))));
  const { rows } = await sql<NotificationRow & { k: string }>`
    select q.k, n.id, n.user_id, n.type, n.category, n.payload, n.created_at
    from unnest(${reads.map((r) => r.userId)}::text[], ${reads.map((r) => r.cursor)}::int8[]) with ordinality as q(user_id, cursor, k)
    cross join lateral (
      select id, user_id, type, category, payload, created_at from notifications
      where user_id = q.user_id and id > q.cursor and created_at >= ${floor}
      order by id limit ${NOTIFICATION_POLL_BATCH}) n
    order by q.k, n.id`.execute(db);
  const out = new Map<number, NotificationRow[]>();
  for (const r of rows) {
    const k = Number(r.k) - 1;
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}
