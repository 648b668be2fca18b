import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { currentClientAddress } from './clientAddress';

export interface AuditEntry {
  actorUserId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  details?: Record<string, unknown>;
  /** The client's address; by default the address of the request being handled (none in a job). */
  clientAddress?: string | null;
}

/**
 * Writes one audit row; pass the transaction that makes the change so both land or neither. The
 * row records the address of the request being handled (clientAddress.ts).
 */
export async function writeAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_user_id: entry.actorUserId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId ?? null,
      details: JSON.stringify(entry.details ?? {}),
      client_address: entry.clientAddress === undefined ? currentClientAddress() : entry.clientAddress,
    })
    .execute();
}
