/**
 * Writing the blog: authors create and edit posts (an editor a post is shared with changes its
 * text only). Changing a slug keeps the old one, so old links still find the post. Every write
 * is audited in the same transaction.
 */
import type { Kysely } from 'kysely';
import {
  type BlogPost,
  type BlogPostCreateBody,
  type BlogPostUpdateBody,
  type BlogStatus,
  blogPostCreateBodySchema,
} from '@common/api/blog';
import { bodyRefusal } from '@common/api/shared';
import type { Database } from '../../../db/schema';
import { writeAudit } from '../../audit';
import { ServiceRefusal } from '../../refusal';
import { shareGrant } from '../../shares/access';
import { htmlToText, renderMarkdown } from '../markdown';
import { mediaHost } from '../media/links';
import { assertAuthor, type Caller } from './authors';
import { getPost } from './read';
import { type BlogContext, canEditRow, iso } from './rows';

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
    throw new ServiceRefusal('invalid', bodyRefusal('coverImage', 'choose an image from the media library (its public link)'));
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
    if (body.slug && (await slugTaken(trx, slug)))
      throw new ServiceRefusal('conflict', bodyRefusal('slug', `is already used by another post (${slug})`));
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
      if (reserved.length > 0)
        throw new ServiceRefusal('forbidden', `${reserved.join(', ')}: only the author publishes; as an editor you may change the text`);
    } else {
      await assertAuthor(trx, caller);
      if (!canEditRow(current, caller)) {
        throw grant
          ? new ServiceRefusal('forbidden', 'This post is shared with you to view; only its author or an editor may change it')
          : new ServiceRefusal('forbidden', 'Only its author or an administrator may edit this post');
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
      if (await slugTaken(trx, body.slug, id))
        throw new ServiceRefusal('conflict', bodyRefusal('slug', `is already used by another post (${body.slug})`));
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
