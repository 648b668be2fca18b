/**
 * Sharing and collaboration: an owner invites colleagues — people of the same organisation — to
 * view or edit one of their items. Each invitation is a row whose uuid is the accept link; the
 * recipient gets a notification and an e-mail (outbox) in the transaction that creates it.
 * Accepting and leaving: respond.ts; the owner's list, permission changes and revoking: manage.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  SHARE_INVITATION_DAYS,
  SHARE_KIND_LABELS,
  shareAcceptPath,
  shareCreateBodySchema,
  type Share,
  type ShareCreateBody,
} from '../../../common/api/shares';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { appLink, enqueueEmail, renderEmail } from '../accounts/mail';
import { writeAudit } from '../audit';
import { createNotifications } from '../notifications/notifications';
import { ServiceRefusal } from '../refusal';
import { canManageShare } from '../../policies/sharedItems';
import { itemInfo } from './items';
import { checkRecipient, person } from './people';
import { presentShares, type ShareRow } from './present';

const DAY_MS = 86_400_000;

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
    if (!item || !canManageShare(ownerId, item))
      throw new ServiceRefusal('not found', `There is no such ${SHARE_KIND_LABELS[body.kind]} of yours.`);
    if (!sharer.organization_id) {
      throw new ServiceRefusal('forbidden', 'Your account belongs to no organisation, so there is nobody to share with.');
    }
    const label = SHARE_KIND_LABELS[body.kind];
    const expiresAt = new Date(now.getTime() + SHARE_INVITATION_DAYS * DAY_MS);
    const out: ShareRow[] = [];
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
      let row: ShareRow;
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
          // A fixed subject: people's names and item names are theirs to choose, so they go only in the body, as text.
          subject: `A colleague shared a ${label} with you on Bondwise`,
          paragraphs: [
            `${from} (${sharer.email}) shared the ${label} "${item.name}" with you on Bondwise. You may ${verb} it.`,
            ...(body.message ? [`Their message: ${body.message}`] : []),
            `The invitation is for ${email} and can be accepted until ${expiresAt.toISOString().slice(0, 10)}.`,
          ],
          action: { label: 'Accept the share', url: appLink(config, shareAcceptPath(row.id)) },
        }),
        now,
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
  return presentShares(db, rows);
}
