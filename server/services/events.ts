import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** Channel on which every instance hears that new events were recorded. */
export const EVENTS_CHANNEL = 'bw_events';

export interface DomainEvent {
  type: string;
  subjectId?: string | null;
  payload: Record<string, unknown>;
}

/**
 * Records domain events (the durable log alerts and notifications read from) and wakes
 * listeners on every instance with NOTIFY, which PostgreSQL delivers only on commit.
 */
export async function recordEvents(db: Kysely<Database>, events: DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db
    .insertInto('events')
    .values(events.map((e) => ({ type: e.type, subject_id: e.subjectId ?? null, payload: JSON.stringify(e.payload) })))
    .execute();
  await sql`select pg_notify(${EVENTS_CHANNEL}, ${String(events.length)})`.execute(db);
}
