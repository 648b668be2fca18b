/**
 * The recipient's side of a share: reading the invitation, accepting it before it expires, and
 * leaving (or declining) it. Only the person the invitation names can accept or leave it.
 */
import type { Kysely } from 'kysely';
import type { Share } from '../../../common/api/shares';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { ServiceRefusal } from '../refusal';
import { itemInfo } from './items';
import { person, type Person } from './people';
import { iso, presentShares, type ShareRow } from './present';

/** The person a share names: its recipient once accepted, or before that the address it was sent to. */
const isRecipientOf = (row: ShareRow, me: Person) =>
  row.recipient_id === me.id || (row.recipient_id === null && row.recipient_email === me.email.toLowerCase());

/**
 * An invitation as its recipient or owner may see it. Anyone else — even with the link — is
 * refused (403), and so is an invitation that has ended or expired (410), with a sentence that
 * says which.
 */
async function readable(db: Kysely<Database>, uuid: string, me: Person, now: Date, lock = false): Promise<ShareRow> {
  let q = db.selectFrom('shares').selectAll().where('id', '=', uuid);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new ServiceRefusal('not found', 'No such share: the link may be mistyped');
  if (row.owner_id === me.id) return row;
  if (!isRecipientOf(row, me)) {
    throw new ServiceRefusal(
      'forbidden',
      'This share was sent to someone else. Sign in as the person it was sent to, or ask its owner to share it with you.',
    );
  }
  if (row.status === 'revoked') throw new ServiceRefusal('gone', 'Its owner has revoked this share.');
  if (row.status === 'left') throw new ServiceRefusal('gone', 'You left this share; ask its owner to share it again.');
  if (row.status === 'pending' && new Date(row.expires_at).getTime() <= now.getTime()) {
    throw new ServiceRefusal('gone', `This invitation expired on ${iso(row.expires_at)!.slice(0, 10)}; ask its owner to share it again.`);
  }
  return row;
}

export async function getShare(db: Kysely<Database>, userId: string, uuid: string, now: Date): Promise<Share> {
  const me = await person(db, userId);
  const [share] = await presentShares(db, [await readable(db, uuid, me, now)]);
  return share!;
}

/** The recipient accepts: the item joins their lists. Accepting twice is harmless. */
export async function acceptShare(db: Kysely<Database>, userId: string, uuid: string, now: Date): Promise<Share> {
  const row = await db.transaction().execute(async (trx) => {
    const me = await person(trx, userId);
    const current = await readable(trx, uuid, me, now, true);
    if (current.owner_id === userId) throw new ServiceRefusal('invalid', 'This is your own share: send the link to its recipient.');
    if (current.status === 'accepted') return current;
    if (!(await itemInfo(trx, current.kind, current.item_id)))
      throw new ServiceRefusal('gone', 'The shared item has been deleted by its owner.');
    const accepted = await trx
      .updateTable('shares')
      .set({ status: 'accepted', recipient_id: userId, accepted_at: now, updated_at: now })
      .where('id', '=', uuid)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorUserId: userId,
      action: 'share.accept',
      targetType: current.kind,
      targetId: current.item_id,
      details: { share: uuid },
    });
    return accepted;
  });
  const [share] = await presentShares(db, [row]);
  return share!;
}

/** The recipient takes a shared item out of their lists (or declines an invitation). */
export async function leaveShare(db: Kysely<Database>, userId: string, uuid: string, now: Date): Promise<Share> {
  const row = await db.transaction().execute(async (trx) => {
    const me = await person(trx, userId);
    const current = await trx.selectFrom('shares').selectAll().where('id', '=', uuid).forUpdate().executeTakeFirst();
    if (!current) throw new ServiceRefusal('not found', 'No such share');
    if (!isRecipientOf(current, me))
      throw new ServiceRefusal('forbidden', 'Only the person a share was sent to can leave it; the owner revokes it');
    if (current.status === 'revoked' || current.status === 'left')
      throw new ServiceRefusal('conflict', `This share has already ended (${current.status})`);
    const left = await trx
      .updateTable('shares')
      .set({ status: 'left', recipient_id: userId, ended_at: now, updated_at: now })
      .where('id', '=', uuid)
      .returningAll()
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorUserId: userId,
      action: 'share.leave',
      targetType: current.kind,
      targetId: current.item_id,
      details: { share: uuid },
    });
    return left;
  });
  const [share] = await presentShares(db, [row]);
  return share!;
}
