/**
 * The lists of shares, and the owner's side of one: changing what the recipient may do, or
 * revoking it, at any time; either applies to the recipient's next request.
 */
import type { Kysely } from 'kysely';
import type { Share, ShareList, SharePermission } from '../../../common/api/shares';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { ServiceRefusal } from '../refusal';
import { canManageShare } from '../../policies/sharedItems';
import { person } from './people';
import { presentShares, type ShareRow } from './present';

/** What the caller shared (every state, newest first) and what is shared with them (live). */
export async function listShares(db: Kysely<Database>, userId: string): Promise<ShareList> {
  const me = await person(db, userId);
  const [mine, theirs] = await Promise.all([
    db.selectFrom('shares').selectAll().where('owner_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').limit(500).execute(),
    db
      .selectFrom('shares')
      .selectAll()
      .where((eb) => eb.or([eb('recipient_id', '=', userId), eb('recipient_email', '=', me.email.toLowerCase())]))
      .where('status', 'in', ['pending', 'accepted'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(500)
      .execute(),
  ]);
  return { sharedByMe: await presentShares(db, mine), sharedWithMe: await presentShares(db, theirs) };
}

async function ownLiveShare(db: Kysely<Database>, userId: string, uuid: string): Promise<ShareRow> {
  const row = await db.selectFrom('shares').selectAll().where('id', '=', uuid).forUpdate().executeTakeFirst();
  if (!row) throw new ServiceRefusal('not found', 'No such share');
  if (!canManageShare(userId, { ownerId: row.owner_id }))
    throw new ServiceRefusal('forbidden', 'Only the owner of the shared item can change or revoke this share');
  if (row.status === 'revoked' || row.status === 'left')
    throw new ServiceRefusal('conflict', `This share has already ended (${row.status})`);
  return row;
}

/** The owner changes what the recipient may do; it applies to their next request. */
export async function setSharePermission(
  db: Kysely<Database>,
  userId: string,
  uuid: string,
  permission: SharePermission,
  now: Date,
): Promise<Share> {
  const row = await db.transaction().execute(async (trx) => {
    const current = await ownLiveShare(trx, userId, uuid);
    const updated = await trx
      .updateTable('shares')
      .set({ permission, updated_at: now })
      .where('id', '=', uuid)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorUserId: userId,
      action: 'share.permission',
      targetType: current.kind,
      targetId: current.item_id,
      details: { share: uuid, before: current.permission, after: permission },
    });
    return updated;
  });
  const [share] = await presentShares(db, [row]);
  return share!;
}

/** The owner ends a share: every later request of the recipient is refused. */
export async function revokeShare(db: Kysely<Database>, userId: string, uuid: string, now: Date): Promise<Share> {
  const row = await db.transaction().execute(async (trx) => {
    const current = await ownLiveShare(trx, userId, uuid);
    const revoked = await trx
      .updateTable('shares')
      .set({ status: 'revoked', ended_at: now, updated_at: now })
      .where('id', '=', uuid)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorUserId: userId,
      action: 'share.revoke',
      targetType: current.kind,
      targetId: current.item_id,
      details: { share: uuid },
    });
    return revoked;
  });
  const [share] = await presentShares(db, [row]);
  return share!;
}
