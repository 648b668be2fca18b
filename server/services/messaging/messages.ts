import { type Kysely, sql } from 'kysely';
import { MESSAGE_LIMITS, type DealMessage, type Recipients } from '../../../common/api/messages';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { createNotifications } from '../notifications/notifications';
import { ServiceRefusal } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';
import { type MessagingCaller, requireSender, visibleDeal } from './access';
import { canChangeDealMessage } from '../../policies/dealMessages';
import { resolveRecipients } from './recipients';

interface MessageRow {
  id: string;
  deal_id: number;
  body: string;
  created_at: Date;
  edited_at: Date | null;
  author_user_id: string;
  author_name: string | null;
  read_at: Date | null;
  addressed: boolean;
  recipient_count: string | number;
}

function present(row: MessageRow, caller: MessagingCaller): DealMessage {
  const mine = row.author_user_id === caller.userId;
  return {
    id: String(row.id),
    dealId: row.deal_id,
    message: row.body,
    created: row.created_at.toISOString(),
    edited: row.edited_at?.toISOString() ?? null,
    // Unread only for a recipient who has not read it; what one wrote (or an admin oversees) is read.
    readDate: row.addressed ? (row.read_at?.toISOString() ?? null) : row.created_at.toISOString(),
    author: { id: row.author_user_id, name: row.author_name },
    mine,
    recipientCount: Number(row.recipient_count),
  };
}

/** Messages the caller may see (addressed to them, written by them; admins all), newest first. */
export async function queryMessages(db: Kysely<Database>, caller: MessagingCaller, dealIds?: number[]): Promise<DealMessage[]> {
  const deals = dealIds && dealIds.length > 0 ? dealIds : null;
  const { rows } = await sql<MessageRow>`
    select m.id, m.deal_id, m.body, m.created_at, m.edited_at, m.author_user_id, a.name as author_name,
           r.read_at, (r.user_id is not null) as addressed,
           (select count(*) from deal_message_recipients c where c.message_id = m.id) as recipient_count
    from deal_messages m
    join users a on a.id = m.author_user_id
    left join deal_message_recipients r on r.message_id = m.id and r.user_id = ${caller.userId}
    where (r.user_id is not null or m.author_user_id = ${caller.userId} or ${caller.isAdmin})
      and (${deals}::int4[] is null or m.deal_id = any(${deals}::int4[]))
    order by m.created_at desc, m.id desc
    limit ${MESSAGE_LIMITS.maxQueryMessages}`.execute(db);
  return rows.map((r) => present(r, caller));
}

async function messageById(db: Kysely<Database>, caller: MessagingCaller, id: string): Promise<DealMessage | undefined> {
  const { rows } = await sql<MessageRow>`
    select m.id, m.deal_id, m.body, m.created_at, m.edited_at, m.author_user_id, a.name as author_name,
           r.read_at, (r.user_id is not null) as addressed,
           (select count(*) from deal_message_recipients c where c.message_id = m.id) as recipient_count
    from deal_messages m
    join users a on a.id = m.author_user_id
    left join deal_message_recipients r on r.message_id = m.id and r.user_id = ${caller.userId}
    where m.id = ${id}::int8 and (r.user_id is not null or m.author_user_id = ${caller.userId} or ${caller.isAdmin})`.execute(db);
  return rows[0] ? present(rows[0], caller) : undefined;
}

/** How many people a recipient choice reaches on a deal (senders only). */
export async function countRecipients(
  db: Kysely<Database>,
  caller: MessagingCaller,
  dealId: number,
  recipients: Recipients,
): Promise<number> {
  await requireSender(db, caller);
  const deal = await visibleDeal(db, caller, dealId);
  return (await resolveRecipients(db, caller, deal, recipients)).length;
}

/**
 * Sends a message: the message, one row per recipient and one `unreadmessage` notification per
 * recipient, in one transaction (all or nothing); their pollers wake on commit.
 */
