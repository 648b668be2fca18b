/**
 * First-party product usage tracking (integrations issue): the browser library (web/usage/) sends
 * batches of events to the product's own proxy path under the API host; the server validates each
 * event, stores the valid ones in an append-only table and, when configured, forwards them to
 * Mixpanel or PostHog in the background. Spec §9 fixes the batching (common/constants USAGE_TRACKING).
 */
import { z } from 'zod';
import { USAGE_TRACKING } from '../constants';

export const USAGE_EVENT_PATHS = {
  /** POST: one batch of at most USAGE_TRACKING.batchSize events. */
  batch: '/v2/analytics/batch',
} as const;

/** Longest event name; names are `area.action` words such as `bond_table.sort`. */
export const USAGE_EVENT_NAME_MAX = 80;
/** Properties one event may carry. */
export const USAGE_EVENT_MAX_PROPERTIES = 40;
/** A batch's body may not be larger than this (the server answers 413, the library halves the batch). */
export const USAGE_EVENT_MAX_BODY_BYTES = 256 * 1024;
/** Device ids are the library's random ids (cookie `bw_device`), at most this long. */
export const USAGE_DEVICE_ID_MAX = 64;
/** Events older than this when they arrive are refused (a client clock far off, or a replay). */
export const USAGE_EVENT_MAX_AGE_MS = 7 * 24 * 3600_000;
/** Events dated this far in the future are refused. */
export const USAGE_EVENT_MAX_CLOCK_SKEW_MS = 10 * 60_000;

const propertyValue = z.union([z.string().max(USAGE_TRACKING.maxStringLength), z.number().finite(), z.boolean(), z.null()]);

/** One event as the library sends it; the server adds the user, role and organisation. */
export const usageEventSchema = z
  .object({
    name: z
      .string()
      .min(1)
      .max(USAGE_EVENT_NAME_MAX)
      .regex(/^[a-z][a-z0-9_.:-]*$/, 'lower-case words joined by . _ : or -'),
    /** When it happened, epoch milliseconds on the browser's clock. */
    time: z.number().int().positive(),
    deviceId: z.string().min(8).max(USAGE_DEVICE_ID_MAX),
    /** The app route it happened on (`/bw/bond`), without query or host. */
    path: z.string().max(USAGE_TRACKING.maxStringLength).optional(),
    /** Present when the library knows who is signed in; it must be the caller. */
    userId: z.string().max(USAGE_TRACKING.maxStringLength).optional(),
    properties: z
      .record(z.string().max(USAGE_EVENT_NAME_MAX), propertyValue)
      .refine((p) => Object.keys(p).length <= USAGE_EVENT_MAX_PROPERTIES, `at most ${USAGE_EVENT_MAX_PROPERTIES} properties`)
      .optional(),
  })
  .strict();
export type UsageEvent = z.infer<typeof usageEventSchema>;

/**
 * The batch's envelope. Each event is validated on its own on the server, so one malformed event
 * does not lose the valid events beside it. More than USAGE_TRACKING.batchSize events is a 413 (the
 * library halves its batch on 413), not a validation error.
 */
export const usageBatchSchema = z.object({ events: z.array(z.unknown()).min(1) }).strict();

export const usageBatchResponseSchema = z.object({
  accepted: z.number().int(),
  /** Events refused, by their index in the batch, with the reason. */
  rejected: z.array(z.object({ index: z.number().int(), error: z.string() })),
});
export type UsageBatchResponse = z.infer<typeof usageBatchResponseSchema>;

// ---- usage dashboards (admin) ------------------------------------------------------------------

export const ADMIN_USAGE_PATHS = {
  /** GET: the usage dashboards over a range of arrival days. */
  usage: '/admin/usage',
} as const;

/** Longest range the dashboards take at once. */
export const USAGE_MAX_DAYS = 366;
/** Rows of the page and feature tables. */
export const USAGE_TOP = 30;
/** Weeks after the cohort's first week that the retention table follows. */
export const RETENTION_WEEKS = 8;

const count = z.number().int();
export const usageResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  events: count,
  daily: z.array(z.object({ day: z.string(), activeUsers: count, events: count })),
  weekly: z.array(z.object({ week: z.string(), activeUsers: count })),
  byOrganization: z.array(
    z.object({ organizationId: z.string().nullable(), name: z.string().nullable(), activeUsers: count, events: count }),
  ),
  byRole: z.array(z.object({ roleType: z.string().nullable(), roleFunction: z.string().nullable(), activeUsers: count, events: count })),
  pages: z.array(z.object({ route: z.string(), views: count, users: count })),
  features: z.array(z.object({ name: z.string(), events: count, users: count })),
  /** Sign-up → first login → first alert, for the people who signed up in the range. */
  funnel: z.object({ signedUp: count, loggedIn: count, createdAlert: count }),
  /** Weekly cohorts by first active week: the share of the cohort active k weeks later (k = 0…). */
  retention: z.array(z.object({ cohort: z.string(), users: count, active: z.array(z.number()) })),
});
export type UsageResponse = z.infer<typeof usageResponseSchema>;
