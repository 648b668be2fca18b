/**
 * The blog: posts in Markdown through the one pipeline (markdown.ts), written by authors — admins
 * and users an admin marks (`users.blog_author`) — and read by everyone with the `blog` feature.
 * A published post whose publish time is ahead is scheduled: readers see it from that instant on
 * the injected clock, with no job to flip it. Changing a slug keeps the old one, so old links
 * still find the post. Every write is audited in the same transaction.
 */
import { type Kysely, sql } from 'kysely';
import {
  type BlogPost,
  type BlogPostCreateBody,
  type BlogPostList,
  type BlogPostSummary,
  type BlogPostUpdateBody,
  type BlogStatus,
  blogPostCreateBodySchema,
  blogShareUrl,
} from '@common/api/blog';
import type { Database } from '../../db/schema';
import { forbidden } from '../../plugins/errors';
import { writeAudit } from '../audit';
import { ServiceRefusal } from '../refusal';
import { shareGrant } from '../shares/access';
import { htmlToText, renderMarkdown } from './markdown';
import { mediaHost } from './media/links';

export interface Caller {
  userId: string;
  isAdmin: boolean;
}

export interface BlogContext {
  now: Date;
  publicUrl: string;
}

/** True for admins and users an admin made authors. */
export async function isBlogAuthor(db: Kysely<Database>, caller: Caller): Promise<boolean> {
  if (caller.isAdmin) return true;
  const row = await db.selectFrom('users').select('blog_author').where('id', '=', caller.userId).executeTakeFirst();
  return row?.blog_author === true;
}

async function assertAuthor(db: Kysely<Database>, caller: Caller): Promise<void> {
  if (!(await isBlogAuthor(db, caller))) throw forbidden('Only blog authors may write posts; ask an administrator');
}

const baseSelect = (db: Kysely<Database>) =>
  db
    .selectFrom('blog_posts as p')
    .leftJoin('users as u', 'u.id', 'p.author_id')
    .select([
      'p.id',
      'p.slug',
      'p.title',
      'p.summary',
      'p.tags',
      'p.cover_image',
      'p.status',
      'p.publish_at',
      'p.public',
      'p.author_id',
      'p.updated_at',
      'p.created_at',
      'p.version',
      'p.body_md',
      'p.body_html',
      'u.name as author_name',
      'u.email as author_email',
    ]);
type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof baseSelect>['executeTakeFirst']>>>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function presentSummary(r: Row): BlogPostSummary {
  return {
    id: r.id,
    slug: r.slug,
    title: r.title,
    summary: r.summary,
    tags: r.tags,
    coverImage: r.cover_image,
    status: r.status,
    publishAt: iso(r.publish_at),
    public: r.public,
    // Readers see a name, never an e-mail address.
    author: r.author_id ? { id: r.author_id, name: r.author_name ?? 'Bondwise' } : null,
    updatedAt: iso(r.updated_at)!,
  };
}

function presentPost(r: Row, ctx: BlogContext, canEdit: boolean): BlogPost {
  return {
    ...presentSummary(r),
    html: r.body_html,
    markdown: r.body_md,
    version: r.version,
    createdAt: iso(r.created_at)!,
    shareUrl: blogShareUrl(ctx.publicUrl, r.id),
    canEdit,
  };
}

const isLive = (r: Pick<Row, 'status' | 'publish_at'>, now: Date) =>
  r.status === 'published' && r.publish_at !== null && new Date(r.publish_at) <= now;

const canEditRow = (r: Pick<Row, 'author_id'>, caller: Caller) => caller.isAdmin || r.author_id === caller.userId;

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

/** A slug from a title: lower-case words joined by hyphens. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'post';
}

async function slugTaken(db: Kysely<Database>, slug: string, exceptPostId?: number): Promise<boolean> {
  const live = await db.selectFrom('blog_posts').select('id').where('slug', '=', slug).executeTakeFirst();
  if (live && live.id !== exceptPostId) return true;
  const old = await db.selectFrom('blog_slug_history').select('post_id').where('slug', '=', slug).executeTakeFirst();
  return old !== undefined && old.post_id !== exceptPostId;
}

/**
 * A cover image must be a link of our media library: the app's content security policy loads
 * images from its own origin only, and a post should not depend on someone else's server.
 */
