/**
 * Sharing and collaboration: an owner invites colleagues — people of the same organisation — to
 * view or edit one of their items. Each invitation is a row whose uuid is the accept link; the
 * recipient gets a notification and an e-mail (outbox) in the transaction that creates it.
 * Only the person the invitation names can accept it, and only before it expires; the owner can
 * change the permission or revoke at any time, the recipient can leave.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  SHARE_INVITATION_DAYS,
  SHARE_KIND_LABELS,
  shareAcceptPath,
  shareCreateBodySchema,
  shareItemPath,
  type Share,
  type ShareCreateBody,
  type ShareKind,
  type ShareList,
  type SharePermission,
} from '../../../common/api/shares';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { SharesTable } from '../../db/tables/shares';
import { appLink, enqueueEmail, renderEmail } from '../accounts/mail';
import { writeAudit } from '../audit';
import { createNotifications } from '../notifications/notifications';
import { ServiceRefusal } from '../refusal';
import { itemInfo, itemNames } from './items';

type Row = Selectable<SharesTable>;
interface Person {
  id: string;
  email: string;
  name: string | null;
  organization_id: string | null;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const DAY_MS = 86_400_000;

async function person(db: Kysely<Database>, userId: string): Promise<Person> {
  const row = await db.selectFrom('users').select(['id', 'email', 'name', 'organization_id']).where('id', '=', userId).executeTakeFirst();
  if (!row) throw new ServiceRefusal('not found', 'Your account no longer exists');
  return row;
}

/** Shares with the names of their items and people, for the API. */
async function present(db: Kysely<Database>, rows: Row[]): Promise<Share[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((r) => [r.owner_id, ...(r.recipient_id ? [r.recipient_id] : [])]))];
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'email', 'name']).where('id', 'in', userIds).execute()).map((u) => [u.id, u]),
  );
  const names = new Map<ShareKind, Map<string, { name: string }>>();
  for (const kind of new Set(rows.map((r) => r.kind))) {
    names.set(
      kind,
      await itemNames(
        db,
        kind,
        rows.filter((r) => r.kind === kind).map((r) => r.item_id),
      ),
    );
  }
  return rows.map((r) => {
    const owner = users.get(r.owner_id);
    const recipient = r.recipient_id ? users.get(r.recipient_id) : undefined;
    return {
      id: r.id,
      kind: r.kind,
      itemId: r.item_id,
      itemName: names.get(r.kind)?.get(r.item_id)?.name ?? null,
      itemPath: shareItemPath(r.kind, r.item_id),
      acceptPath: shareAcceptPath(r.id),
      owner: { email: owner?.email ?? '', name: owner?.name ?? null },
      recipient: { email: r.recipient_email, name: recipient?.name ?? null },
      permission: r.permission,
      status: r.status,
      createdAt: iso(r.created_at)!,
      expiresAt: iso(r.expires_at)!,
      acceptedAt: iso(r.accepted_at),
      endedAt: iso(r.ended_at),
    };
  });
}

/**
 * Whom the sharer may share with: the other users of their organisation, and addresses on its
 * e-mail domains (people who will land in it when they sign up). Nobody outside it.
 */
async function checkRecipient(db: Kysely<Database>, sharer: Person, email: string): Promise<Person | undefined> {
  if (email === sharer.email.toLowerCase()) throw new ServiceRefusal('invalid', 'recipients: you cannot share with yourself');
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'organization_id'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  if (user) {
    if (user.organization_id !== sharer.organization_id) {
      throw new ServiceRefusal('forbidden', `recipients: ${email} is not in your organisation; you can share only with colleagues`);
    }
    return user;
  }
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const onDomain = await db
    .selectFrom('organization_domains')
    .select('organization_id')
    .where('domain', '=', domain)
    .where('organization_id', '=', sharer.organization_id!)
    .executeTakeFirst();
  if (!onDomain)
    throw new ServiceRefusal('forbidden', `recipients: ${email} is not in your organisation; you can share only with colleagues`);
  return undefined;
}