export async function createMessage(
  db: Kysely<Database>,
  caller: MessagingCaller,
  input: { dealId: number; message: string; recipients: Recipients },
  now: Date,
): Promise<DealMessage> {
  await requireSender(db, caller);
  const id = await db.transaction().execute(async (trx) => {
    const deal = await visibleDeal(trx, caller, input.dealId);
    const userIds = await resolveRecipients(trx, caller, deal, input.recipients);
    if (userIds.length === 0) throw new ServiceRefusal('invalid', bodyRefusal('recipients', 'reach nobody: choose others'));
    const message = await trx
      .insertInto('deal_messages')
      .values({
        deal_id: deal.id,
        author_user_id: caller.userId,
        body: input.message,
        recipients: JSON.stringify(input.recipients),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const messageId = String(message.id);
    // One array parameter for every recipient: a thousand rows as bound parameters cost more to build than to insert.
    await sql`insert into deal_message_recipients (message_id, user_id)
      select ${messageId}::int8, u from unnest(${userIds}::text[]) as u`.execute(trx);
    await createNotifications(trx, userIds, {
      type: 'unreadmessage',
      category: 'primary_deal_messaging',
      payload: { dealId: deal.id, messageId, text: input.message.slice(0, 140) },
      at: now,
    });
    return messageId;
  });
  return (await messageById(db, caller, id))!;
}

/** The message for its author or an admin: 404 when the caller cannot see it, 403 when they may only read it. */
async function editable(db: Kysely<Database>, caller: MessagingCaller, id: string) {
  const row = await db.selectFrom('deal_messages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  const visible = row && (caller.isAdmin || (await messageById(db, caller, id)) !== undefined);
  if (!row || !visible) throw new ServiceRefusal('not found', `There is no message ${id} you can see.`);
  if (!canChangeDealMessage(caller, { authorUserId: row.author_user_id }))
    throw new ServiceRefusal('forbidden', 'Only its author or an admin may change a message');
  return row;
}

/** Edits a message's text (author or admin), audited before/after. */
export async function updateMessage(
  db: Kysely<Database>,
  caller: MessagingCaller,
  id: string,
  text: string,
  now: Date,
): Promise<DealMessage> {
  await db.transaction().execute(async (trx) => {
    const row = await editable(trx, caller, id);
    await trx.updateTable('deal_messages').set({ body: text, edited_at: now }).where('id', '=', id).execute();
    await writeAudit(trx, {
      actorUserId: caller.userId,
      action: 'deal_message.updated',
      targetType: 'deal_message',
      targetId: id,
      details: { dealId: row.deal_id, authorUserId: row.author_user_id, before: { message: row.body }, after: { message: text } },
    });
  });
  return (await messageById(db, caller, id))!;
}

/** Deletes a message and its recipients' rows (author or admin), audited with what it said. */
export async function deleteMessage(db: Kysely<Database>, caller: MessagingCaller, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await editable(trx, caller, id);
    await trx.deleteFrom('deal_messages').where('id', '=', id).execute();
    await writeAudit(trx, {
      actorUserId: caller.userId,
      action: 'deal_message.deleted',
      targetType: 'deal_message',
      targetId: id,
      details: { dealId: row.deal_id, authorUserId: row.author_user_id, before: { message: row.body } },
    });
  });
}

/**
 * Marks messages addressed to the caller read. Every id must be one: an unknown id is 404, a
 * message addressed to others 403 — and then nothing is marked.
 */
export async function markRead(db: Kysely<Database>, caller: MessagingCaller, ids: string[], now: Date): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('deal_messages').select('id').where('id', 'in', unique).execute();
    const missing = unique.find((id) => !existing.some((m) => String(m.id) === id));
    if (missing) throw new ServiceRefusal('not found', bodyRefusal('ids', `the message ${missing} is unknown`));
    const mine = await trx
      .selectFrom('deal_message_recipients')
      .select('message_id')
      .where('user_id', '=', caller.userId)
      .where('message_id', 'in', unique)
      .execute();
    const foreign = unique.find((id) => !mine.some((r) => String(r.message_id) === id));
    if (foreign) throw new ServiceRefusal('forbidden', bodyRefusal('ids', `the message ${foreign} is not addressed to you`));
    const result = await trx
      .updateTable('deal_message_recipients')
      .set({ read_at: now })
      .where('user_id', '=', caller.userId)
      .where('message_id', 'in', unique)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

/** Follow a deal the caller may see (followers can be addressed as one). */
export async function setFollowing(
  db: Kysely<Database>,
  caller: MessagingCaller,
  dealId: number,
  following: boolean,
  now: Date,
): Promise<void> {
  await visibleDeal(db, caller, dealId);
  if (following) {
    await db
      .insertInto('deal_follows')
      .values({ deal_id: dealId, user_id: caller.userId, created_at: now })
      .onConflict((oc) => oc.columns(['deal_id', 'user_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('deal_follows').where('deal_id', '=', dealId).where('user_id', '=', caller.userId).execute();
  }
}

export async function followedDeals(db: Kysely<Database>, userId: string): Promise<number[]> {
  const rows = await db.selectFrom('deal_follows').select('deal_id').where('user_id', '=', userId).orderBy('deal_id').execute();
  return rows.map((r) => r.deal_id);
}
