import { type Kysely, sql } from 'kysely';
import { SUPPORT_REQUESTS_PER_DAY, type SupportRequest, type SupportRequestBody } from '../../../common/api/support';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { enqueueEmail, renderEmail } from '../accounts/mail';
import { ServiceRefusal } from '../refusal';

export class TooManySupportRequests extends Error {
  override name = 'TooManySupportRequests';
}

/**
 * Stores a person's support request and queues its e-mail to the support address in the same
 * transaction (the e-mail exists exactly when the request does), with the person's support token
 * and the page they were on. At most SUPPORT_REQUESTS_PER_DAY a day per person, counted under a
 * lock on the person's row so concurrent sends cannot pass the limit together.
 */
export async function createSupportRequest(
  db: Kysely<Database>,
  config: Config,
  userId: string,
  body: SupportRequestBody,
  nowMs: number,
): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'email', 'name', 'support_token'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new ServiceRefusal('not found', 'Your account no longer exists');
    const since = new Date(nowMs - 24 * 3600_000);
    const sent = await trx
      .selectFrom('support_requests')
      .select(sql<string>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    if (Number(sent.n) >= SUPPORT_REQUESTS_PER_DAY) {
      throw new TooManySupportRequests(
        `At most ${SUPPORT_REQUESTS_PER_DAY} support requests a day; please write to ${config.supportEmail}`,
      );
    }
    const row = await trx
      .insertInto('support_requests')
      .values({ user_id: userId, subject: body.subject, message: body.message, page: body.page ?? null, created_at: new Date(nowMs) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueEmail(
      trx,
      renderEmail(config, {
        kind: 'support-request',
        to: config.supportEmail,
        // The person's words stay in the body, as plain text; the subject names the request only.
        subject: `Support request #${row.id}`,
        paragraphs: [
          `From: ${user.email}${user.name ? ` (${user.name})` : ''}`,
          `Support token: ${user.support_token}`,
          `Page: ${body.page ?? '(not given)'}`,
          `Subject: ${body.subject}`,
          body.message,
        ],
      }),
      new Date(nowMs),
    );
    return { id: Number(row.id) };
  });
}

/** The admins' list of requests, newest first. */
export async function listSupportRequests(db: Kysely<Database>, status?: 'open' | 'closed'): Promise<SupportRequest[]> {
  let query = db
    .selectFrom('support_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.user_id',
      'u.email',
      'u.support_token',
      'r.subject',
      'r.message',
      'r.page',
      'r.status',
      'r.created_at',
      'r.closed_at',
    ])
    .orderBy('r.id', 'desc')
    .limit(500);
  if (status) query = query.where('r.status', '=', status);
  return (await query.execute()).map((r) => ({
    id: Number(r.id),
    userId: r.user_id,
    email: r.email,
    supportToken: r.support_token,
    subject: r.subject,
    message: r.message,
    page: r.page,
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
  }));
}

/** Marks a request answered (audited); closing a closed one is refused. */
export async function closeSupportRequest(db: Kysely<Database>, id: number, adminId: string, nowMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('support_requests').select(['status']).where('id', '=', String(id)).forUpdate().executeTakeFirst();
    if (!row) throw new ServiceRefusal('not found', 'No support request with that id');
    if (row.status === 'closed') throw new ServiceRefusal('conflict', 'That request is already closed');
    await trx
      .updateTable('support_requests')
      .set({ status: 'closed', closed_at: new Date(nowMs), closed_by: adminId })
      .where('id', '=', String(id))
      .execute();
    await writeAudit(trx, {
      actorUserId: adminId,
      action: 'support.close',
      targetType: 'support_request',
      targetId: String(id),
      details: { before: { status: 'open' }, after: { status: 'closed' } },
    });
  });
}
