/**
 * API contract of accounts and sessions: paths, request and response bodies of every
 * auth and user endpoint. The server's route schemas import these; the web client uses the
 * same schemas and types. Errors of every endpoint answer `{ "error": "text" }` (see server
 * plugins/errors.ts) with the status listed in the comments.
 */
import { z } from 'zod';
import { SESSION_COOKIES } from '../constants';
import { JOB_FUNCTIONS, ORGANIZATION_TYPES, SENIORITIES, TRIAL_STATES, BOND_TABLE_COLUMNS } from '../enums';
import { FEATURE_NAMES, FEATURE_LEVELS } from '../features';
import {
  emailCodeSchema,
  emailSchema,
  fullNameSchema,
  loginPasswordSchema,
  passwordSchema,
  personNameSchema,
  totpCodeSchema,
} from '../validation/account';

// ---- paths -----------------------------------------------------------------------------------

/** Every accounts path. Functions build paths with ids; `{id}` templates are for docs. */
export const ACCOUNT_PATHS = {
  loginStart: '/auth/login/start',
  loginFinish: '/auth/login/finish',
  /** Enrol a passkey during login (after loginStart answered kind 'enrolPasskey'). */
  mfaEnroll: '/auth/mfa/enroll',
  /** Ask for a login code by e-mail (after a correct password). */
  mfaEmailSend: '/auth/mfa/email/send',
  /** Log in with an e-mailed code (typed, or from the link /bw/login/e/{code}). */
  mfaEmail: '/auth/mfa/email',
  signup: '/auth/signup',
  confirm: '/auth/confirm',
  reset: '/auth/reset',
  resetPassword: '/auth/reset-password',
  unlock: '/auth/unlock',
  /** Ask for a new unlock link (page /bw/unlock without uuid). */
  unlockRequest: '/auth/unlock/request',
  refresh: '/auth/refresh',
  logout: '/auth/logout',
  /** GET: what an invite is for; public. */
  invite: (code: string) => `/auth/invite/${encodeURIComponent(code)}`,
  inviteAccept: '/auth/invite/accept',
  /** Terms of service text and version; public. */
  tosText: '/auth/tos',

  user: (id: string) => `/v2/user/${encodeURIComponent(id)}`,
  tos: (id: string) => `/v2/user/${encodeURIComponent(id)}/tos`,
  statusBadges: (id: string) => `/v2/user/${encodeURIComponent(id)}/status-badges`,
  preferences: (id: string) => `/v2/user/${encodeURIComponent(id)}/preferences`,
  password: (id: string) => `/v2/user/${encodeURIComponent(id)}/password`,
  notificationPreferences: (id: string) => `/v2/user/${encodeURIComponent(id)}/notification-preferences`,
  /** GET: second factors of the user. */
  mfa: (id: string) => `/v2/user/${encodeURIComponent(id)}/mfa`,
  /** POST: start TOTP enrolment (secret + otpauth URI); DELETE: remove TOTP. */
  totp: (id: string) => `/v2/user/${encodeURIComponent(id)}/mfa/totp`,
  /** POST: confirm TOTP enrolment with a first code. */
  totpConfirm: (id: string) => `/v2/user/${encodeURIComponent(id)}/mfa/totp/confirm`,
  /** POST: registration options for a new passkey. */
  passkeyOptions: (id: string) => `/v2/user/${encodeURIComponent(id)}/mfa/passkeys/options`,
  /** POST: register the passkey the browser created. */
  passkeys: (id: string) => `/v2/user/${encodeURIComponent(id)}/mfa/passkeys`,
  /** PATCH: rename; DELETE: remove. */
  passkey: (id: string, passkeyId: string) => `/v2/user/${encodeURIComponent(id)}/mfa/passkeys/${encodeURIComponent(passkeyId)}`,
  /** GET: invites sent by the user; POST: send one. */
  invites: (id: string) => `/v2/user/${encodeURIComponent(id)}/invites`,
  /** DELETE: revoke a pending invite. */
  inviteOf: (id: string, inviteId: string) => `/v2/user/${encodeURIComponent(id)}/invites/${encodeURIComponent(inviteId)}`,

  adminFeatures: '/admin/features',
  adminFeatureGlobal: (name: string) => `/admin/features/${encodeURIComponent(name)}`,
  adminFeatureOrganization: (name: string, organizationId: string) =>
    `/admin/features/${encodeURIComponent(name)}/organizations/${encodeURIComponent(organizationId)}`,
  adminFeatureUser: (name: string, userId: string) => `/admin/features/${encodeURIComponent(name)}/users/${encodeURIComponent(userId)}`,
  adminOrganizations: '/admin/organizations',
  adminOrganization: (id: string) => `/admin/organizations/${encodeURIComponent(id)}`,
  adminUserTrial: (userId: string) => `/admin/users/${encodeURIComponent(userId)}/trial`,
  adminInvites: '/admin/invites',
} as const;

