/**
 * API contract of authentication (server/routes/auth): login and its second factors, refresh,
 * logout, sign-up and its confirmation, password reset, unlock, accepting an invite and the terms
 * of service text; the auth response of every login with the cookie descriptors it carries; the
 * links e-mails carry. The server's route schemas import these; the web client uses the same
 * schemas and types. Errors of every endpoint answer `{ "error": "text" }` (see server
 * plugins/errors.ts) with the status listed in the comments.
 */
import { z } from 'zod';
import { SESSION_COOKIES } from '../constants';
import { path } from './path';
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

/** Every auth path. Functions build paths with ids. */
export const AUTH_PATHS = {
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
  invite: path('/auth/invite/:code'),
  inviteAccept: '/auth/invite/accept',
  /** Terms of service text and version; public. */
  tosText: '/auth/tos',
} as const;

/** Links that e-mails carry, as hash routes of the web app (`${PUBLIC_URL}/app/#` + path). */
export const ACCOUNT_LINKS = {
  loginCode: (code: string) => `/bw/login/e/${code}`,
  signup: (uuid: string) => `/bw/signup/${uuid}`,
  invite: (code: string) => `/bw/invite/${code}`,
  resetPassword: (uuid: string) => `/bw/reset-password/${uuid}`,
  unlock: (uuid: string) => `/bw/unlock/${uuid}`,
} as const;

// ---- auth response ---------------------------------------------------------------------------

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
    message: 'Use either your passkey or an authenticator code.',
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

// ---- sign-up, confirm, reset, unlock, invite acceptance --------------------------------------

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

// ---- terms of service ------------------------------------------------------------------------

/** GET /auth/tos → the current text. */
export const tosTextSchema = z.object({ version: z.string(), title: z.string(), text: z.string() });
export type TosText = z.infer<typeof tosTextSchema>;