/** Shares an item of the caller's with colleagues; sharing again with someone updates their invitation. */
export async function shareItem(
  db: Kysely<Database>,
  config: Config,
  ownerId: string,
  input: ShareCreateBody,
  now: Date,
): Promise<Share[]> {
  const body = shareCreateBodySchema.parse(input);
  const rows = await db.transaction().execute(async (trx) => {
    const sharer = await person(trx, ownerId);
    const item = await itemInfo(trx, body.kind, body.itemId);
    // Somebody else's item reads as unknown: sharing is the owner's alone, and existence is not disclosed.
    if (!item || item.ownerId !== ownerId)
      throw new ServiceRefusal('not found', `itemId: no such ${SHARE_KIND_LABELS[body.kind]} of yours`);
    if (!sharer.organization_id) {
      throw new ServiceRefusal('forbidden', 'recipients: your account belongs to no organisation, so there is nobody to share with');
    }
    const label = SHARE_KIND_LABELS[body.kind];
    const expiresAt = new Date(now.getTime() + SHARE_INVITATION_DAYS * DAY_MS);
    const out: Row[] = [];
    for (const email of [...new Set(body.recipients)]) {
      const recipient = await checkRecipient(trx, sharer, email);
      const live = await trx
        .selectFrom('shares')
        .selectAll()
        .where('kind', '=', body.kind)
        .where('item_id', '=', body.itemId)
        .where('recipient_email', '=', email)
        .where('status', 'in', ['pending', 'accepted'])
        .forUpdate()
        .executeTakeFirst();
      let row: Row;
      if (live) {
        row = await trx
          .updateTable('shares')
          .set({ permission: body.permission, updated_at: now, ...(live.status === 'pending' ? { expires_at: expiresAt } : {}) })
          .where('id', '=', live.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      } else {
        row = await trx
          .insertInto('shares')
          .values({
            id: randomUUID(),
            kind: body.kind,
            item_id: body.itemId,
            owner_id: ownerId,
            recipient_email: email,
            recipient_id: recipient?.id ?? null,
            permission: body.permission,
            expires_at: expiresAt,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      out.push(row);
      if (row.status !== 'pending') continue;
      const from = sharer.name ?? sharer.email;
      const verb = body.permission === 'edit' ? 'view and edit' : 'view';
      if (row.recipient_id) {
        await createNotifications(trx, [row.recipient_id], {
          type: 'other',
          category: 'other',
          at: now,
          payload: {
            title: `${from} shared a ${label} with you`,
            text: `"${item.name}" — you may ${verb} it. Open to accept.`,
            shareId: row.id,
          },
        });
      }
      await enqueueEmail(
        trx,
        renderEmail(config, {
          kind: 'share-invitation',
          to: email,
          subject: `${from} shared a ${label} with you: ${item.name}`.slice(0, 200),
          paragraphs: [
            `${from} (${sharer.email}) shared the ${label} "${item.name}" with you on Bondwise. You may ${verb} it.`,
            ...(body.message ? [`Their message: ${body.message}`] : []),
            `The invitation is for ${email} and can be accepted until ${expiresAt.toISOString().slice(0, 10)}.`,
          ],
          action: { label: 'Accept the share', url: appLink(config, shareAcceptPath(row.id)) },
        }),
      );
    }
    await writeAudit(trx, {
      actorUserId: ownerId,
      action: 'share.create',
      targetType: body.kind,
      targetId: body.itemId,
      details: { recipients: out.map((r) => r.recipient_email), permission: body.permission, shares: out.map((r) => r.id) },
    });
    return out;
  });
  return present(db, rows);
}

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
  return { sharedByMe: await present(db, mine), sharedWithMe: await present(db, theirs) };
}

/** Colleagues the caller may share with (same organisation), by name. */
export async function listColleagues(db: Kysely<Database>, userId: string): Promise<{ email: string; name: string | null }[]> {
  const me = await person(db, userId);
  if (!me.organization_id) return [];
  const rows = await db
    .selectFrom('users')
    .select(['email', 'name'])
    .where('organization_id', '=', me.organization_id)
    .where('id', '!=', userId)
    .where('locked_at', 'is', null)
    .orderBy('name')
    .orderBy('email')
    .limit(500)
    .execute();
  return rows;
}

/**
 * An invitation as its recipient or owner may see it. Anyone else — even with the link — is
 * refused (403), and so is an invitation that has ended or expired (410), with a sentence that
 * says which.
 */
async function readable(db: Kysely<Database>, uuid: string, me: Person, now: Date, lock = false): Promise<Row> {
  let q = db.selectFrom('shares').selectAll().where('id', '=', uuid);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new ServiceRefusal('not found', 'No such share: the link may be mistyped');
  if (row.owner_id === me.id) return row;
  const isRecipient = row.recipient_id === me.id || (row.recipient_id === null && row.recipient_email === me.email.toLowerCase());
  if (!isRecipient) {
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
  const [share] = await present(db, [await readable(db, uuid, me, now)]);
  return share!;
}

/** The recipient accepts: the item joins their lists. Accepting twice is harmless. */
export async function acceptShare(db: Kysely<Database>, userId: string, uuid: string, now: Date): Promise<Share> {
  const row = await db.transaction().execute(async (trx) => {
    const me = await person(trx, userId);
    const current = await readable(trx, uuid, me, now, true);
    if (current.owner_id === userId) throw new ServiceRefusal('invalid', 'uuid: this is your own share; send the link to its recipient');
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
  const [share] = await present(db, [row]);
  return share!;
}

async function ownLiveShare(db: Kysely<Database>, userId: string, uuid: string): Promise<Row> {
  const row = await db.selectFrom('shares').selectAll().where('id', '=', uuid).forUpdate().executeTakeFirst();
  if (!row) throw new ServiceRefusal('not found', 'No such share');
  if (row.owner_id !== userId) throw new ServiceRefusal('forbidden', 'Only the owner of the shared item can change or revoke this share');
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
  const [share] = await present(db, [row]);
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
  const [share] = await present(db, [row]);
  return share!;
}

/** The recipient takes a shared item out of their lists (or declines an invitation). */
export async function leaveShare(db: Kysely<Database>, userId: string, uuid: string, now: Date): Promise<Share> {
  const row = await db.transaction().execute(async (trx) => {
    const me = await person(trx, userId);
    const current = await trx.selectFrom('shares').selectAll().where('id', '=', uuid).forUpdate().executeTakeFirst();
    if (!current) throw new ServiceRefusal('not found', 'No such share');
    const isRecipient =
      current.recipient_id === userId || (current.recipient_id === null && current.recipient_email === me.email.toLowerCase());
    if (!isRecipient) throw new ServiceRefusal('forbidden', 'Only the person a share was sent to can leave it; the owner revokes it');
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
  const [share] = await present(db, [row]);
  return share!;
}