function checkCoverImage(coverImage: string | null | undefined, ctx: BlogContext): void {
  if (coverImage && !coverImage.startsWith(`${mediaHost(ctx.publicUrl)}/`)) {
    throw new ServiceRefusal('invalid', 'coverImage: choose an image from the media library (its public link)');
  }
}

/** When a post becomes visible: a published post without a time is published now. */
function publishTime(status: BlogStatus, publishAt: string | null, now: Date): Date | null {
  if (publishAt) return new Date(publishAt);
  return status === 'published' ? now : null;
}

export async function createPost(db: Kysely<Database>, caller: Caller, input: BlogPostCreateBody, ctx: BlogContext): Promise<BlogPost> {
  await assertAuthor(db, caller);
  const body = blogPostCreateBodySchema.parse(input);
  checkCoverImage(body.coverImage, ctx);
  const id = await db.transaction().execute(async (trx) => {
    let slug = body.slug ?? slugify(body.title);
    if (body.slug && (await slugTaken(trx, slug))) throw new ServiceRefusal('conflict', `slug: "${slug}" is already used by another post`);
    for (let n = 2; !body.slug && (await slugTaken(trx, slug)); n++) slug = `${slugify(body.title)}-${n}`;
    const html = renderMarkdown(body.markdown);
    const row = await trx
      .insertInto('blog_posts')
      .values({
        slug,
        title: body.title,
        summary: body.summary,
        body_md: body.markdown,
        body_html: html,
        body_text: htmlToText(html),
        tags: body.tags,
        tags_text: body.tags.join(' '),
        cover_image: body.coverImage,
        status: body.status,
        publish_at: publishTime(body.status, body.publishAt, ctx.now),
        public: body.public,
        author_id: caller.userId,
        created_at: ctx.now,
        updated_at: ctx.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorUserId: caller.userId,
      action: 'blog.post.create',
      targetType: 'blog_post',
      targetId: String(row.id),
      details: { slug, title: body.title, status: body.status },
    });
    return row.id;
  });
  return getPost(db, String(id), caller, ctx);
}

