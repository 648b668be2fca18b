import { type Kysely, sql } from 'kysely';
import {
  USAGE_EVENT_MAX_CLOCK_SKEW_MS,
  USAGE_EVENT_MAX_AGE_MS,
  usageEventSchema,
  type UsageBatchResponse,
} from '../../../common/api/usage';
import { USAGE_TRACKING } from '../../../common/constants';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';

/** A batch larger than the §9 batch size: the route answers 413 and the library halves it. */
export class BatchTooLarge extends Error {
  override name = 'BatchTooLarge';
}

export interface UsageCaller {
  userId: string;
  /** The caller's `mixpanel` feature: their events may go on to the configured vendor. */
  forward: boolean;
}

/** The first problem zod found with one event, as "field: message". */
function eventError(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const issue = issues[0];
  if (!issue) return 'not a valid event';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * Stores a batch of browser events for the caller. Each event is checked on its own, so the
 * valid events of a batch are kept beside the malformed ones, which come back by index with the
 * reason. The user, organisation and role are the server's (spec §6: roleType and roleFunction go
 * to analytics), never the browser's: an event naming another user is refused.
 */
export async function ingestBatch(
  db: Kysely<Database>,
  caller: UsageCaller,
  events: readonly unknown[],
  nowMs: number,
): Promise<UsageBatchResponse> {
  if (events.length > USAGE_TRACKING.batchSize) {
    throw new BatchTooLarge(`A batch holds at most ${USAGE_TRACKING.batchSize} events; send the rest in another batch`);
  }
  const rejected: UsageBatchResponse['rejected'] = [];
  const rows: Array<{ t: number; d: string; n: string; p: string | null; q: unknown }> = [];
  for (const [index, raw] of events.entries()) {
    const parsed = usageEventSchema.safeParse(raw);
    if (!parsed.success) {
      rejected.push({ index, error: eventError(parsed.error.issues) });
      continue;
    }
    const event = parsed.data;
    if (event.userId !== undefined && event.userId !== caller.userId) {
      rejected.push({ index, error: 'userId: events can only be sent for the signed-in user' });
      continue;
    }
    if (event.time < nowMs - USAGE_EVENT_MAX_AGE_MS || event.time > nowMs + USAGE_EVENT_MAX_CLOCK_SKEW_MS) {
      rejected.push({ index, error: 'time: outside the accepted window (the last 7 days, up to 10 minutes ahead)' });
      continue;
    }
    rows.push({ t: event.time, d: event.deviceId, n: event.name, p: event.path ?? null, q: event.properties ?? {} });
  }
  if (rows.length === 0) return { accepted: 0, rejected };
  // One statement a batch, the whole batch as one JSON parameter: the account's organisation and
  // role are joined in by the database, so there is no separate read of the user, and no
  // 550-parameter VALUES list to build, send and plan (ingest is the hot path: docs/integrations.md,
  // "Benchmarks"). No row of the user: nothing stored, and the account is gone.
  const inserted = await sql`
    insert into analytics_events
      (received_at, occurred_at, user_id, organization_id, role_type, role_function, device_id, name, path, properties, forward)
    select ${new Date(nowMs)}::timestamptz, to_timestamp(e.t / 1000.0), u.id, u.organization_id,
      u.profile->>'roleType', u.profile->>'roleFunction', e.d, e.n, e.p, e.q, ${caller.forward}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(t double precision, d text, n text, p text, q jsonb)
    cross join users u
    where u.id = ${caller.userId}`.execute(db);
  if (Number(inserted.numAffectedRows ?? 0n) === 0) throw new ServiceRefusal('not found', 'Your account no longer exists');
  return { accepted: rows.length, rejected };
}
