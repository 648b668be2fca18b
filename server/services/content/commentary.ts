/**
 * Platform commentary: administrators' dated market notes. A note is visible from its publish
 * time on the injected clock (scheduling needs no job); edits bump a version so two admins cannot
 * overwrite each other unseen; every change is audited before/after in its transaction.
 */
import type { Kysely } from 'kysely';
import {
  type Commentary,
  type CommentaryCreateBody,
  type CommentaryList,
  type CommentaryUpdateBody,
  commentaryCreateBodySchema,
} from '@common/api/commentary';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { ServiceRefusal } from '../refusal';
import { renderMarkdown } from './markdown';

const select = (db: Kysely<Database>) =>
  db
    .selectFrom('platform_commentary as c')
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .select(['c.id', 'c.headline', 'c.body_md', 'c.body_html', 'c.publish_at', 'c.version', 'c.updated_at', 'u.name as author_name'])
    .where('c.deleted_at', 'is', null);
type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirst']>>>;

const present = (r: Row): Commentary => ({
  id: r.id,
  headline: r.headline,
  html: r.body_html,
  markdown: r.body_md,
  publishAt: new Date(r.publish_at).toISOString(),
  author: r.author_name ?? null,
  version: r.version,
  updatedAt: new Date(r.updated_at).toISOString(),
});

/** Newest first; readers see only notes whose time has come, admins (`all`) scheduled ones too. */
export async function listCommentary(
  db: Kysely<Database>,
  query: { page: number; pageSize: number },
  now: Date,
  all = false,
): Promise<CommentaryList> {
  let q = select(db);
  if (!all) q = q.where('c.publish_at', '<=', now);
  const [rows, count] = await Promise.all([
    q
      .orderBy('c.publish_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(present), total: Number(count.n), page: query.page, pageSize: query.pageSize };
}

async function one(db: Kysely<Database>, id: number): Promise<Commentary> {
  const row = await select(db).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw new ServiceRefusal('not found', 'No such commentary');
  return present(row);
}

export async function createCommentary(db: Kysely<Database>, adminId: string, input: CommentaryCreateBody, now: Date): Promise<Commentary> {
  const body = commentaryCreateBodySchema.parse(input);
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('platform_commentary')
      .values({
        headline: body.headline,
        body_md: body.markdown,
        body_html: renderMarkdown(body.markdown),
        publish_at: body.publishAt ? new Date(body.publishAt) : now,
        author_id: adminId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorUserId: adminId,
      action: 'commentary.create',
      targetType: 'platform_commentary',
      targetId: String(row.id),
      details: { after: { headline: body.headline, markdown: body.markdown, publishAt: body.publishAt } },
    });
    return row.id;
  });
  return one(db, id);
}

export async function updateCommentary(
  db: Kysely<Database>,
  adminId: string,
  id: number,
  body: CommentaryUpdateBody,
  now: Date,
): Promise<Commentary> {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('platform_commentary')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new ServiceRefusal('not found', 'No such commentary');
    if (current.version !== body.version)
      throw new ServiceRefusal('conflict', 'The commentary was changed meanwhile; reload it and apply your change again');
    const changes: Record<string, unknown> = { updated_at: now, version: current.version + 1 };
    if (body.headline !== undefined) changes.headline = body.headline;
    if (body.markdown !== undefined) Object.assign(changes, { body_md: body.markdown, body_html: renderMarkdown(body.markdown) });
    if (body.publishAt !== undefined) changes.publish_at = body.publishAt ? new Date(body.publishAt) : now;
    await trx.updateTable('platform_commentary').set(changes).where('id', '=', id).execute();
    await writeAudit(trx, {
      actorUserId: adminId,
      action: 'commentary.update',
      targetType: 'platform_commentary',
      targetId: String(id),
      details: {
        before: { headline: current.headline, markdown: current.body_md, publishAt: new Date(current.publish_at).toISOString() },
        after: {
          headline: changes.headline ?? current.headline,
          markdown: changes.body_md ?? current.body_md,
          publishAt: new Date((changes.publish_at as Date | undefined) ?? current.publish_at).toISOString(),
        },
      },
    });
  });
  return one(db, id);
}

export async function deleteCommentary(db: Kysely<Database>, adminId: string, id: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('platform_commentary')
      .select(['headline', 'body_md'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new ServiceRefusal('not found', 'No such commentary');
    await trx.updateTable('platform_commentary').set({ deleted_at: now }).where('id', '=', id).execute();
    await writeAudit(trx, {
      actorUserId: adminId,
      action: 'commentary.delete',
      targetType: 'platform_commentary',
      targetId: String(id),
      details: { before: { headline: current.headline, markdown: current.body_md } },
    });
  });
}
