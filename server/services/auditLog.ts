/**
 * Reading the audit log: newest first, paged by id (ids follow insertion, so a cursor never skips
 * or repeats an entry written while someone pages), filtered by actor (id, or e-mail as accounts
 * store it: trimmed and lower-cased), action (or a family, `deal.`), subject and time. The CSV
 * export walks the same query in pages.
 */
import { type Kysely, sql } from 'kysely';
import type { AuditLogEntry, AuditLogPage } from '../../common/api/auditLog';
import { AUDIT_LOG_CSV_MAX } from '../../common/api/auditLog';
import { csvLine } from '../../common/csv';
import { normalizeEmail } from '../../common/validation/account';
import type { Database } from '../db/schema';

export interface AuditLogFilters {
  actor?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function auditLogPage(
  db: Kysely<Database>,
  f: AuditLogFilters & { cursor?: string | undefined; limit: number },
): Promise<AuditLogPage> {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select([
      'a.id',
      'a.created_at',
      'a.actor_user_id',
      'u.email',
      'a.action',
      'a.target_type',
      'a.target_id',
      'a.details',
      'a.client_address',
    ])
    .orderBy('a.id', 'desc')
    .limit(f.limit + 1);
  if (f.actor) {
    const actor = f.actor;
    query = actor.includes('@')
      ? query.where('a.actor_user_id', 'in', db.selectFrom('users').select('id').where('email', '=', normalizeEmail(actor)))
      : query.where('a.actor_user_id', '=', actor);
  }
  if (f.action)
    query = f.action.endsWith('.') ? query.where('a.action', 'like', `${likeEscape(f.action)}%`) : query.where('a.action', '=', f.action);
  if (f.targetType) query = query.where('a.target_type', '=', f.targetType);
  if (f.targetId) query = query.where('a.target_id', '=', f.targetId);
  if (f.from) query = query.where('a.created_at', '>=', new Date(f.from));
  if (f.to) query = query.where('a.created_at', '<', new Date(f.to));
  // A time range also bounds the ids, found on the time index, so the newest-first page reads the
  // range's end and stops after a page (not every entry of the range, sorted). Ids follow
  // insertion and times transaction starts; the few nearest the bounds are taken as a margin for
  // entries of concurrent transactions committed out of order, and the time filter stays exact.
  if (f.from || f.to) {
    const bounds = await idBounds(db, f.from, f.to);
    if (bounds.empty) return { entries: [], nextCursor: null };
    if (bounds.low !== null) query = query.where('a.id', '>=', bounds.low);
    if (bounds.high !== null) query = query.where('a.id', '<=', bounds.high);
  }
  if (f.cursor) query = query.where('a.id', '<', f.cursor);
  const rows = await query.execute();
  const page = rows.slice(0, f.limit);
  return {
    entries: page.map((r): AuditLogEntry => ({
      id: String(r.id),
      at: new Date(r.created_at).toISOString(),
      actor: r.actor_user_id === null ? null : { id: r.actor_user_id, email: r.email ?? null },
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      details: r.details,
      clientAddress: r.client_address,
    })),
    nextCursor: rows.length > f.limit ? String(page.at(-1)!.id) : null,
  };
}

/** Entries nearest a time bound whose ids widen the id range (concurrent writers' margin). */
const BOUND_MARGIN = 100;

async function idBounds(db: Kysely<Database>, from: string | undefined, to: string | undefined) {
  const low = from
    ? await sql<{ id: string | null }>`select min(id) as id from (select id from audit_log
        where created_at >= ${new Date(from)} order by created_at limit ${BOUND_MARGIN}) first_ones`.execute(db)
    : null;
  const high = to
    ? await sql<{ id: string | null }>`select max(id) as id from (select id from audit_log
        where created_at < ${new Date(to)} order by created_at desc limit ${BOUND_MARGIN}) last_ones`.execute(db)
    : null;
  const lowId = low?.rows[0]?.id ?? null;
  const highId = high?.rows[0]?.id ?? null;
  return { empty: (from !== undefined && lowId === null) || (to !== undefined && highId === null), low: lowId, high: highId };
}

export const AUDIT_LOG_CSV_HEADER = [
  'id',
  'at',
  'actor_id',
  'actor_email',
  'action',
  'target_type',
  'target_id',
  'details',
  'client_address',
];

/** The filtered log as CSV lines (header first), newest first, at most AUDIT_LOG_CSV_MAX rows. */
export async function* auditLogCsv(db: Kysely<Database>, f: AuditLogFilters): AsyncGenerator<string> {
  yield csvLine(AUDIT_LOG_CSV_HEADER);
  let cursor: string | undefined;
  for (let sent = 0; sent < AUDIT_LOG_CSV_MAX;) {
    const page = await auditLogPage(db, { ...f, cursor, limit: Math.min(1_000, AUDIT_LOG_CSV_MAX - sent) });
    for (const e of page.entries)
      yield csvLine([
        e.id,
        e.at,
        e.actor?.id ?? '',
        e.actor?.email ?? '',
        e.action,
        e.targetType,
        e.targetId ?? '',
        JSON.stringify(e.details),
        e.clientAddress ?? '',
      ]);
    sent += page.entries.length;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}
