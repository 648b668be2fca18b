/**
 * API contract of primary deal messaging (spec §3 Deal message, §4 Messages, §7 the six
 * `/primary/message…` calls). The spec leaves the prefix under /v2/primary open: the calls live
 * at /v2/primary/message… (docs/notifications.md). Who may send: syndicate or DCM people at a
 * sell-side organisation, and admins; everyone else reads what is addressed to them.
 */
import { z } from 'zod';
import { ORGANIZATION_TYPES, type JobFunction, type OrganizationType } from '../enums';
import { positiveId } from './shared';
import { path } from './path';

export const MESSAGE_PATHS = {
  /** POST { did? }: the messages the caller may see, newest first. */
  query: '/v2/primary/message/query',
  /** POST: a new message on a deal, with its recipients. */
  create: '/v2/primary/message',
  /** POST { ids }: mark messages addressed to the caller read. */
  markRead: '/v2/primary/message/mark-read',
  /** POST { dealId, recipients }: how many people a recipient choice reaches. */
  checkRecipients: '/v2/primary/message/check-recipients',
  /** PUT { message } / DELETE: the author (or an admin) edits or deletes a message. */
  message: path('/v2/primary/message/:messageId'),
  /** GET: the deals the caller follows. */
  follows: '/v2/primary/message/follow',
  /** PUT / DELETE: follow or unfollow a deal (followers can be addressed as one). */
  follow: path('/v2/primary/message/follow/:dealId'),
} as const;

/** Limits of messaging (§5 leaves them open). */
export const MESSAGE_LIMITS = {
  /** Characters of one message. */
  maxLength: 2000,
  /** Named organisations in one recipient choice. */
  maxOrganizations: 50,
  /** Ids in one mark-read. */
  maxMarkRead: 200,
  /** Deal ids in one query. */
  maxQueryDeals: 100,
  /** Messages in one query answer (newest first). */
  maxQueryMessages: 500,
} as const;

/** Who may send: these job functions at an organisation of this type (and admins). */
export const MESSAGE_SENDER_JOB_FUNCTIONS: readonly JobFunction[] = ['syndicate', 'dcm'];
export const MESSAGE_SENDER_ORGANIZATION_TYPE: OrganizationType = 'sellside';

const messageIdSchema = z.string().regex(/^\d{1,18}$/, 'must be a message id (digits)');
export const messageIdParamsSchema = z.object({ messageId: messageIdSchema });
export const followParamsSchema = z.object({ dealId: positiveId });

export const messageTextSchema = z
  .string()
  .trim()
  .min(1, 'Write a message')
  .max(MESSAGE_LIMITS.maxLength, `A message has at most ${MESSAGE_LIMITS.maxLength} characters`);

/** Everyone following the deal, everyone at organisations of these types, everyone at these organisations (tokens). */
export const recipientsSchema = z
  .object({
    followers: z.boolean().default(false),
    organizationTypes: z.array(z.enum(ORGANIZATION_TYPES)).max(ORGANIZATION_TYPES.length).default([]),
    organizations: z.array(z.string().trim().min(1).max(100)).max(MESSAGE_LIMITS.maxOrganizations).default([]),
  })
  .refine((r) => r.followers || r.organizationTypes.length > 0 || r.organizations.length > 0, {
    message: 'Choose who receives the message: followers, organisation types or organisations',
  });
export type Recipients = z.output<typeof recipientsSchema>;
export type RecipientsInput = z.input<typeof recipientsSchema>;

export const messageQueryBodySchema = z
  .object({ did: z.array(positiveId).max(MESSAGE_LIMITS.maxQueryDeals).optional() })
  .nullish()
  .transform((b) => b ?? {});

export const messageCreateBodySchema = z.object({ dealId: positiveId, message: messageTextSchema, recipients: recipientsSchema });
export type MessageCreateBody = z.input<typeof messageCreateBodySchema>;

export const messageUpdateBodySchema = z.object({ message: messageTextSchema });

export const markReadBodySchema = z.object({ ids: z.array(messageIdSchema).min(1).max(MESSAGE_LIMITS.maxMarkRead) });

export const checkRecipientsBodySchema = z.object({ dealId: positiveId, recipients: recipientsSchema });

/** A deal message (spec §3): readDate null means unread. */
export const dealMessageSchema = z.object({
  id: z.string(),
  dealId: z.number().int(),
  message: z.string(),
  /** ISO 8601. */
  created: z.string(),
  edited: z.string().nullable(),
  readDate: z.string().nullable(),
  author: z.object({ id: z.string(), name: z.string().nullable() }),
  /** The caller wrote it (may edit and delete it). */
  mine: z.boolean(),
  recipientCount: z.number().int(),
});
export type DealMessage = z.infer<typeof dealMessageSchema>;

export const messageListResponseSchema = z.object({
  messages: z.array(dealMessageSchema),
  /** The caller may send messages (the server decides; the page shows the form accordingly). */
  canSend: z.boolean(),
});
export const markReadResponseSchema = z.object({ marked: z.number().int() });
export const recipientCountResponseSchema = z.object({ count: z.number().int() });
export const followResponseSchema = z.object({ dealId: z.number().int(), following: z.boolean() });
export const followListResponseSchema = z.object({ dealIds: z.array(z.number().int()) });
