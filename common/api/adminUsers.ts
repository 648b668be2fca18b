/**
 * API contract of the users admin page (`/admin/users`, admins only): people searched and filtered
 * on the server (organisation, role, status, trial, last sign-in), paged and sorted; one person's
 * detail (sessions, second factors by kind and date, features, trial); and the actions on them —
 * lock, unlock, force logout, reset second factors, change role, set features — each audited with
 * the values before and after. Nothing here carries a password, a hash or a secret. Every action
 * names the `version` it was decided on: a person changed since is refused with 409.
 */
import { z } from 'zod';
import { FEATURE_NAMES } from '../features';
import { featureLevelSchema } from './admin';
import { trialSchema } from './user';
import { path } from './path';

export const ADMIN_USER_PATHS = {
  users: '/admin/users',
  user: path('/admin/users/:userId'),
  lock: path('/admin/users/:userId/lock'),
  unlock: path('/admin/users/:userId/unlock'),
  logout: path('/admin/users/:userId/logout'),
  resetSecondFactors: path('/admin/users/:userId/reset-second-factors'),
  role: path('/admin/users/:userId/role'),
  features: path('/admin/users/:userId/features'),
  resendInvite: path('/admin/invites/:inviteId/resend'),
  /** Convert a trial to a subscription (body: common/api/admin trialConvertBodySchema). */
  subscribe: path('/admin/users/:userId/subscribe'),
} as const;

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** active; locked by an admin; loginLocked after too many failed sign-ins (an unlock link lifts it). */
export const USER_STATUSES = ['active', 'locked', 'loginLocked'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Trial filter: none (subscribed organisation, admin, employee), or the trial's state (common/api/user TRIAL_STATES). */
export const USER_TRIAL_FILTERS = ['none', 'trial', 'trialEnding', 'trialEnded', 'trialExtension'] as const;
export type UserTrialFilter = (typeof USER_TRIAL_FILTERS)[number];
export const USER_SORTS = ['email', 'name', 'created', 'lastLogin', 'trialEnds'] as const;
export type UserSort = (typeof USER_SORTS)[number];
export const USER_PAGE_MAX = 200;

const instant = z.iso.datetime({ offset: true });

/** GET /admin/users query. `organizationId=none`: people in no organisation. */
export const userListQuerySchema = z
  .object({
    /** Part of the e-mail or the name, any case. */
    q: z.string().trim().min(1).max(200).optional(),
    organizationId: z.string().trim().min(1).max(100).optional(),
    role: z.enum(USER_ROLES).optional(),
    status: z.enum(USER_STATUSES).optional(),
    trial: z.enum(USER_TRIAL_FILTERS).optional(),
    /** Signed in at or after this instant. */
    lastLoginFrom: instant.optional(),
    /** Not signed in since this instant (people who never signed in included). */
    lastLoginBefore: instant.optional(),
    sort: z.enum(USER_SORTS).default('email'),
    descending: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .default(false),
    /** 0-based page. */
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    limit: z.coerce.number().int().min(1).max(USER_PAGE_MAX).default(50),
  })
  .strict();
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(USER_ROLES),
  status: z.enum(USER_STATUSES),
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  trial: trialSchema,
  created: z.string(),
  lastLoginAt: z.string().nullable(),
  /** What an action names (see above). */
  version: z.number().int(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const userListPageSchema = z.object({ users: z.array(adminUserRowSchema), total: z.number().int(), page: z.number().int() });
export type UserListPage = z.infer<typeof userListPageSchema>;

/** A second factor: its kind and when it was added — never the secret or the key. */
export const secondFactorSchema = z.object({
  kind: z.enum(['totp', 'passkey']),
  name: z.string().nullable(),
  addedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export const adminUserDetailSchema = adminUserRowSchema.extend({
  lockedAt: z.string().nullable(),
  lockedBy: z.string().nullable(),
  sessions: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string(),
      expiresAt: z.string(),
      userAgent: z.string().nullable(),
      ip: z.string().nullable(),
    }),
  ),
  secondFactors: z.array(secondFactorSchema),
  /** Each feature: the level in effect for this person and their own override (null: none). */
  features: z.array(z.object({ name: z.enum(FEATURE_NAMES), level: featureLevelSchema, override: featureLevelSchema.nullable() })),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** Every action's body names the version it was decided on. */
const versioned = { version: z.number().int().min(0) };
export const userActionBodySchema = z.object({ ...versioned }).strict();
export type UserActionBody = z.input<typeof userActionBodySchema>;
export const userRoleBodySchema = z.object({ ...versioned, role: z.enum(USER_ROLES) }).strict();
export type UserRoleBody = z.input<typeof userRoleBodySchema>;
/** Overrides to set (a level) or remove (null); features not named keep theirs. */
export const userFeaturesBodySchema = z
  .object({ ...versioned, features: z.partialRecord(z.enum(FEATURE_NAMES), featureLevelSchema.nullable()) })
  .strict()
  .refine((b) => Object.keys(b.features).length > 0, { message: 'features: name at least one feature', path: ['features'] });
export type UserFeaturesBody = z.input<typeof userFeaturesBodySchema>;
