/**
 * The access check of every owner-only service: is the caller the item's owner, or does this
 * person hold a live (accepted, not revoked, not left) share of it, from its current owner? The
 * rule is server/policies/sharedItems.ts; this reads what it decides on.
 * It reads the database on every request, so a revoked share stops working at once, on every
 * instance.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { SharedWithCaller, ShareKind, SharePermission } from '../../../common/api/shares';
import { SHARE_KIND_LABELS } from '../../../common/api/shares';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { ServiceRefusal } from '../refusal';
import { canChangeSharedItem, shareAllows } from '../../policies/sharedItems';

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
 * has no share at all is answered `none()`, as for an unknown item.
 */
function requirePermission(
  grant: SharedWithCaller | undefined,
  need: SharePermission,
  kind: ShareKind,
  none: () => ServiceRefusal | Error,
): SharedWithCaller {
  if (!grant) throw none();
  if (!shareAllows(grant, need)) {
    throw new ServiceRefusal(
      'forbidden',
      `This ${SHARE_KIND_LABELS[kind]} is shared with you to view; only its owner or an editor may change it`,
    );
  }
  return grant;
}

/**
 * The kinds whose items are the owner's alone unless shared, with the table and owner column of
 * each. (Blog posts are not here: editors and admins reach them by their own rule, content/blog.ts.)
 */
const OWNED_ITEMS = {
  bond_table: { table: 'bond_tables', owner: 'owner_id' },
  pricing_sheet: { table: 'pricing_sheets', owner: 'owner_id' },
  hawk_subscription: { table: 'hawk_subscriptions', owner: 'user_id' },
} as const;
type OwnedKind = keyof typeof OWNED_ITEMS;
type OwnedRow<K extends OwnedKind> = Selectable<Database[(typeof OWNED_ITEMS)[K]['table']]>;
interface GrantColumns {
  grant_share_id: string | null;
  grant_permission: SharePermission | null;
  grant_owner_email: string | null;
  grant_owner_name: string | null;
}

/**
 * An item its owner, or the holder of a live share allowing `need`, may use: the row, and the
 * share when the caller is not the owner. Anyone else is answered `missing()` as for an unknown
 * id, so the item's existence is not disclosed; a viewer asking to edit is refused (403), since
 * they know it exists. One query: the item by its key, and the caller's accepted share from its
 * current owner through shares_recipient_idx. `lock` takes the item's row for update (call inside
 * a transaction).
 */
export async function ownerOrShareHolder<K extends OwnedKind>(
  db: Kysely<Database>,
  kind: K,
  itemId: string | number,
  userId: string,
  need: SharePermission,
  missing: () => Error,
  { lock = false }: { lock?: boolean } = {},
): Promise<{ row: OwnedRow<K>; shared?: SharedWithCaller }> {
  const { table, owner } = OWNED_ITEMS[kind];
  const { rows } = await sql<GrantColumns & Record<string, unknown>>`
    select i.*, s.id as grant_share_id, s.permission as grant_permission, o.email as grant_owner_email, o.name as grant_owner_name
    from ${sql.table(table)} as i
    left join shares as s
      on s.recipient_id = ${userId} and s.kind = ${kind} and s.item_id = ${String(itemId)}
      and s.status = 'accepted' and s.owner_id = ${sql.ref(`i.${owner}`)}
    left join users as o on o.id = s.owner_id
    where i.id = ${itemId}
    ${lock ? sql`for update of i` : sql``}`.execute(db);
  const found = rows[0];
  if (!found) throw missing();
  const { grant_share_id, grant_permission, grant_owner_email, grant_owner_name, ...columns } = found;
  // Every column of the item's table, as its query builder would have returned them.
  const row = columns as unknown as OwnedRow<K>;
  if (canChangeSharedItem(userId, { ownerId: columns[owner] as string }, undefined)) return { row };
  const grant: SharedWithCaller | undefined =
    grant_share_id && grant_permission
      ? { shareId: grant_share_id, permission: grant_permission, owner: { email: grant_owner_email!, name: grant_owner_name } }
      : undefined;
  return { row, shared: requirePermission(grant, need, kind, missing) };
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
