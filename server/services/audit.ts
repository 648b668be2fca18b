import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface AuditEntry {
  actorUserId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

/** Writes one audit row; pass the transaction that makes the change so both land or neither. */
export async function writeAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}
