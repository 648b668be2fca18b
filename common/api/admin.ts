/**
 * API contract of account administration (server/routes/admin/accounts, /admin/*, admins only):
 * feature levels (global, per organisation, per user), organisations and their e-mail domains,
 * users' trials, and invites sent by admins (same bodies as a user's invites, user.ts). Errors
 * answer `{ "error": "text" }` (shared.ts).
 */
import { z } from 'zod';
import { ORGANIZATION_TYPES } from '../enums';
import { FEATURE_NAMES } from '../features';
import { path } from './path';

// ---- paths -----------------------------------------------------------------------------------

/** Every admin path. Functions build paths with names and ids. */
export const ADMIN_PATHS = {
  adminFeatures: '/admin/features',
  adminFeatureGlobal: path('/admin/features/:name'),
  adminFeatureOrganization: path('/admin/features/:name/organizations/:organizationId'),
  adminFeatureUser: path('/admin/features/:name/users/:userId'),
  adminOrganizations: '/admin/organizations',
  adminOrganization: path('/admin/organizations/:id'),
  adminUserTrial: path('/admin/users/:userId/trial'),
  adminInvites: '/admin/invites',
  adminMaintenance: '/admin/maintenance',
} as const;

// ---- maintenance -----------------------------------------------------------------------------

/** What people see while maintenance is on, at most this long. */
export const MAINTENANCE_MESSAGE_MAX = 500;
const instant = z.string().datetime({ offset: true });

/**
 * PUT /admin/maintenance: the switch (on now), and optionally the admin's message to people and a
 * scheduled window (maintenance is on from `startsAt` until `endsAt` without anyone switching).
 * Fields left out keep their value; null clears them.
 */
export const maintenanceBodySchema = z
  .object({
    maintenanceMode: z.boolean(),
    message: z.string().trim().min(1).max(MAINTENANCE_MESSAGE_MAX).nullable().optional(),
    startsAt: instant.nullable().optional(),
    endsAt: instant.nullable().optional(),
  })
  .strict();
export type MaintenanceBody = z.input<typeof maintenanceBodySchema>;

/** GET and PUT /admin/maintenance: the settings, and whether product APIs answer 503 to non-admins now (`active`). */
export const maintenanceStateSchema = z.object({
  maintenanceMode: z.boolean(),
  message: z.string().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  active: z.boolean(),
});
export type MaintenanceState = z.infer<typeof maintenanceStateSchema>;

// ---- features --------------------------------------------------------------------------------

/** A feature's level (common/features.ts): 0 off, 1 usable on non-production hosts only, 2 on every host. */
export const featureLevelSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const featureNameSchema = z.enum(FEATURE_NAMES);

/** GET /admin/features → one row per feature: global level plus overrides. */
export const adminFeatureListSchema = z.object({
  features: z.array(
    z.object({
      name: featureNameSchema,
      globalLevel: featureLevelSchema,
      organizations: z.array(z.object({ organizationId: z.string(), organizationName: z.string(), level: featureLevelSchema })),
      users: z.array(z.object({ userId: z.string(), email: z.string(), level: featureLevelSchema })),
    }),
  ),
});
export type AdminFeatureList = z.infer<typeof adminFeatureListSchema>;
/** PUT /admin/features/{name} body; organisation and user overrides also accept null (= remove). */
export const featureLevelBodySchema = z.object({ level: featureLevelSchema });
export const featureOverrideBodySchema = z.object({ level: featureLevelSchema.nullable() });
export type FeatureLevelBody = z.input<typeof featureLevelBodySchema>;
export type FeatureOverrideBody = z.input<typeof featureOverrideBodySchema>;

// ---- organisations ---------------------------------------------------------------------------

/** An organisation with its e-mail domains (sign-up by e-mail joins by domain). */
export const organizationSchema = z.object({
  id: z.string(),
  token: z.string(),
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES).nullable(),
  domains: z.array(z.string()),
  /** Paying organisation: its users have no trial. */
  subscribed: z.boolean(),
  userCount: z.number().int(),
  created: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;
export const organizationListSchema = z.object({ organizations: z.array(organizationSchema) });
export type OrganizationListResponse = z.infer<typeof organizationListSchema>;
const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a domain like example.com');
/** POST /admin/organizations → 201 Organization; 409 when a domain already belongs to another. */
export const organizationCreateBodySchema = z.object({
  name: z.string().trim().min(1).max(200),
  type: z.enum(ORGANIZATION_TYPES).nullable().default(null),
  domains: z.array(domainSchema).max(50).default([]),
  subscribed: z.boolean().default(false),
});
export type OrganizationCreateBody = z.input<typeof organizationCreateBodySchema>;
/** PUT /admin/organizations/{id} → Organization (partial update). */
export const organizationUpdateBodySchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  type: z.enum(ORGANIZATION_TYPES).nullable().optional(),
  domains: z.array(domainSchema).max(50).optional(),
  subscribed: z.boolean().optional(),
});
export type OrganizationUpdateBody = z.input<typeof organizationUpdateBodySchema>;

// ---- trials ----------------------------------------------------------------------------------

/** PUT /admin/users/{id}/trial → Trial: set the trial end, or extend an (ended) trial. */
export const trialUpdateBodySchema = z.object({
  endsAt: z.iso.datetime().optional(),
  extendedUntil: z.iso.datetime().nullable().optional(),
  /** The person's version (common/api/adminUsers) the change was decided on: checked when given (409). */
  version: z.number().int().min(0).optional(),
});
export type TrialUpdateBody = z.input<typeof trialUpdateBodySchema>;
/** POST /admin/users/{id}/subscribe → the person's detail: their (or the named) organisation subscribes. */
export const trialConvertBodySchema = z
  .object({ version: z.number().int().min(0), organizationId: z.string().trim().min(1).max(100).optional() })
  .strict();
export type TrialConvertBody = z.input<typeof trialConvertBodySchema>;