/** Links that e-mails carry, as hash routes of the web app (`${PUBLIC_URL}/app/#` + path). */
export const ACCOUNT_LINKS = {
  loginCode: (code: string) => `/bw/login/e/${code}`,
  signup: (uuid: string) => `/bw/signup/${uuid}`,
  invite: (code: string) => `/bw/invite/${code}`,
  resetPassword: (uuid: string) => `/bw/reset-password/${uuid}`,
  unlock: (uuid: string) => `/bw/unlock/${uuid}`,
} as const;

// ---- shared pieces ---------------------------------------------------------------------------

/** A cookie the client writes as given (spec §3 Auth response). */
export const cookieDescriptorSchema = z.object({
  name: z.string(),
  value: z.string(),
  path: z.string(),
  /** '' means a host-only cookie (no Domain attribute); otherwise COOKIE_DOMAIN. */
  domain: z.string(),
  /** Seconds. */
  maxAge: z.number().int(),
  secure: z.boolean(),
  sameSite: z.enum(['strict', 'lax', 'none']),
  /** Absolute expiry, ISO 8601. */
  expiration: z.string(),
  /**
   * True for the refresh cookie: the server sets it (HttpOnly, path /auth/refresh) and the body
   * carries the descriptor with an empty value, so the page knows of it but cannot read it.
   */
  httpOnly: z.boolean().optional(),
});
export type CookieDescriptorDto = z.infer<typeof cookieDescriptorSchema>;

/**
 * Result of every successful login, refresh, passkey enrolment at login and e-mail-code login.
 * `session.value` is the access token (JWT, scope `user` or `user admin`), `username.value` the
 * e-mail. The opaque refresh token travels only in the HttpOnly cookie the server sets with the
 * answer (`refresh` describes it, value ''). All three cookies live as long as the refresh token,
 * so the client can refresh an expired access token after a reload. The access
 * token's claims: sub (user id), scope, sid (session), exp, and rexp (refresh token end, epoch s).
 * mfaSession of login/start survives a wrong code or refused passkey until success or 10 minutes.
 */
export const authResponseSchema = z.object({
  session: cookieDescriptorSchema,
  refresh: cookieDescriptorSchema,
  username: cookieDescriptorSchema,
  /** Present only while a second factor is still pending (never in a finished login). */
  mfaSession: z.string().optional(),
  /** Convenience copies of what the cookies and token carry. */
  userId: z.string(),
  accessTokenExpiresAt: z.string(),
  refreshTokenExpiresAt: z.string(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;
export const AUTH_COOKIE_NAMES = SESSION_COOKIES;

/** Second factors besides passkeys. */
export const SECOND_FACTORS = ['email', 'totp'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/**
 * WebAuthn options as JSON (PublicKeyCredentialRequestOptionsJSON /
 * PublicKeyCredentialCreationOptionsJSON of @simplewebauthn); pass them to
 * startAuthentication({ optionsJSON }) / startRegistration({ optionsJSON }).
 */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });
export type WebauthnOptionsJson = z.infer<typeof webauthnOptionsSchema>;

/** Message of a successful call that has nothing else to say. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

// ---- login -----------------------------------------------------------------------------------

/**
 * Whether the browser can use passkeys: 'platform' (built-in authenticator available),
 * 'cross-platform' (security keys / phones only), 'none' (no WebAuthn: the server offers
 * the other second factors instead of a passkey).
 */
export const MFA_PLATFORMS = ['platform', 'cross-platform', 'none'] as const;
export type MfaPlatform = (typeof MFA_PLATFORMS)[number];

/** Query of POST /auth/login/start: v is the client's protocol version (currently 2). */
export const loginStartQuerySchema = z.object({ v: z.coerce.number().int().min(1).max(100).default(2) });

/** 401 'Incorrect e-mail or password' for both unknown e-mail and wrong password;
 *  423 when locked (after 5 failures in 15 minutes; an unlock link was e-mailed). */
export const loginStartBodySchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
  mfaPlatform: z.enum(MFA_PLATFORMS).optional(),
});
export type LoginStartBody = z.input<typeof loginStartBodySchema>;

