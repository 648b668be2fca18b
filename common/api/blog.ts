/**
 * API contract of the blog (feature `blog`).
 *
 * - GET   /v2/blog/posts?tag=&q=&page=&pageSize=  → BlogPostList: published posts that are due, newest first
 * - GET   /v2/blog/manage                         → BlogPostList of every post the caller may edit (drafts,
 *   scheduled, archived too); authors only
 * - GET   /v2/blog/posts/{ref}                    → BlogPost by slug, former slug (answered with the current
 *   slug, so the page redirects) or id; a draft, scheduled or archived post only to its author and admins
 * - POST  /v2/blog/posts                          → 201 BlogPost (authors: admins and users an admin marks)
 * - PATCH /v2/blog/posts/{id}                     → BlogPost (its author or an admin; `version` guards lost updates)
 * - GET   /v2/blog/feed.atom                      → Atom feed of public published posts (no sign-in)
 * - GET   /admin/blog/authors, PUT /admin/blog/authors/{id} { author } → who may write
 *
 * Bodies are Markdown; the server renders them (raw HTML shown as text) and sanitises the HTML.
 * A post's share link is the app's hash route `/bw/blog/post/{id}` (spec §2).
 */
import { z } from 'zod';
import { positiveId } from './shared';

// In a module of its own so the app's route table can name a post's path without the schemas below.
export { BLOG_PATHS } from './blogPaths';

export const BLOG_STATUSES = ['draft', 'published', 'archived'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export const BLOG_TITLE_MAX = 160;
export const BLOG_SUMMARY_MAX = 500;
export const BLOG_BODY_MAX = 100_000;
export const BLOG_TAGS_MAX = 10;
export const BLOG_SLUG_MAX = 100;
export const BLOG_PAGE_SIZE_MAX = 50;
export const BLOG_FEED_ENTRIES = 50;

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const blogSlugSchema = z
  .string()
  .max(BLOG_SLUG_MAX)
  .regex(SLUG_PATTERN, 'must be lower-case letters, digits and single hyphens (e.g. weekly-credit-notes)');
export const blogTagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9 -]{0,29}$/, 'each tag may use only letters, digits, spaces and hyphens, up to 30 characters');
/** A cover image: an http(s) address (the media library's links when it exists). */
export const coverImageSchema = z
  .string()
  .max(1000)
  .url('must be a full http(s) address')
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) address');

const postFields = {
  title: z.string().trim().min(1).max(BLOG_TITLE_MAX),
  slug: blogSlugSchema,
  summary: z.string().trim().max(BLOG_SUMMARY_MAX),
  markdown: z.string().max(BLOG_BODY_MAX),
  tags: z
    .array(blogTagSchema)
    .max(BLOG_TAGS_MAX)
    .transform((t) => [...new Set(t)]),
  coverImage: coverImageSchema.nullable(),
  status: z.enum(BLOG_STATUSES),
  /** ISO instant; a published post with a future time is scheduled. Null with `published`: now. */
  publishAt: z.iso.datetime({ offset: true }).nullable(),
  /** Listed in the public Atom feed. */
  public: z.boolean(),
};

export const blogPostCreateBodySchema = z.object({
  ...postFields,
  slug: postFields.slug.optional(),
  summary: postFields.summary.default(''),
  tags: postFields.tags.default([]),
  coverImage: postFields.coverImage.default(null),
  status: postFields.status.default('draft'),
  publishAt: postFields.publishAt.default(null),
  public: postFields.public.default(false),
});
export type BlogPostCreateBody = z.input<typeof blogPostCreateBodySchema>;

export const blogPostUpdateBodySchema = z
  .object(postFields)
  .partial()
  .extend({ version: z.number().int().positive().optional() })
  .refine((b) => Object.keys(b).some((k) => k !== 'version'), 'Nothing to change');
export type BlogPostUpdateBody = z.input<typeof blogPostUpdateBodySchema>;

export const blogPostRefParamsSchema = z.object({
  ref: z
    .string()
    .max(BLOG_SLUG_MAX)
    .regex(/^[a-z0-9-]+$/, 'ref: a post slug or id'),
});
export const blogPostIdParamsSchema = z.object({ id: positiveId });

export const blogListQuerySchema = z.object({
  tag: blogTagSchema.optional(),
  q: z.string().trim().min(1).max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(BLOG_PAGE_SIZE_MAX).default(10),
});

export const blogAuthorSchema = z.object({ id: z.string(), name: z.string() });

export const blogPostSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
  coverImage: z.string().nullable(),
  status: z.enum(BLOG_STATUSES),
  publishAt: z.string().nullable(),
  public: z.boolean(),
  author: blogAuthorSchema.nullable(),
  updatedAt: z.string(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostSchema = blogPostSummarySchema.extend({
  html: z.string(),
  markdown: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  /** The link to share: the app's hash route /bw/blog/post/{id}. */
  shareUrl: z.string(),
  canEdit: z.boolean(),
});
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogPostListSchema = z.object({
  posts: z.array(blogPostSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Tags of the listed kind of posts with how many carry each, most used first. */
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type BlogPostList = z.infer<typeof blogPostListSchema>;

export const blogAuthorsResponseSchema = z.object({
  authors: z.array(z.object({ id: z.string(), email: z.string(), name: z.string().nullable(), admin: z.boolean(), author: z.boolean() })),
});
export const blogAuthorParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const blogAuthorBodySchema = z.object({ author: z.boolean() });

/** The share link of a post: the app's hash route (spec §2). */
export function blogShareUrl(publicUrl: string, id: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/app/#/bw/blog/post/${id}`;
}
