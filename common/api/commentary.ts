/**
 * API contract of platform commentary: short dated market notes written by administrators
 * (headline + Markdown body through the one sanitising pipeline), shown on the market summary.
 *
 * - GET    /v2/commentary?page=&pageSize=   → CommentaryList: published notes (publish time reached), newest first
 * - GET    /admin/commentary?page=&pageSize= → CommentaryList with scheduled notes too
 * - POST   /admin/commentary                → 201 Commentary (publishAt null: now)
 * - PATCH  /admin/commentary/{id}           → Commentary (`version` guards lost updates; 409 when stale)
 * - DELETE /admin/commentary/{id}           → 204
 * Every change is audited with what it was before and after.
 */
import { z } from 'zod';
import { positiveId } from './shared';
import { path } from './path';

export const COMMENTARY_PATHS = {
  list: '/v2/commentary',
  admin: '/admin/commentary',
  adminOne: path('/admin/commentary/:id'),
} as const;

export const COMMENTARY_HEADLINE_MAX = 160;
export const COMMENTARY_BODY_MAX = 5_000;
export const COMMENTARY_PAGE_SIZE_MAX = 50;

export const commentaryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(COMMENTARY_PAGE_SIZE_MAX).default(10),
});

const fields = {
  // Predicates, not sentences: a refusal reads "Headline is required." from the server and the form alike.
  headline: z.string().trim().min(1, 'is required').max(COMMENTARY_HEADLINE_MAX),
  markdown: z.string().trim().min(1, 'is required').max(COMMENTARY_BODY_MAX, `must be at most ${COMMENTARY_BODY_MAX} characters`),
  /** ISO instant; in the future: scheduled. */
  publishAt: z.iso.datetime({ offset: true }).nullable(),
};
export const commentaryCreateBodySchema = z.object({ ...fields, publishAt: fields.publishAt.default(null) });
export type CommentaryCreateBody = z.input<typeof commentaryCreateBodySchema>;
export const commentaryUpdateBodySchema = z.object(fields).partial().extend({ version: z.number().int().positive() });
export type CommentaryUpdateBody = z.input<typeof commentaryUpdateBodySchema>;
export const commentaryIdParamsSchema = z.object({ id: positiveId });

export const commentarySchema = z.object({
  id: z.number().int(),
  headline: z.string(),
  html: z.string(),
  markdown: z.string(),
  publishAt: z.string(),
  author: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Commentary = z.infer<typeof commentarySchema>;
export const commentaryListSchema = z.object({
  items: z.array(commentarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CommentaryList = z.infer<typeof commentaryListSchema>;