/**
 * Result of POST /auth/login/start, discriminated by `kind`:
 * - 'session': no second factor needed (MFA_REQUIRED=false and none enrolled): logged in.
 * - 'passkey': the user has a passkey: startAuthentication(options) then POST login/finish
 *   with `credential` (JSON text). `factors` lists the alternatives (e-mail code, TOTP).
 * - 'enrolPasskey': MFA is required and the user has no second factor: startRegistration(protocol)
 *   then POST /auth/mfa/enroll; or use an alternative factor ('email').
 * - 'secondFactor': the user has no passkey usable here: use one of `factors`.
 * `mfaSession` (10 minutes, single use) goes back with the finishing call.
 */
export const loginStartResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), auth: authResponseSchema }),
  z.object({
    kind: z.literal('passkey'),
    mfaSession: z.string(),
    options: webauthnOptionsSchema,
    factors: z.array(z.enum(SECOND_FACTORS)),
  }),
  z.object({
    kind: z.literal('enrolPasskey'),
    mfaSession: z.string(),
    protocol: webauthnOptionsSchema,
    factors: z.array(z.enum(SECOND_FACTORS)),
  }),
  z.object({
    kind: z.literal('secondFactor'),
    mfaSession: z.string(),
    factors: z.array(z.enum(SECOND_FACTORS)),
  }),
]);
export type LoginStartResult = z.infer<typeof loginStartResultSchema>;

/**
 * POST /auth/login/finish: email + password + exactly one of credential (the passkey assertion
 * as JSON text) or totpCode. 401 for a wrong password/credential/code (counts as a failure).
 */
export const loginFinishBodySchema = z
  .object({
    email: emailSchema,
    password: loginPasswordSchema,
    mfaSession: z.string().max(200).optional(),
    credential: z.string().max(20_000).optional(),
    totpCode: totpCodeSchema.optional(),
  })
  .refine((b) => (b.credential === undefined) !== (b.totpCode === undefined), {
    message: 'Send either credential or totpCode',
    path: ['credential'],
  });
export type LoginFinishBody = z.input<typeof loginFinishBodySchema>;

/** POST /auth/mfa/enroll: the registration response (JSON text or object) → AuthResponse. */
export const mfaEnrollBodySchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
  mfaSession: z.string().max(200),
  credential: z.union([z.string().max(20_000), z.looseObject({ id: z.string() })]),
  /** Label shown on the profile page, e.g. "MacBook Touch ID". */
  name: z.string().trim().min(1).max(60).optional(),
});
export type MfaEnrollBody = z.input<typeof mfaEnrollBodySchema>;

/** POST /auth/mfa/email/send → 202 MessageResponse. The code expires after 10 minutes. */
export const mfaEmailSendBodySchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
  mfaSession: z.string().max(200).optional(),
});
export type MfaEmailSendBody = z.input<typeof mfaEmailSendBodySchema>;

/** POST /auth/mfa/email → AuthResponse; 401 'This code is not valid or has expired'. */
export const mfaEmailBodySchema = z.object({ code: emailCodeSchema });
export type MfaEmailBody = z.input<typeof mfaEmailBodySchema>;

/**
 * POST /auth/refresh → AuthResponse (the refresh token is rotated); 401 when invalid or absent.
 * Browsers send the token in its HttpOnly cookie and no body; other clients may send it in the body.
 */
export const refreshBodySchema = z.object({ refreshToken: z.string().min(1).max(200).optional() });
export type RefreshBody = z.input<typeof refreshBodySchema>;

/** POST /auth/logout (bearer and/or refreshToken) → 200 MessageResponse; revokes the session. */
export const logoutBodySchema = z.object({ refreshToken: z.string().max(200).optional() });
export type LogoutBody = z.input<typeof logoutBodySchema>;

// ---- sign-up, confirm, reset, unlock, invites -----------------------------------------------

/** POST /auth/signup → 202 MessageResponse, the same whether or not the e-mail is known. */
export const signupBodySchema = z.object({ email: emailSchema });
export type SignupBody = z.input<typeof signupBodySchema>;

