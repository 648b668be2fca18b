import type { Kysely } from 'kysely';
import {
  ANALYTICS_MAX_CLOCK_SKEW_MS,
  ANALYTICS_MAX_EVENT_AGE_MS,
  analyticsEventSchema,
  type AnalyticsBatchResponse,
} from '../../../common/api/analytics';
import { ANALYTICS } from '../../../common/constants';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';

/** A batch larger than the §9 batch size: the route answers 413 and the library halves it. */
export class BatchTooLarge extends Error {
  override name = 'BatchTooLarge';
}

export interface AnalyticsCaller {
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
  caller: AnalyticsCaller,
  events: readonly unknown[],
  nowMs: number,
): Promise<AnalyticsBatchResponse> {
  if (events.length > ANALYTICS.batchSize) {
    throw new BatchTooLarge(`A batch holds at most ${ANALYTICS.batchSize} events; send the rest in another batch`);
  }
  const user = await db.selectFrom('users').select(['organization_id', 'profile']).where('id', '=', caller.userId).executeTakeFirst();
  if (!user) throw new ServiceRefusal('not found', 'Your account no longer exists');
  const profile = (user.profile ?? {}) as { roleType?: string | null; roleFunction?: string | null };

  const rejected: AnalyticsBatchResponse['rejected'] = [];
  const rows = [];
  for (const [index, raw] of events.entries()) {
    const parsed = analyticsEventSchema.safeParse(raw);
    if (!parsed.success) {
      rejected.push({ index, error: eventError(parsed.error.issues) });
      continue;
    }
    const event = parsed.data;
    if (event.userId !== undefined && event.userId !== caller.userId) {
      rejected.push({ index, error: 'userId: events can only be sent for the signed-in user' });
      continue;
    }
    if (event.time < nowMs - ANALYTICS_MAX_EVENT_AGE_MS || event.time > nowMs + ANALYTICS_MAX_CLOCK_SKEW_MS) {
      rejected.push({ index, error: 'time: outside the accepted window (the last 7 days, up to 10 minutes ahead)' });
      continue;
    }
    rows.push({
      received_at: new Date(nowMs),
      occurred_at: new Date(event.time),
      user_id: caller.userId,
      organization_id: user.organization_id,
      role_type: profile.roleType ?? null,
      role_function: profile.roleFunction ?? null,
      device_id: event.deviceId,
      name: event.name,
      path: event.path ?? null,
      properties: JSON.stringify(event.properties ?? {}),
      forward: caller.forward,
    });
  }
  if (rows.length > 0) await db.insertInto('analytics_events').values(rows).execute();
  return { accepted: rows.length, rejected };
}
