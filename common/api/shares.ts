/**
 * API contract of sharing and collaboration (feature `sharing_collaboration`, spec §2
 * `/bw/share/accept/{uuid}` and `/bw/share/manage`). An owner shares one of their custom bond
 * tables, pricing sheets, alert subscriptions or blog posts with colleagues — people of the same
 * organisation, named by e-mail — for viewing or editing. Each recipient gets an invitation
 * (notification + e-mail) with the accept link; accepting puts the item in their lists.
 *
 * - POST /v2/share                    → 201 { shares } (one per recipient)
 * - GET  /v2/share                    → { sharedByMe, sharedWithMe }
 * - GET  /v2/share/colleagues         → { colleagues } (whom the caller may share with)
 * - GET  /v2/share/{uuid}             → Share (the invitation, for its recipient or owner)
 * - POST /v2/share/{uuid}/accept      → Share (recipient only; 403 for anyone else, 410 expired)
 * - PATCH /v2/share/{uuid}            → Share (owner: change the permission)
 * - POST /v2/share/{uuid}/revoke      → Share (owner: ends it at once)
 * - POST /v2/share/{uuid}/leave       → Share (recipient: takes it out of their lists)
 *
 * The item's own routes (/v2/bond-tables/{id}, /v2/primary/pricing-sheet/{id},
 * /v2/hawk/subscriptions/{id}, /v2/blog/post/{id}) accept a live share on every request: read for
 * `view`, write for `edit`; deleting and sharing stay with the owner.
 */
import { z } from 'zod';
import { emailSchema } from '../validation/account';
import { path } from './path';

export const SHARE_KINDS = ['bond_table', 'pricing_sheet', 'hawk_subscription', 'blog_post'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];
export const SHARE_PERMISSIONS = ['view', 'edit'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];
export const SHARE_STATUSES = ['pending', 'accepted', 'revoked', 'left'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/** Recipients of one share request. */
export const SHARE_RECIPIENTS_MAX = 20;
/** An invitation not accepted within this many days can no longer be accepted. */
export const SHARE_INVITATION_DAYS = 14;
export const SHARE_MESSAGE_MAX = 500;

export const SHARE_KIND_LABELS: Record<ShareKind, string> = {
  bond_table: 'custom bond table',
  pricing_sheet: 'pricing sheet',
  hawk_subscription: 'alert subscription',
  blog_post: 'blog post',
};

export const SHARE_PATHS = {
  shares: '/v2/share',
  colleagues: '/v2/share/colleagues',
  one: path('/v2/share/:uuid'),
  accept: path('/v2/share/:uuid/accept'),
  revoke: path('/v2/share/:uuid/revoke'),
  leave: path('/v2/share/:uuid/leave'),
} as const;

/** The web app's page of an item kind (hash route). */
export function shareItemPath(kind: ShareKind, itemId: string): string {
  switch (kind) {
    case 'bond_table':
      return `/bw/bond/config/${itemId}`;
    case 'pricing_sheet':
      return `/bw/primary/pricing-sheet/${itemId}`;
    case 'hawk_subscription':
      return `/bw/alerts/subscriptions?subscription=${itemId}`;
    case 'blog_post':
      return `/bw/blog/post/${itemId}`;
  }
}

/** The accept page of an invitation (spec §2). */
export const shareAcceptPath = (uuid: string) => `/bw/share/accept/${uuid}`;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const shareCreateBodySchema = z
  .object({
    kind: z.enum(SHARE_KINDS),
    /** A bond table's uuid; the numeric id of a pricing sheet, subscription or blog post. */
    itemId: z.string().trim().min(1).max(36),
    recipients: z.array(emailSchema).min(1, 'recipients: name at least one colleague').max(SHARE_RECIPIENTS_MAX),
    permission: z.enum(SHARE_PERMISSIONS),
    message: z.string().trim().max(SHARE_MESSAGE_MAX).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const ok = body.kind === 'bond_table' ? uuidPattern.test(body.itemId) : /^[1-9]\d{0,14}$/.test(body.itemId);
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['itemId'],
        message: body.kind === 'bond_table' ? 'a bond table is named by its uuid' : 'must be a positive whole number',
      });
    }
  });
export type ShareCreateBody = z.input<typeof shareCreateBodySchema>;

export const shareUpdateBodySchema = z.object({ permission: z.enum(SHARE_PERMISSIONS) }).strict();
export const shareUuidParamsSchema = z.object({ uuid: z.string().uuid('uuid: not a share link') });

const personSchema = z.object({ email: z.string(), name: z.string().nullable() });

export const shareSchema = z.object({
  id: z.string(),
  kind: z.enum(SHARE_KINDS),
  itemId: z.string(),
  /** The item's name now; null when the item has been deleted. */
  itemName: z.string().nullable(),
  /** The web app route that opens the item. */
  itemPath: z.string(),
  /** The web app route of the invitation. */
  acceptPath: z.string(),
  owner: personSchema,
  recipient: personSchema,
  permission: z.enum(SHARE_PERMISSIONS),
  status: z.enum(SHARE_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type Share = z.infer<typeof shareSchema>;

export const shareCreateResponseSchema = z.object({ shares: z.array(shareSchema) });
export const shareListSchema = z.object({ sharedByMe: z.array(shareSchema), sharedWithMe: z.array(shareSchema) });
export type ShareList = z.infer<typeof shareListSchema>;
export const colleaguesSchema = z.object({ colleagues: z.array(personSchema) });
export type Colleagues = z.infer<typeof colleaguesSchema>;

/** What a shared item's own API adds for a caller who is not its owner. */
export const sharedWithCallerSchema = z.object({ owner: personSchema, permission: z.enum(SHARE_PERMISSIONS), shareId: z.string() });
export type SharedWithCaller = z.infer<typeof sharedWithCallerSchema>;