/** Kinds of e-mailed links GET /auth/confirm can check. */
export const LINK_TYPES = ['signup', 'reset', 'unlock', 'invite'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/**
 * GET /auth/confirm?token={uuid}&type=signup&regenerateIfExpired=true → { uuid, email }.
 * 404 'This link is not valid or has already been used'; 410 when expired (with
 * regenerateIfExpired a fresh link is e-mailed and the message says so).
 */
export const confirmQuerySchema = z.object({
  token: z.string().min(1).max(100),
  type: z.enum(LINK_TYPES).default('signup'),
  regenerateIfExpired: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export type ConfirmQuery = z.input<typeof confirmQuerySchema>;
export const confirmInfoSchema = z.object({ uuid: z.string(), email: z.string() });
export type ConfirmInfo = z.infer<typeof confirmInfoSchema>;

/** Signup confirm input of spec §3 (the form's fields). */
export const signupConfirmInputSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  password: passwordSchema,
  tosConsent: z.literal(true, { error: 'Accept the terms of service to continue' }),
});
export type SignupConfirmInput = z.input<typeof signupConfirmInputSchema>;

/**
 * POST /auth/confirm: creates the account → 201 AccountCreated; the user then logs in.
 * 404 unknown/used link, 410 expired, 409 when the e-mail already has an account.
 */
export const confirmBodySchema = z.object({
  uuid: z.string().min(1).max(100),
  email: emailSchema,
  /** First and last name joined by a space (spec §5). */
  name: fullNameSchema,
  password: passwordSchema,
  tosConsent: z.literal(true, { error: 'Accept the terms of service to continue' }),
});
export type ConfirmBody = z.input<typeof confirmBodySchema>;
export const accountCreatedSchema = z.object({ userId: z.string(), email: z.string(), message: z.string() });
export type AccountCreated = z.infer<typeof accountCreatedSchema>;

/** POST /auth/reset → 202 MessageResponse (same answer for unknown e-mails). */
export const resetBodySchema = z.object({ email: emailSchema });
export type ResetBody = z.input<typeof resetBodySchema>;

/** POST /auth/reset-password → 200 MessageResponse; signs out every session of the user. */
export const resetPasswordBodySchema = z.object({ uuid: z.string().min(1).max(100), password: passwordSchema });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** POST /auth/unlock → 200 MessageResponse; 404 unknown/used, 410 expired. */
export const unlockBodySchema = z.object({ uuid: z.string().min(1).max(100) });
export type UnlockBody = z.input<typeof unlockBodySchema>;

/** POST /auth/unlock/request → 202 MessageResponse (same answer whatever the e-mail). */
export const unlockRequestBodySchema = z.object({ email: emailSchema });
export type UnlockRequestBody = z.input<typeof unlockRequestBodySchema>;

/** GET /auth/invite/{code} → InviteInfo; 404 unknown/used/revoked, 410 expired. */
export const inviteInfoSchema = z.object({
  email: z.string(),
  inviterName: z.string().nullable(),
  organizationName: z.string().nullable(),
  expiresAt: z.string(),
});
export type InviteInfo = z.infer<typeof inviteInfoSchema>;

/** POST /auth/invite/accept → 201 AccountCreated. */
export const inviteAcceptBodySchema = z.object({
  code: z.string().min(1).max(100),
  firstName: personNameSchema,
  lastName: personNameSchema,
  password: passwordSchema,
  tosConsent: z.literal(true, { error: 'Accept the terms of service to continue' }),
});
export type InviteAcceptBody = z.input<typeof inviteAcceptBodySchema>;

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

// ---- terms of service ------------------------------------------------------------------------

/** GET /auth/tos → the current text. */
export const tosTextSchema = z.object({ version: z.string(), title: z.string(), text: z.string() });
export type TosText = z.infer<typeof tosTextSchema>;

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

export const featureLevelSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const featureNameSchema = z.enum(FEATURE_NAMES);

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
  organization: organizationSummarySchema.nullable(),
  trial: trialSchema,
  tos: tosStatusSchema,
  mfa: z.object({ totpEnabled: z.boolean(), passkeyCount: z.number().int() }),
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

// ---- admin: features, organisations, trials ---------------------------------------------------

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
export { FEATURE_LEVELS };

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

/** PUT /admin/users/{id}/trial → Trial: set the trial end, or extend an (ended) trial. */
export const trialUpdateBodySchema = z.object({
  endsAt: z.iso.datetime().optional(),
  extendedUntil: z.iso.datetime().nullable().optional(),
});
export type TrialUpdateBody = z.input<typeof trialUpdateBodySchema>;

/** Error body of every failure. */
export const errorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
