/**
 * The server's configuration: the environment (validated by configEnv.ts) made into the typed
 * Config, with defaults that depend on each other and the checks that span several variables.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SupportWidgetRegion } from '@common/api/support';
import { type Env, MEDIA_S3_DEPENDENTS, envSchema } from './configEnv';

/** Raised when the environment cannot make a working configuration; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Where stored product-usage events are forwarded (feature `mixpanel`), when configured. */
export interface UsageForwardConfig {
  vendor: 'posthog' | 'mixpanel';
  /** The vendor's ingestion endpoint: PostHog's `…/batch/`, Mixpanel's `…/import`. */
  url: string;
  /** PostHog project API key, or Mixpanel project token. */
  key: string;
}

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…) instead of DATA_DIR/media.
 * Credentials are not configured here: the AWS SDK's default chain finds them (AWS_ACCESS_KEY_ID /
 * AWS_SECRET_ACCESS_KEY, AWS_PROFILE and ~/.aws, web identity, the instance or task role).
 */
export interface MediaS3Config {
  bucket: string;
  region: string;
  /** An S3-compatible service's address; undefined: AWS S3 itself. */
  endpoint: string | undefined;
  /** Prepended to every media path ('' or ending in '/'), so one bucket can hold other things too. */
  prefix: string;
  /** `{endpoint}/{bucket}/{key}` instead of `{bucket}.{endpoint}/{key}` (MinIO and most self-hosted services). */
  forcePathStyle: boolean;
}

/** The vendor support widget (feature `intercom`), when configured. */
export interface IntercomConfig {
  appId: string;
  /** Where the workspace's data is hosted: picks the messenger's API host. */
  region: SupportWidgetRegion;
  /** Identity verification secret (Intercom → Messenger security); undefined: not verified. */
  identitySecret: string | undefined;
}

/** The Treasury's daily par yield curve feed (with MARKET_SOURCE=public). */
export interface TreasuryFeedConfig {
  /** home.treasury.gov, or a mirror, proxy or recorded replay of it. */
  baseUrl: string;
  /** Years before the current one loaded on the first run. */
  backfillYears: number;
}

/** The SEC EDGAR FWP poller (with MARKET_SOURCE=public). */
export interface EdgarFeedConfig {
  /** www.sec.gov, or a mirror, proxy or recorded replay of it. */
  baseUrl: string;
  /** The declared User-Agent the SEC requires (organisation and contact e-mail); undefined: EDGAR is not polled. */
  userAgent: string | undefined;
  /** The first day read on the first run; undefined: a week before it. */
  startDate: string | undefined;
}

/** Which market the product shows: the built-in simulator (offline) or the public US sources. */
export type MarketSource = 'simulator' | 'public';

