/**
 * API contract of a user's own account (server/routes/user, /v2/user/{id}): the user info the web
 * app starts from (profile, features, trial, terms-of-service status, second factors), profile and
 * password edits, notification and UI preferences, the second factors managed on the profile page
 * (TOTP, passkeys) and the invites a user sends. Errors answer `{ "error": "text" }` (shared.ts).
 */
import { z } from 'zod';
import { JOB_FUNCTIONS, ORGANIZATION_TYPES, SENIORITIES, TRIAL_STATES, BOND_TABLE_COLUMNS } from '../enums';
import { emailSchema, fullNameSchema, loginPasswordSchema, passwordSchema, totpCodeSchema } from '../validation/account';
import { featureLevelSchema, featureNameSchema } from './admin';
import { webauthnOptionsSchema } from './auth';
import { supportWidgetSchema } from './support';
import { path } from './path';

// ---- paths -----------------------------------------------------------------------------------

/** Every user path. Functions build paths with ids. */
export const USER_PATHS = {
  user: path('/v2/user/:id'),
  tos: path('/v2/user/:id/tos'),
  statusBadges: path('/v2/user/:id/status-badges'),
  preferences: path('/v2/user/:id/preferences'),
  password: path('/v2/user/:id/password'),
  notificationPreferences: path('/v2/user/:id/notification-preferences'),
  /** GET: second factors of the user. */
  mfa: path('/v2/user/:id/mfa'),
  /** POST: start TOTP enrolment (secret + otpauth URI); DELETE: remove TOTP. */
  totp: path('/v2/user/:id/mfa/totp'),
  /** POST: confirm TOTP enrolment with a first code. */
  totpConfirm: path('/v2/user/:id/mfa/totp/confirm'),
  /** POST: registration options for a new passkey. */
  passkeyOptions: path('/v2/user/:id/mfa/passkeys/options'),
  /** POST: register the passkey the browser created. */
  passkeys: path('/v2/user/:id/mfa/passkeys'),
  /** PATCH: rename; DELETE: remove. */
  passkey: path('/v2/user/:id/mfa/passkeys/:passkeyId'),
  /** GET: invites sent by the user; POST: send one. */
  invites: path('/v2/user/:id/invites'),
  /** DELETE: revoke a pending invite. */
  inviteOf: path('/v2/user/:id/invites/:inviteId'),
} as const;

// ---- terms of service ------------------------------------------------------------------------

/** GET and PUT /v2/user/{id}/tos → TosStatus. tosConsent is true only for the current version. */
export const tosStatusSchema = z.object({
  tosConsent: z.boolean(),
  currentVersion: z.string(),
  consentedVersion: z.string().nullable(),
  consentedAt: z.string().nullable(),
});
export type TosStatus = z.infer<typeof tosStatusSchema>;
/** PUT body: the version the user read (400 when it is not the current one). */
export const tosConsentBodySchema = z.object({ version: z.string().min(1).max(40) });
export type TosConsentBody = z.input<typeof tosConsentBodySchema>;

// ---- user and user info ----------------------------------------------------------------------

export const SECTOR_MAX = 30;
/** Free-text sector names (e.g. "Financials", "Utilities"). */
export const sectorSchema = z.string().trim().min(1).max(60);

/** Profile of spec §1/§3. Every field may be unset (null) until the user fills it in. */
export const profileSchema = z.object({
  /** Role category as the user describes it (e.g. "Portfolio manager"); sent to analytics/support. */
  roleType: z.string().trim().max(80).nullable(),
  /** Desk or function (e.g. "IG credit"); sent to analytics/support. */
  roleFunction: z.string().trim().max(80).nullable(),
  jobFunction: z.enum(JOB_FUNCTIONS).nullable(),
  seniority: z.enum(SENIORITIES).nullable(),
  organizationType: z.enum(ORGANIZATION_TYPES).nullable(),
  sectors: z.array(sectorSchema).max(SECTOR_MAX),
});
export type Profile = z.infer<typeof profileSchema>;

