import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { ErrorGroup, ErrorGroupDetail } from '../../../common/api/adminErrors';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';

export type ErrorSource = 'browser' | 'server';

export interface ErrorOccurrence {
  source: ErrorSource;
  message: string;
  stack?: string | null;
  url?: string | null;
  userAgent?: string | null;
  userId?: string | null;
  requestId: string;
  release?: string | null;
}

/** The release this server runs (npm sets the package version; a bundle without npm says so). */
export const SERVER_RELEASE = process.env.npm_package_version ?? 'unknown';

/**
 * The message's shape: numbers, ids and quoted values vary between occurrences of one error and
 * must not split its group ("Bond 123 not found" and "Bond 456 not found" are one error).
 */
export function messageShape(message: string): string {
  return message
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<id>')
    .replace(/(["'`]).*?\1/g, '<value>')
    .replace(/\b0x[0-9a-f]+\b/gi, '<n>')
    .replace(/\d+(\.\d+)?/g, '<n>')
    .trim()
    .slice(0, 500);
}

/** The first frame of a stack that names code (V8's "at …" or Firefox's "fn@file"), without line and column. */
export function topFrame(stack: string | null | undefined): string {
  if (!stack) return '';
  for (const line of stack.split('\n').slice(1, 20)) {
    const frame = line.trim();
    if (!/^at |@/.test(frame)) continue;
    // Line and column numbers move with every build; the function and file name the place.
    return frame.replace(/:\d+(:\d+)?\)?$/, '').replace(/\?[^\s)]*/, '');
  }
  return '';
}

/** Occurrences of one error share this: a hash of the message's shape and the top frame. */
export function fingerprintOf(message: string, stack?: string | null): string {
  return createHash('sha256')
    .update(`${messageShape(message)}\n${topFrame(stack)}`)
    .digest('hex')
    .slice(0, 16);
}

/** Stores one occurrence with its fingerprint. */
export async function recordError(db: Kysely<Database>, e: ErrorOccurrence): Promise<void> {
  await db
    .insertInto('client_errors')
    .values({
      source: e.source,
      message: e.message.slice(0, 2000),
      stack: e.stack?.slice(0, 20_000) ?? null,
      url: e.url ?? null,
      user_agent: e.userAgent ?? null,
      user_id: e.userId ?? null,
      request_id: e.requestId,
      release: e.release ?? null,
      fingerprint: fingerprintOf(e.message, e.stack),
    })
    .execute();
}

/** Error groups seen since `sinceIso`, most recent first: counts, first and last seen, affected users, release. */
export async function listErrorGroups(db: Kysely<Database>, sinceIso: string, source?: ErrorSource): Promise<ErrorGroup[]> {
  const rows = await sql<{
    fingerprint: string;
    source: string;
    occurrences: string;
    users: string;
    first_seen: Date;
    last_seen: Date;
    message: string;
    release: string | null;
    request_id: string;
  }>`
    select fingerprint, source, count(*) as occurrences, count(distinct user_id) as users,
      min(created_at) as first_seen, max(created_at) as last_seen,
      (array_agg(message order by id desc))[1] as message,
      (array_agg(release order by id desc))[1] as release,
      (array_agg(request_id order by id desc))[1] as request_id
    from client_errors
    where created_at >= ${sinceIso}::timestamptz and fingerprint is not null
      ${source ? sql`and source = ${source}` : sql``}
    group by fingerprint, source
    order by max(created_at) desc
    limit 200`.execute(db);
  return rows.rows.map((r) => ({
    fingerprint: r.fingerprint,
    source: r.source as ErrorSource,
    occurrences: Number(r.occurrences),
    affectedUsers: Number(r.users),
    firstSeen: new Date(r.first_seen).toISOString(),
    lastSeen: new Date(r.last_seen).toISOString(),
    message: r.message,
    release: r.release,
    lastRequestId: r.request_id,
  }));
}

/** One group's latest occurrences with their stacks and request ids (which find the server's log line). */
export async function errorGroupDetail(db: Kysely<Database>, fingerprint: string): Promise<ErrorGroupDetail> {
  const rows = await db
    .selectFrom('client_errors')
    .select(['id', 'source', 'message', 'stack', 'url', 'user_agent', 'user_id', 'request_id', 'release', 'created_at'])
    .where('fingerprint', '=', fingerprint)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  if (rows.length === 0) throw new ServiceRefusal('not found', 'No error with that fingerprint');
  return {
    fingerprint,
    occurrences: rows.map((r) => ({
      id: String(r.id),
      source: r.source as ErrorSource,
      message: r.message,
      stack: r.stack,
      url: r.url,
      userAgent: r.user_agent,
      userId: r.user_id,
      requestId: r.request_id,
      release: r.release,
      at: new Date(r.created_at).toISOString(),
    })),
  };
}