/** FINRA's API (fixed-income market data); public datasets need no credentials. */
export interface FinraConfig {
  /** The Query API's host (api.finra.org), or a mirror, proxy or recorded replay of it. */
  baseUrl: string;
  /** FINRA Identity Platform's token endpoint (client credentials), used only with a client id. */
  tokenUrl: string;
  /** An API client of one's FINRA account, for higher limits; undefined: anonymous public access. */
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** Days of end-of-day history the first load backfills (later loads go on from where it stopped). */
  historyDays: number;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  jwtSecret: string;
  publicUrl: string;
  supportEmail: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sentryDsn: string | undefined;
  productionHosts: string[];
  /** Longest a client may take to send a whole request (headers and body); slower ones are cut off. */
  requestTimeoutMs: number;
  /** Addresses of the reverse proxies whose X-Forwarded-* headers are believed (none by default). */
  trustProxy: string[];
  /** Simulated market keeps moving (new trades, prices, deals) while the server runs. */
  liveMarket: boolean;
  /** Create demo accounts and market data on first start (embedded default only). */
  seedDemo: boolean;
  /** Seed demo content (blog, commentary, a table, alerts, a deal message) with the demo accounts; never in production. */
  demoContent: boolean;
  /**
   * The demo clock: 'always-open' lets the live simulator trade on a weekend or holiday as in the
   * last business day's session, so a demo never looks frozen. Never in production.
   */
  demoClock: 'always-open' | 'off';
  /** Market simulator: master seed (undefined = the built-in default), universe size, history length. */
  simSeed: number | undefined;
  simBonds: number;
  simHistoryDays: number;
  /** Milliseconds between live market ticks. */
  liveTickMs: number;
  /** Lifetime of access tokens (JWT) and of refresh tokens / sessions, in seconds. */
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Every login needs a second factor (passkey, TOTP or e-mailed code); default on in production. */
  mfaRequired: boolean;
  /** The API document (/api/docs, /api/openapi.json) for anyone; default off in production (signed-in callers only). */
  apiDocsPublic: boolean;
  /** Domain attribute of the session cookies ('' = host-only). */
  cookieDomain: string;
  /** E-mail domains of the operator's own staff (User info isEmployee). */
  employeeEmailDomains: string[];
  /** Length of a new user's trial. */
  trialDays: number;
  /** Login attempts per client IP and minute; the other auth limits scale with it (e2e runs raise it). */
  authRateLimitPerMinute: number;
  /** Requests per minute per client address, over the whole API. */
  apiRateLimitPerMinute: number;
  /** Analytics forwarding to a vendor; undefined: events stay first-party only. */
  usageForward: UsageForwardConfig | undefined;
  /** How long a notification long-poll is held with nothing to say (keep under the proxy's read timeout). */
  notificationPollHoldMs: number;
  /** How often at most a user is e-mailed a digest of unread messages and notifications. */
  digestIntervalMs: number;
  /** Intercom's messenger for people with the `intercom` feature; undefined: the built-in support form only. */
  intercom: IntercomConfig | undefined;
  /** Browser push (VAPID) keys; generated into DATA_DIR/vapid.json on first use when not configured. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  /** Where media bytes go: an S3-compatible bucket when configured; undefined: DATA_DIR/media. */
  mediaS3: MediaS3Config | undefined;
  /** `simulator` (the default, offline) or `public` (FINRA and the other public sources, loaded by jobs). */
  marketSource: MarketSource;
  finra: FinraConfig;
  treasury: TreasuryFeedConfig;
  edgar: EdgarFeedConfig;
};

