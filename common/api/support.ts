/**
 * "Contact support" without a vendor widget (integrations issue, item 4): a signed-in person
 * writes to support from any page; the request is stored for the admins' list and e-mailed
 * through the outbox to the support address with the person's support token and the page.
 */
import { z } from 'zod';
import { path } from './path';

export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MAX = 5_000;
/** Requests one person may send a day (counted in the database). */
export const SUPPORT_REQUESTS_PER_DAY = 10;

export const SUPPORT_PATHS = {
  request: '/v2/support/request',
  adminRequests: '/admin/support-requests',
  adminClose: path('/admin/support-requests/:id/close'),
} as const;

export const supportRequestBodySchema = z
  .object({
    subject: z.string().trim().min(1).max(SUPPORT_SUBJECT_MAX),
    message: z.string().trim().min(1).max(SUPPORT_MESSAGE_MAX),
    /** The app route the person was on. */
    page: z.string().max(500).optional(),
  })
  .strict();
export type SupportRequestBody = z.infer<typeof supportRequestBodySchema>;

export const supportRequestSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  email: z.string(),
  supportToken: z.string(),
  subject: z.string(),
  message: z.string(),
  page: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type SupportRequest = z.infer<typeof supportRequestSchema>;
export const supportRequestListSchema = z.object({ requests: z.array(supportRequestSchema) });
export type SupportRequestList = z.infer<typeof supportRequestListSchema>;
export const supportRequestListQuerySchema = z.object({ status: z.enum(['open', 'closed']).optional() }).strict();

/**
 * The vendor support widget (feature `intercom`, spec §6/§7): Intercom's messenger, configured by
 * region. Each region has its own messenger API host (Intercom's regional data hosting: the US
 * default, Europe, Australia); the widget script itself is served from one host for all of them.
 */
export const SUPPORT_WIDGET_REGIONS = ['us', 'eu', 'ap'] as const;
export type SupportWidgetRegion = (typeof SUPPORT_WIDGET_REGIONS)[number];
export const INTERCOM_API_BASES: Record<SupportWidgetRegion, string> = {
  us: 'https://api-iam.intercom.io',
  eu: 'https://api-iam.eu.intercom.io',
  ap: 'https://api-iam.au.intercom.io',
};
/** The messenger script, followed by the app id. */
export const INTERCOM_WIDGET_URL = 'https://widget.intercom.io/widget/';
/** An Intercom workspace (app) id: short, letters and digits. */
export const intercomAppIdSchema = z.string().regex(/^[a-z0-9]{4,32}$/i, 'must be the Intercom app id (4–32 letters and digits)');

/**
 * In user info: the widget this person gets, decided by the server (configured on the server and
 * the `intercom` feature usable for them); null means the built-in "Contact support" form.
 */
export const supportWidgetSchema = z.object({
  vendor: z.literal('intercom'),
  appId: intercomAppIdSchema,
  region: z.enum(SUPPORT_WIDGET_REGIONS),
  /** Intercom identity verification: HMAC-SHA256 of the support token; null without a secret. */
  userHash: z.string().nullable(),
});
export type SupportWidget = z.infer<typeof supportWidgetSchema>;
