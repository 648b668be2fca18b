import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** Channel on which every instance hears that new events were recorded. */
export const EVENTS_CHANNEL = 'bw_events';

/**
 * Login sessions ended (logout, password change or reset, an admin's lock, sign-out-everywhere or
 * role change, a rejected sign-up, a replayed refresh token): every instance answers the long-polls
 * it holds for them. Payload `{ sessionIds }`.
 */
export const SESSION_ENDED_EVENT = 'session.ended';

export interface DomainEvent {
  type: string;
  subjectId?: string | null;
  payload: Record<string, unknown>;
}

/**
 * What NOTIFY bw_events carries: how many events, their types, and their ids when they fit in a
 * NOTIFY payload (PostgreSQL allows under 8,000 bytes). A listener reads exactly those rows;
 * without ids it reads what is newer than the last it saw.
 */
export interface EventsNotice {
  n: number;
  types: string[];
  ids?: string[];
}

const NOTICE_MAX_CHARS = 7_000;

/**
 * Records domain events (the durable log alerts and notifications read from) and wakes
 * listeners on every instance with NOTIFY, which PostgreSQL delivers only on commit. Answers the
 * new events' ids.
 */
export async function recordEvents(db: Kysely<Database>, events: DomainEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = await db
    .insertInto('events')
    .values(events.map((e) => ({ type: e.type, subject_id: e.subjectId ?? null, payload: JSON.stringify(e.payload) })))
    .returning('id')
    .execute();
  const ids = rows.map((r) => String(r.id));
  const notice: EventsNotice = { n: events.length, types: [...new Set(events.map((e) => e.type))], ids };
  let text = JSON.stringify(notice);
  if (text.length > NOTICE_MAX_CHARS) text = JSON.stringify({ n: notice.n, types: notice.types });
  if (text.length > NOTICE_MAX_CHARS) text = JSON.stringify({ n: notice.n, types: [] });
  await sql`select pg_notify(${EVENTS_CHANNEL}, ${text})`.execute(db);
  return ids;
}

/** Reads a NOTIFY payload of recordEvents; an older or foreign payload reads as "something new". */
export function parseEventsNotice(payload: string): EventsNotice {
  try {
    const value = JSON.parse(payload) as Partial<EventsNotice>;
    if (typeof value.n === 'number' && Array.isArray(value.types)) {
      return { n: value.n, types: value.types.map(String), ...(Array.isArray(value.ids) ? { ids: value.ids.map(String) } : {}) };
    }
  } catch {
    // fall through
  }
  return { n: 0, types: [] };
}
