import { type Kysely, sql } from 'kysely';
import type { UsageForwardConfig } from '../../config';
import type { Database } from '../../db/schema';

/** The last event id handed to the vendor, in app_settings (shared by every instance). */
const CURSOR_KEY = 'analytics_forward_cursor';
/** Events sent to the vendor in one request. */
export const FORWARD_CHUNK = 200;
/** A vendor slower than this is tried again on the next run; the browser never waits for it. */
export const FORWARD_TIMEOUT_MS = 10_000;

interface StoredEvent {
  id: string;
  name: string;
  user_id: string;
  device_id: string;
  occurred_at: Date;
  path: string | null;
  role_type: string | null;
  role_function: string | null;
  organization_id: string | null;
  properties: Record<string, unknown>;
}

/** The vendor's request body for a chunk of events: PostHog's batch API, or Mixpanel's track API. */
export function vendorBody(config: UsageForwardConfig, events: StoredEvent[]): unknown {
  const common = (e: StoredEvent) => ({
    ...e.properties,
    path: e.path,
    roleType: e.role_type,
    roleFunction: e.role_function,
    organizationId: e.organization_id,
  });
  if (config.vendor === 'posthog') {
    return {
      api_key: config.key,
      batch: events.map((e) => ({
        event: e.name,
        distinct_id: e.user_id,
        timestamp: e.occurred_at.toISOString(),
        // $insert_id (the stored id) makes a retried chunk idempotent at the vendor.
        properties: { ...common(e), $device_id: e.device_id, $insert_id: `bw-${e.id}` },
      })),
    };
  }
  return events.map((e) => ({
    event: e.name,
    properties: {
      ...common(e),
      token: config.key,
      distinct_id: e.user_id,
      $device_id: e.device_id,
      time: e.occurred_at.getTime(),
      $insert_id: `bw-${e.id}`,
    },
  }));
}

async function readCursor(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', CURSOR_KEY).executeTakeFirst();
  return typeof row?.value === 'string' ? row.value : '0';
}

/**
 * Sends stored events whose users allow it (feature `mixpanel`) to the configured vendor, in id
 * order, moving a shared cursor only past what the vendor accepted. Runs under a job lease, so one
 * instance forwards at a time; a vendor that is down or slow only delays forwarding.
 */
export async function forwardEvents(
  db: Kysely<Database>,
  config: UsageForwardConfig,
  now: Date,
  post: (url: string, body: unknown) => Promise<number> = postJson,
): Promise<{ processed: number; sent: number; status: number | null }> {
  const cursor = await readCursor(db);
  const rows = await db
    .selectFrom('analytics_events')
    .select([
      'id',
      'name',
      'user_id',
      'device_id',
      'occurred_at',
      'path',
      'role_type',
      'role_function',
      'organization_id',
      'properties',
      'forward',
    ])
    .where(sql<boolean>`id > ${cursor}::bigint`)
    .orderBy('id')
    .limit(FORWARD_CHUNK)
    .execute();
  if (rows.length === 0) return { processed: 0, sent: 0, status: null };
  const chosen = rows.filter((r) => r.forward);
  let status: number | null = null;
  if (chosen.length > 0) {
    status = await post(config.url, vendorBody(config, chosen));
    if (status < 200 || status >= 300) return { processed: 0, sent: 0, status };
  }
  const last = rows[rows.length - 1]!.id;
  await db
    .insertInto('app_settings')
    .values({ key: CURSOR_KEY, value: JSON.stringify(String(last)) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(String(last)), updated_at: now }))
    .execute();
  return { processed: rows.length, sent: chosen.length, status };
}

async function postJson(url: string, body: unknown): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
  });
  await res.arrayBuffer().catch(() => undefined);
  return res.status;
}
