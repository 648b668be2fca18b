import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Organisations; users join one by e-mail domain at sign-up. */
export interface OrganizationsTable {
  id: string;
  /** Public identifier given to clients (User.organizationToken). */
  token: string;
  name: string;
  type: string | null;
  /** A paying organisation: its users have no trial. */
  subscribed: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

/** E-mail domains of organisations (one organisation per domain). */
export interface OrganizationDomainsTable {
  domain: string;
  organization_id: string;
  /** People on this domain are employees (no trial), as EMPLOYEE_EMAIL_DOMAINS. */
  employee: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Timestamp;
}

/** Accounts. profile, notification and UI preferences are JSON documents validated by common/api/user.ts. */
export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  password_hash: string;
  is_admin: ColumnType<boolean, boolean | undefined, boolean>;
  organization_id: string | null;
  support_token: string;
  profile: JSONColumnType<Record<string, unknown>>;
  notification_preferences: JSONColumnType<Record<string, unknown>>;
  ui_preferences: JSONColumnType<Record<string, unknown>>;
  tos_version: string | null;
  tos_consented_at: NullableTimestamp;
  /** Confirmed TOTP secret (base32); null when TOTP is off. */
  totp_secret: string | null;
  /** Secret offered for enrolment, active only after a first code confirms it. */
  totp_pending_secret: string | null;
  /** Last accepted TOTP time step, so a code cannot be replayed. */
  totp_last_step: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  trial_started_at: NullableTimestamp;
  trial_ends_at: NullableTimestamp;
  trial_extended_until: NullableTimestamp;
  password_changed_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Locked by an administrator (who: locked_by); only an administrator unlocks. */
  locked_at: NullableTimestamp;
  locked_by: string | null;
  /** The last completed sign-in. */
  last_login_at: NullableTimestamp;
  /** When the confirmed TOTP secret was turned on. */
  totp_enabled_at: NullableTimestamp;
  /** Bumped by every admin change: an admin acting on an older version is refused (409). */
  version: ColumnType<number, number | undefined, number>;
  /** 'pending' (a sign-up on no organisation's domain, waiting for an admin), 'approved', 'rejected'; null: never queued. */
  onboarding: string | null;
  onboarded_at: NullableTimestamp;
  onboarded_by: string | null;
  /** May write blog posts (admins always may); set by an administrator. */
  blog_author: ColumnType<boolean, boolean | undefined, boolean>;
}

/** One row per login session; the refresh token is stored as a SHA-256 hash and rotated on use. */
export interface UserSessionsTable {
  id: string;
  user_id: string;
  refresh_hash: string;
  /** The hash before the last rotation: presenting it again means theft, so the session is revoked. */
  previous_refresh_hash: string | null;
  /** When the refresh token was last rotated; within REFRESH_GRACE_MS the previous one still answers. */
  rotated_at: NullableTimestamp;
  /** The current refresh token sealed for that grace window (services/accounts/crypto sealText). */
  successor_sealed: string | null;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
  last_used_at: Timestamp;
  user_agent: string | null;
  ip: string | null;
}

/** WebAuthn credentials (passkeys). */
export interface PasskeysTable {
  /** Credential id, base64url. */
  id: string;
  user_id: string;
  public_key: Uint8Array;
  counter: ColumnType<string, string | number, string | number>;
  transports: JSONColumnType<string[]>;
  name: string;
  device_type: string | null;
  backed_up: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

/**
 * Single-use secrets sent by e-mail or held during login: sign-up, reset and unlock links,
 * invites, e-mailed login codes and pending second-factor sessions. Only a SHA-256 hash of the
 * secret is stored.
 */
export interface AccountTokensTable {
  id: string;
  kind: string;
  token_hash: string;
  email: string;
  user_id: string | null;
  created_by: string | null;
  payload: JSONColumnType<Record<string, unknown>>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
}

/** Failed logins by e-mail (known or not, so lockout reveals nothing). */
export interface LoginFailuresTable {
  id: Generated<string>;
  email: string;
  ip: string | null;
  /** The browser's device id (X-Device-Fingerprint), when it sent one. */
  device: string | null;
  created_at: Timestamp;
}

/** Devices (X-Device-Fingerprint) an account has signed in from: a held source does not hold them. */
export interface KnownDevicesTable {
  user_id: string;
  device: string;
  last_seen_at: Timestamp;
}

/** Locked e-mails (after too many failures), until an unlock link or a password reset is used. */
export interface LoginLocksTable {
  email: string;
  locked_at: Timestamp;
}

/** Feature flag levels: scope 'global' (scope_id ''), 'organization' or 'user'. */
export interface FeatureLevelsTable {
  scope: string;
  scope_id: string;
  feature: string;
  level: number;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** E-mails written in the transaction that caused them and delivered afterwards by the outbox job. */
export interface EmailOutboxTable {
  id: Generated<string>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: Timestamp;
  next_attempt_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  sent_at: NullableTimestamp;
  last_error: string | null;
}

export interface AccountTables {
  organizations: OrganizationsTable;
  organization_domains: OrganizationDomainsTable;
  users: UsersTable;
  user_sessions: UserSessionsTable;
  passkeys: PasskeysTable;
  account_tokens: AccountTokensTable;
  login_failures: LoginFailuresTable;
  login_locks: LoginLocksTable;
  known_devices: KnownDevicesTable;
  feature_levels: FeatureLevelsTable;
  email_outbox: EmailOutboxTable;
}
