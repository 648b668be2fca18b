/**
 * /admin/recent: bonds, issuers and deals recently created or changed, newest first, with who and
 * how — the latest audit entry about each (its actor and action) and the row's own source
 * (simulator, import, admin, edgar…) — paged on the server.
 */
import { z } from 'zod';
import { queryBoolean } from './shared';

export const ADMIN_RECENT_PATH = '/admin/recent';

export const RECENT_KINDS = ['bond', 'issuer', 'deal'] as const;
export type RecentKind = (typeof RECENT_KINDS)[number];
export const RECENT_CHANGES = ['created', 'updated'] as const;

export const recentQuerySchema = z
  .object({
    kind: z.enum(RECENT_KINDS).optional(),
    /** created: made in the window; updated: changed after they were made. */
    change: z.enum(RECENT_CHANGES).optional(),
    /** Only what an admin changed (has an audit entry by a person). */
    byPerson: queryBoolean.optional(),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type RecentQuery = z.input<typeof recentQuerySchema>;

export const recentItemSchema = z.object({
  kind: z.enum(RECENT_KINDS),
  id: z.number().int(),
  label: z.string(),
  change: z.enum(RECENT_CHANGES),
  createdAt: z.string(),
  changedAt: z.string(),
  /** Where the row came from (bonds, deals); null for issuers, which do not say. */
  source: z.string().nullable(),
  /** The latest audit entry about it: who and what. */
  lastAction: z.object({ action: z.string(), at: z.string(), actor: z.string().nullable(), actorEmail: z.string().nullable() }).nullable(),
});
export type RecentItem = z.infer<typeof recentItemSchema>;

export const recentResponseSchema = z.object({
  items: z.array(recentItemSchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type RecentResponse = z.infer<typeof recentResponseSchema>;