/**
 * Reads and validates the environment. Throws ConfigError with one line per bad variable, each
 * naming the variable, what was wrong and the value given, so a newcomer can fix it at once.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(envSchema.shape)
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const parsed = envSchema.safeParse(relevant);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0]);
      return `  ${key}: ${issue.message} (got "${relevant[key] ?? ''}")`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  if (e.NODE_ENV === 'production') {
    const missing = [
      !e.JWT_SECRET && '  JWT_SECRET: required in production (at least 32 random characters)',
      !e.DATABASE_URL && '  DATABASE_URL: required in production (the embedded database is for one machine)',
      !e.PUBLIC_URL && '  PUBLIC_URL: required in production (used in e-mailed links)',
    ].filter(Boolean);
    if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  }
  if (e.INTERCOM_IDENTITY_SECRET && !e.INTERCOM_APP_ID) {
    throw new ConfigError(
      'Invalid configuration:\n  INTERCOM_IDENTITY_SECRET: needs INTERCOM_APP_ID (the messenger it verifies people for)',
    );
  }
  if (e.ANALYTICS_FORWARD && (!e.ANALYTICS_FORWARD_URL || !e.ANALYTICS_FORWARD_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  ANALYTICS_FORWARD: needs ANALYTICS_FORWARD_URL (the vendor endpoint) and ANALYTICS_FORWARD_KEY (its project key)',
    );
  }
  if (Boolean(e.FINRA_CLIENT_ID) !== Boolean(e.FINRA_CLIENT_SECRET)) {
    throw new ConfigError(
      `Invalid configuration:\n  ${e.FINRA_CLIENT_ID ? 'FINRA_CLIENT_ID: needs FINRA_CLIENT_SECRET' : 'FINRA_CLIENT_SECRET: needs FINRA_CLIENT_ID'} (an API client's two halves; leave both out for anonymous public access)`,
    );
  }
  const mediaS3 = mediaS3Config(e, env);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET ?? localSecret(dataDir),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    supportEmail: e.SUPPORT_EMAIL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sentryDsn: e.SENTRY_DSN,
    productionHosts: e.PRODUCTION_HOSTS.split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    trustProxy: e.TRUST_PROXY.split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    liveMarket: e.LIVE_MARKET ?? (e.NODE_ENV !== 'test' && e.MARKET_SOURCE === 'simulator'),
    seedDemo: e.SEED_DEMO ?? (e.NODE_ENV !== 'production' && !e.DATABASE_URL),
    demoContent: e.NODE_ENV !== 'production' && (e.DEMO_CONTENT ?? true),
    // On by default only for a development start; the tests (NODE_ENV=test, or LIVE_MARKET=false
    // in the browser suite) never run the live market on the wall clock, so they see no change.
    demoClock: e.NODE_ENV === 'production' ? 'off' : (e.DEMO_CLOCK ?? (e.NODE_ENV === 'test' ? 'off' : 'always-open')),
    simSeed: e.SIM_SEED,
    simBonds: e.SIM_BONDS,
    simHistoryDays: e.SIM_HISTORY_DAYS,
    liveTickMs: e.LIVE_TICK_MS,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    mfaRequired: e.MFA_REQUIRED ?? e.NODE_ENV === 'production',
    apiDocsPublic: e.API_DOCS_PUBLIC ?? e.NODE_ENV !== 'production',
    cookieDomain: e.COOKIE_DOMAIN ?? '',
    employeeEmailDomains: (e.EMPLOYEE_EMAIL_DOMAINS ?? 'bondwise.com')
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    trialDays: e.TRIAL_DAYS,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    usageForward:
      e.ANALYTICS_FORWARD && e.ANALYTICS_FORWARD_URL && e.ANALYTICS_FORWARD_KEY
        ? { vendor: e.ANALYTICS_FORWARD, url: e.ANALYTICS_FORWARD_URL, key: e.ANALYTICS_FORWARD_KEY }
        : undefined,
    notificationPollHoldMs: e.NOTIFICATION_POLL_HOLD_MS,
    digestIntervalMs: e.DIGEST_INTERVAL_MS,
    intercom: e.INTERCOM_APP_ID
      ? { appId: e.INTERCOM_APP_ID, region: e.INTERCOM_REGION, identitySecret: e.INTERCOM_IDENTITY_SECRET }
      : undefined,
    vapidPublicKey: e.VAPID_PUBLIC_KEY,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY,
    mediaS3,
    marketSource: e.MARKET_SOURCE,
    finra: {
      baseUrl: e.FINRA_BASE_URL.replace(/\/+$/, ''),
      tokenUrl: e.FINRA_TOKEN_URL,
      clientId: e.FINRA_CLIENT_ID,
      clientSecret: e.FINRA_CLIENT_SECRET,
      historyDays: e.FINRA_HISTORY_DAYS,
    },
    treasury: { baseUrl: e.TREASURY_BASE_URL.replace(/\/+$/, ''), backfillYears: e.TREASURY_BACKFILL_YEARS },
    edgar: { baseUrl: e.EDGAR_BASE_URL.replace(/\/+$/, ''), userAgent: e.SEC_USER_AGENT?.trim(), startDate: e.EDGAR_START_DATE },
  };
}

/**
 * The S3 media store's settings, or undefined for the disk store. A setting without the bucket is
 * refused rather than ignored: someone who set MEDIA_S3_ENDPOINT expects media to leave the disk.
 */
function mediaS3Config(e: Env, env: NodeJS.ProcessEnv): MediaS3Config | undefined {
  if (!e.MEDIA_S3_BUCKET) {
    const orphans = MEDIA_S3_DEPENDENTS.filter((key) => e[key] !== undefined);
    if (orphans.length === 0) return undefined;
    throw new ConfigError(
      `Invalid configuration:\n${orphans.map((key) => `  ${key}: needs MEDIA_S3_BUCKET (the bucket media go to); without it media stay under DATA_DIR/media`).join('\n')}`,
    );
  }
  // The SDK itself would read AWS_REGION; asking for it here turns its late "Region is missing"
  // on the first upload into a start-up message.
  const region = e.MEDIA_S3_REGION ?? (env.AWS_REGION || undefined);
  if (!region) {
    throw new ConfigError(
      "Invalid configuration:\n  MEDIA_S3_BUCKET: needs MEDIA_S3_REGION (or AWS_REGION): the bucket's region; S3-compatible services usually take us-east-1 or auto",
    );
  }
  const prefix = e.MEDIA_S3_PREFIX ? e.MEDIA_S3_PREFIX.replace(/\/*$/, '/') : '';
  return {
    bucket: e.MEDIA_S3_BUCKET,
    region,
    endpoint: e.MEDIA_S3_ENDPOINT?.replace(/\/$/, ''),
    prefix,
    forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE ?? false,
  };
}

/**
 * Outside production a signing secret is generated once and kept in the data directory, so
 * restarts (and a second process on the same data) keep sessions valid.
 */
function localSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
