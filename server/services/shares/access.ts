/**
 * The access check every owner-only service asks when the caller is not the owner: does this
 * person hold a live (accepted, not revoked, not left) share of the item, from its current owner?
 * It reads the database on every request, so a revoked share stops working at once, on every
 * instance.
 */
import type { Kysely } from 'kysely';
import type { SharedWithCaller, ShareKind, SharePermission } from '../../../common/api/shares';
import { SHARE_KIND_LABELS } from '../../../common/api/shares';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { ServiceRefusal } from '../refusal';

/** The caller's live share of an item owned by `ownerId`, or undefined. */
export async function shareGrant(
  db: Kysely<Database>,
  kind: ShareKind,
  itemId: string | number,
  ownerId: string,
  userId: string,
): Promise<SharedWithCaller | undefined> {
  const row = await db
    .selectFrom('shares as s')
    .innerJoin('users as o', 'o.id', 's.owner_id')
    .select(['s.id', 's.permission', 'o.email', 'o.name'])
    .where('s.kind', '=', kind)
    .where('s.item_id', '=', String(itemId))
    .where('s.owner_id', '=', ownerId)
    .where('s.recipient_id', '=', userId)
    .where('s.status', '=', 'accepted')
    .executeTakeFirst();
  return row ? { shareId: row.id, permission: row.permission, owner: { email: row.email, name: row.name } } : undefined;
}

/**
 * Refuses a caller whose share does not allow `need`: viewers may read, editors also write. Who
 * has no share at all is refused by the caller's own rule (404 or 403), passed as `none`.
 */
export function requirePermission(
  grant: SharedWithCaller | undefined,
  need: SharePermission,
  kind: ShareKind,
  none: () => ServiceRefusal | Error,
): SharedWithCaller {
  if (!grant) throw none();
  if (need === 'edit' && grant.permission !== 'edit') {
    throw new ServiceRefusal(
      'forbidden',
      `This ${SHARE_KIND_LABELS[kind]} is shared with you to view; only its owner or an editor may change it`,
    );
  }
  return grant;
}

/** Ids of the items of one kind shared with the user (accepted), with the share. */
export async function sharedWithUser(
  db: Kysely<Database>,
  kind: ShareKind,
  userId: string,
): Promise<{ itemId: string; ownerId: string; grant: SharedWithCaller }[]> {
  const rows = await db
    .selectFrom('shares as s')
    .innerJoin('users as o', 'o.id', 's.owner_id')
    .select(['s.id', 's.item_id', 's.owner_id', 's.permission', 'o.email', 'o.name'])
    .where('s.kind', '=', kind)
    .where('s.recipient_id', '=', userId)
    .where('s.status', '=', 'accepted')
    .execute();
  return rows.map((r) => ({
    itemId: r.item_id,
    ownerId: r.owner_id,
    grant: { shareId: r.id, permission: r.permission, owner: { email: r.email, name: r.name } },
  }));
}

/** An editor's change to someone else's item, in the audit log (pass the change's transaction). */
export async function auditSharedEdit(
  db: Kysely<Database>,
  entry: { actorUserId: string; kind: ShareKind; itemId: string | number; ownerId: string; changed: string[] },
): Promise<void> {
  await writeAudit(db, {
    actorUserId: entry.actorUserId,
    action: 'share.edit',
    targetType: entry.kind,
    targetId: String(entry.itemId),
    details: { owner: entry.ownerId, changed: [...entry.changed].sort() },
  });
}

/** Ends every share of an item that is being deleted (call in the deletion's transaction). */
export async function deleteSharesOf(db: Kysely<Database>, kind: ShareKind, itemId: string | number): Promise<void> {
  await db.deleteFrom('shares').where('kind', '=', kind).where('item_id', '=', String(itemId)).execute();
}