export async function updatePost(
  db: Kysely<Database>,
  caller: Caller,
  id: number,
  body: BlogPostUpdateBody,
  ctx: BlogContext,
): Promise<BlogPost> {
  checkCoverImage(body.coverImage, ctx);
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('blog_posts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) throw new ServiceRefusal('not found', 'No such blog post');
    // An editor the author shared the post with may change its words, not when or where it is published.
    const grant =
      canEditRow(current, caller) || !current.author_id
        ? undefined
        : await shareGrant(trx, 'blog_post', id, current.author_id, caller.userId);
    if (grant?.permission === 'edit') {
      const reserved = (['status', 'publishAt', 'slug', 'public'] as const).filter((k) => body[k] !== undefined);
      if (reserved.length > 0) throw forbidden(`${reserved.join(', ')}: only the author publishes; as an editor you may change the text`);
    } else {
      await assertAuthor(trx, caller);
      if (!canEditRow(current, caller)) {
        throw grant
          ? forbidden('This post is shared with you to view; only its author or an editor may change it')
          : forbidden('Only its author or an administrator may edit this post');
      }
    }
    if (body.version !== undefined && body.version !== current.version) {
      throw new ServiceRefusal('conflict', 'The post was changed meanwhile; reload it and apply your change again');
    }
    const changes: Record<string, unknown> = { updated_at: ctx.now, version: current.version + 1 };
    if (body.title !== undefined) changes.title = body.title;
    if (body.summary !== undefined) changes.summary = body.summary;
    if (body.coverImage !== undefined) changes.cover_image = body.coverImage;
    if (body.public !== undefined) changes.public = body.public;
    if (body.tags !== undefined) Object.assign(changes, { tags: body.tags, tags_text: body.tags.join(' ') });
    if (body.markdown !== undefined) {
      const html = renderMarkdown(body.markdown);
      Object.assign(changes, { body_md: body.markdown, body_html: html, body_text: htmlToText(html) });
    }
    const status = body.status ?? current.status;
    if (body.status !== undefined || body.publishAt !== undefined) {
      changes.status = status;
      const requested = body.publishAt !== undefined ? body.publishAt : current.publish_at ? iso(current.publish_at) : null;
      changes.publish_at = publishTime(status, requested, ctx.now);
    }
    if (body.slug !== undefined && body.slug !== current.slug) {
      if (await slugTaken(trx, body.slug, id)) throw new ServiceRefusal('conflict', `slug: "${body.slug}" is already used by another post`);
      await trx.deleteFrom('blog_slug_history').where('slug', '=', body.slug).execute();
      await trx
        .insertInto('blog_slug_history')
        .values({ slug: current.slug, post_id: id, replaced_at: ctx.now })
        .onConflict((oc) => oc.column('slug').doNothing())
        .execute();
      changes.slug = body.slug;
    }
    await trx.updateTable('blog_posts').set(changes).where('id', '=', id).execute();
    const { version: _v, ...fields } = body;
    await writeAudit(trx, {
      actorUserId: caller.userId,
      action: 'blog.post.update',
      targetType: 'blog_post',
      targetId: String(id),
      details: {
        changed: Object.keys(fields),
        ...(grant ? { sharedEdit: true, author: current.author_id } : {}),
        before: { slug: current.slug, title: current.title, status: current.status },
        after: { slug: changes.slug ?? current.slug, title: changes.title ?? current.title, status },
      },
    });
  });
  return getPost(db, String(id), caller, ctx);
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The Atom feed of public, published, due posts (newest first). */
export async function atomFeed(db: Kysely<Database>, ctx: BlogContext, limit: number): Promise<string> {
  const rows = await baseSelect(db)
    .where('p.status', '=', 'published')
    .where('p.publish_at', '<=', ctx.now)
    .where('p.public', '=', true)
    .orderBy('p.publish_at', 'desc')
    .limit(limit)
    .execute();
  const base = ctx.publicUrl.replace(/\/+$/, '');
  const updated = rows[0] ? iso(rows[0].updated_at)! : new Date(0).toISOString();
  const entries = rows.map(
    (r) => `  <entry>
    <id>${xml(blogShareUrl(base, r.id))}</id>
    <title>${xml(r.title)}</title>
    <link rel="alternate" type="text/html" href="${xml(blogShareUrl(base, r.id))}"/>
    <published>${iso(r.publish_at)}</published>
    <updated>${iso(r.updated_at)}</updated>
    <author><name>${xml(r.author_name ?? 'Bondwise')}</name></author>
${r.tags.map((t) => `    <category term="${xml(t)}"/>`).join('\n')}
    <summary>${xml(r.summary)}</summary>
    <content type="html">${xml(r.body_html)}</content>
  </entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>${xml(`${base}/app/#/bw/blog`)}</id>
  <title>Bondwise blog</title>
  <link rel="alternate" type="text/html" href="${xml(`${base}/app/#/bw/blog`)}"/>
  <link rel="self" type="application/atom+xml" href="${xml(`${base}/v2/blog/feed.atom`)}"/>
  <updated>${updated}</updated>
${entries.join('\n')}
</feed>
`;
}

/** Users who may write: admins and marked authors (for the admin's author list). */
export async function listAuthors(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'is_admin', 'blog_author'])
    .where((eb) => eb.or([eb('is_admin', '=', true), eb('blog_author', '=', true)]))
    .orderBy('email')
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.name, admin: r.is_admin, author: r.blog_author }));
}

export async function setAuthor(db: Kysely<Database>, adminId: string, userId: string, author: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'blog_author']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw new ServiceRefusal('not found', 'No such user');
    if (user.blog_author === author) return;
    await trx.updateTable('users').set({ blog_author: author }).where('id', '=', userId).execute();
    await writeAudit(trx, {
      actorUserId: adminId,
      action: author ? 'blog.author.grant' : 'blog.author.revoke',
      targetType: 'user',
      targetId: userId,
      details: { before: { author: user.blog_author }, after: { author } },
    });
  });
}