/** User of spec §3. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  /** ISO 8601. */
  created: z.string(),
  /** Public token of the user's organisation (null without one). */
  organizationToken: z.string().nullable(),
  /** Token identifying the user to the support widget. */
  supportToken: z.string(),
  profile: profileSchema,
});
export type User = z.infer<typeof userSchema>;

/** A browser push subscription (spec §3 notificationPreferences). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url().max(2000),
  expirationTime: z.number().nullable(),
  /** Keys from PushSubscription.toJSON(), needed to send pushes. */
  keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }).optional(),
});
export type PushSubscriptionDto = z.infer<typeof pushSubscriptionSchema>;

export const notificationPreferencesSchema = z.object({
  browserNotifications: z.array(pushSubscriptionSchema).max(20),
  browserNotificationsOn: z.boolean(),
  appNotificationsOn: z.boolean(),
  /** A periodic e-mail digest of unread messages and notifications (off: never e-mailed). */
  emailDigestOn: z.boolean().default(true),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * Trial status. state null means a paying (subscribed) account. trialEnding: 3 days or less
 * left; trialExtension: an admin extended an ended trial; trialEnded: no market data until a
 * subscription starts (profile, settings, help, blog and sign-out keep working; market data
 * endpoints answer 402).
 */
export const trialSchema = z.object({
  state: z.enum(TRIAL_STATES).nullable(),
  startedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  extendedUntil: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
});
export type Trial = z.infer<typeof trialSchema>;

export const organizationSummarySchema = z.object({
  token: z.string(),
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES).nullable(),
});

/**
 * GET /v2/user/{id} → UserInfo (spec §3 User + User info). `features` lists the features
 * usable on the host that was called (level 2 on production hosts, 1+ elsewhere): the client
 * enables exactly these. `featureLevels` shows the effective level of each.
 */
export const userInfoSchema = userSchema.extend({
  features: z.array(featureNameSchema),
  featureLevels: z.record(z.string(), featureLevelSchema),
  notificationPreferences: notificationPreferencesSchema,
  isAdmin: z.boolean(),
  /** E-mail on the operator's own domain (EMPLOYEE_EMAIL_DOMAINS). */
  isEmployee: z.boolean(),
  /** May write blog posts (admins, and users an admin marks): the blog offers writing only to them. */
  blogAuthor: z.boolean(),
  organization: organizationSummarySchema.nullable(),
  trial: trialSchema,
  tos: tosStatusSchema,
  mfa: z.object({ totpEnabled: z.boolean(), passkeyCount: z.number().int() }),
  /** The vendor support widget to load for this person (feature `intercom`), or null: the built-in form. */
  supportWidget: supportWidgetSchema.nullable(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** PUT /v2/user/{id}: edit name and profile (partial; omitted fields stay) → UserInfo. */
export const userUpdateBodySchema = z.object({
  name: fullNameSchema.optional(),
  profile: profileSchema.partial().optional(),
});
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;

/** PUT /v2/user/{id}/password → MessageResponse; 401 when currentPassword is wrong. Other sessions are signed out. */
export const passwordChangeBodySchema = z.object({
  currentPassword: loginPasswordSchema,
  newPassword: passwordSchema,
});
export type PasswordChangeBody = z.input<typeof passwordChangeBodySchema>;

/** PUT /v2/user/{id}/notification-preferences → NotificationPreferences. */
export const notificationPreferencesBodySchema = notificationPreferencesSchema;
export type NotificationPreferencesBody = z.input<typeof notificationPreferencesBodySchema>;

/** GET /v2/user/{id}/status-badges → StatusBadges (spec §3). */
export const statusBadgesSchema = z.object({
  items: z.array(z.object({ section: z.string(), activeBadges: z.array(z.string()) })),
});
export type StatusBadges = z.infer<typeof statusBadgesSchema>;

// ---- second factors (profile page) -----------------------------------------------------------

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /v2/user/{id}/mfa → MfaStatus. */
export const mfaStatusSchema = z.object({
  totpEnabled: z.boolean(),
  passkeys: z.array(passkeySchema),
  /** The e-mailed code is always available as a fallback. */
  emailCodeAvailable: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/**
 * POST /v2/user/{id}/mfa/totp → TotpEnrolment: draw otpauthUri as a QR code; the secret is
 * also shown for manual entry. Not active until confirmed.
 */
export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;
/** POST /v2/user/{id}/mfa/totp/confirm → MfaStatus; 400 'That code is not right…'. */
export const totpConfirmBodySchema = z.object({ code: totpCodeSchema });
export type TotpConfirmBody = z.input<typeof totpConfirmBodySchema>;
/** DELETE /v2/user/{id}/mfa/totp and DELETE passkey need the password again → MfaStatus. */
export const mfaRemoveBodySchema = z.object({ password: loginPasswordSchema });
export type MfaRemoveBody = z.input<typeof mfaRemoveBodySchema>;

/** POST /v2/user/{id}/mfa/passkeys/options → { options } for startRegistration. */
export const passkeyOptionsResponseSchema = z.object({ options: webauthnOptionsSchema });
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponseSchema>;
/** POST /v2/user/{id}/mfa/passkeys → 201 Passkey; 400 when the browser's response fails verification. */
export const passkeyRegisterBodySchema = z.object({
  credential: z.union([z.string().max(20_000), z.looseObject({ id: z.string() })]),
  name: z.string().trim().min(1).max(60).optional(),
});
export type PasskeyRegisterBody = z.input<typeof passkeyRegisterBodySchema>;
/** PATCH /v2/user/{id}/mfa/passkeys/{passkeyId} → Passkey. */
export const passkeyRenameBodySchema = z.object({ name: z.string().trim().min(1).max(60) });
export type PasskeyRenameBody = z.input<typeof passkeyRenameBodySchema>;

// ---- UI preferences (spec §3) ----------------------------------------------------------------

const bondColumnSchema = z.enum(BOND_TABLE_COLUMNS);
export const uiPreferencesSchema = z.object({
  bonds: z
    .object({
      visibleColumns: z.array(bondColumnSchema).max(BOND_TABLE_COLUMNS.length),
      primarySort: bondColumnSchema.nullable(),
      secondarySort: bondColumnSchema.nullable(),
      primaryDescending: z.boolean(),
      secondaryDescending: z.boolean(),
      columnOrder: z.array(bondColumnSchema).max(BOND_TABLE_COLUMNS.length),
    })
    .partial()
    .optional(),
  bondHistory: z.object({ hideDefaultIndex: z.boolean(), hideMarketHawk: z.boolean(), hidePlotStats: z.boolean() }).partial().optional(),
  help: z
    .object({ bannersClosed: z.array(z.string().max(100)).max(200), welcomeClosed: z.boolean() })
    .partial()
    .optional(),
  market: z
    .object({ visibleTenors: z.array(z.string().max(10)).max(50), visibleSlopeTenors: z.array(z.string().max(20)).max(50) })
    .partial()
    .optional(),
});
export type UiPreferences = z.infer<typeof uiPreferencesSchema>;

/** Serialized size limit of stored preferences. */
export const PREFERENCES_MAX_BYTES = 16 * 1024;

/** GET and PUT /v2/user/{id}/preferences → PreferencesResponse (stored + defaults). */
export const preferencesResponseSchema = z.object({ preferences: uiPreferencesSchema, defaults: uiPreferencesSchema });
export type PreferencesResponse = z.infer<typeof preferencesResponseSchema>;
/** PUT body: the whole preferences object (replaces what was stored). 400 over 16 KiB. */
export const preferencesBodySchema = z.object({ preferences: uiPreferencesSchema });
export type PreferencesBody = z.input<typeof preferencesBodySchema>;

// ---- invites the user sends ------------------------------------------------------------------

/** POST /v2/user/{id}/invites and /admin/invites → 201 Invite. 409 when already a user. */
export const inviteCreateBodySchema = z.object({ email: emailSchema });
export type InviteCreateBody = z.input<typeof inviteCreateBodySchema>;
export const INVITE_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export const inviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(INVITE_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Invite = z.infer<typeof inviteSchema>;
export const inviteListSchema = z.object({ invites: z.array(inviteSchema) });
export type InviteList = z.infer<typeof inviteListSchema>;
