/**
 * Reading the blog: posts in Markdown through the one pipeline (markdown.ts), read by everyone
 * with the `blog` feature. A published post whose publish time is ahead is scheduled: readers see
 * it from that instant on the injected clock, with no job to flip it. A post is found by its
 * former slugs too, so old links still find it.
 */
import { type Kysely, sql } from 'kysely';
import type { BlogPost, BlogPostList } from '@common/api/blog';
import type { Database } from '../../../db/schema';
import { ServiceRefusal } from '../../refusal';
import { shareGrant } from '../../shares/access';
import { assertAuthor, type Caller, isBlogAuthor } from './authors';
import { type BlogContext, baseSelect, canEditRow, isLive, presentPost, presentSummary, type Row } from './rows';

/** Published, due posts (newest first) or, for `manage`, every post the caller may edit. */
export async function listPosts(
  db: Kysely<Database>,
  query: { tag?: string; q?: string; page: number; pageSize: number },
  ctx: BlogContext,
  manage?: Caller,
): Promise<BlogPostList> {
  if (manage) await assertAuthor(db, manage);
  let q = baseSelect(db);
  if (manage) {
    if (!manage.isAdmin) q = q.where('p.author_id', '=', manage.userId);
  } else {
    q = q.where('p.status', '=', 'published').where('p.publish_at', '<=', ctx.now);
  }
  const tagsBase = q;
  if (query.tag) q = q.where(sql<boolean>`${query.tag} = any(p.tags)`);
  if (query.q) q = q.where(sql<boolean>`p.search @@ websearch_to_tsquery('english', ${query.q})`);
  const [rows, count, tags] = await Promise.all([
    q
      .orderBy(sql`coalesce(p.publish_at, p.updated_at)`, 'desc')
      .orderBy('p.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom(tagsBase.as('t'))
      .select([sql<string>`unnest(t.tags)`.as('tag')])
      .execute()
      .then((list) => {
        const counts = new Map<string, number>();
        for (const { tag } of list) counts.set(tag, (counts.get(tag) ?? 0) + 1);
        return [...counts].map(([tag, n]) => ({ tag, count: n })).sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
      }),
  ]);
  return { posts: rows.map(presentSummary), total: Number(count.n), page: query.page, pageSize: query.pageSize, tags };
}

/** A post by id, slug or former slug; one not live only for its author and admins (404 to others). */
export async function getPost(db: Kysely<Database>, ref: string, caller: Caller, ctx: BlogContext): Promise<BlogPost> {
  let row: Row | undefined;
  if (/^\d{1,9}$/.test(ref)) row = await baseSelect(db).where('p.id', '=', Number(ref)).executeTakeFirst();
  row ??= await baseSelect(db).where('p.slug', '=', ref).executeTakeFirst();
  if (!row) {
    const old = await db.selectFrom('blog_slug_history').select('post_id').where('slug', '=', ref).executeTakeFirst();
    if (old) row = await baseSelect(db).where('p.id', '=', old.post_id).executeTakeFirst();
  }
  if (!row) throw new ServiceRefusal('not found', 'No such blog post');
  const authorCanEdit = canEditRow(row, caller) && (await isBlogAuthor(db, caller));
  // A colleague the author shared the post with (a draft to review, or to co-write) reads it too.
  const grant = authorCanEdit || !row.author_id ? undefined : await shareGrant(db, 'blog_post', row.id, row.author_id, caller.userId);
  const canEdit = authorCanEdit || grant?.permission === 'edit';
  if (!isLive(row, ctx.now) && !authorCanEdit && !grant) throw new ServiceRefusal('not found', 'No such blog post');
  return presentPost(row, ctx, canEdit);
}
