/**
 * A blog post as read from the database (with its author's name) and as the API presents it;
 * shared by reading, writing and the feed.
 */
import type { Kysely } from 'kysely';
import { type BlogPost, type BlogPostSummary, blogShareUrl } from '@common/api/blog';
import type { Database } from '../../../db/schema';
import type { Caller } from './authors';
import { canEditBlogPost } from '../../../policies/blogPosts';

export interface BlogContext {
  now: Date;
  publicUrl: string;
}

export const baseSelect = (db: Kysely<Database>) =>
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
export type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof baseSelect>['executeTakeFirst']>>>;

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function presentSummary(r: Row): BlogPostSummary {
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

export function presentPost(r: Row, ctx: BlogContext, canEdit: boolean): BlogPost {
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

export const isLive = (r: Pick<Row, 'status' | 'publish_at'>, now: Date) =>
  r.status === 'published' && r.publish_at !== null && new Date(r.publish_at) <= now;

/** The rule: server/policies/blogPosts.ts. */
export const canEditRow = (r: Pick<Row, 'author_id'>, caller: Caller) => canEditBlogPost(caller, { authorId: r.author_id });
