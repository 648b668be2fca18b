/**
 * The environment variables of the configuration, each with its type, limits and default (zod).
 * What they become — the typed Config, with the checks that span several variables — is
 * server/config.ts.
 */
import { SUPPORT_WIDGET_REGIONS, intercomAppIdSchema } from '@common/api/support';
import { z } from 'zod';

const booleanFromEnv = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUBLIC_URL: z.string().url().optional(),
  SUPPORT_EMAIL: z.string().email().default('support@bondwise.local'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Bondwise <no-reply@bondwise.local>'),
  SENTRY_DSN: z.string().url().optional(),
  PRODUCTION_HOSTS: z.string().default('bondwise.com,dev.bondwise.com'),
  TRUST_PROXY: z
    .string()
    .regex(/^[0-9a-fA-F.:/,\s]*$/, 'must be a comma-separated list of proxy IP addresses or CIDR ranges')
    .default(''),
  LIVE_MARKET: booleanFromEnv.optional(),
  SEED_DEMO: booleanFromEnv.optional(),
  DEMO_CONTENT: booleanFromEnv.optional(),
  DEMO_CLOCK: z.enum(['always-open', 'off']).optional(),
  SIM_SEED: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .optional(),
  SIM_BONDS: z.coerce.number().int().min(20).max(100_000).default(3000),
  SIM_HISTORY_DAYS: z.coerce.number().int().min(1).max(2600).default(260),
  LIVE_TICK_MS: z.coerce.number().int().min(200).max(3_600_000).default(5000),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce.number().int().min(300).max(31_536_000).default(2_592_000),
  MFA_REQUIRED: booleanFromEnv.optional(),
  API_DOCS_PUBLIC: booleanFromEnv.optional(),
  COOKIE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a host name like bondwise.com')
    .optional(),
  EMPLOYEE_EMAIL_DOMAINS: z.string().optional(),
  TRIAL_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  ANALYTICS_FORWARD: z.enum(['posthog', 'mixpanel']).optional(),
  ANALYTICS_FORWARD_URL: z.string().url().optional(),
  ANALYTICS_FORWARD_KEY: z.string().min(1).max(200).optional(),
  NOTIFICATION_POLL_HOLD_MS: z.coerce.number().int().min(100).max(60_000).default(25_000),
  DIGEST_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(60_000)
    .max(30 * 86_400_000)
    .default(86_400_000),
  INTERCOM_APP_ID: intercomAppIdSchema.optional(),
  INTERCOM_REGION: z.enum(SUPPORT_WIDGET_REGIONS).default('us'),
  INTERCOM_IDENTITY_SECRET: z.string().min(16, 'must be at least 16 characters').max(200).optional(),
  VAPID_PUBLIC_KEY: z.string().min(20).max(200).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).max(200).optional(),
  MEDIA_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens')
    .optional(),
  MEDIA_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name like eu-west-1 (S3-compatible services often take us-east-1 or auto)')
    .optional(),
  MEDIA_S3_ENDPOINT: z
    .string()
    .url()
    .regex(/^https?:\/\/[^/?#]+\/?$/, 'must be an http:// or https:// address with no path, like https://s3.example.com')
    .optional(),
  MEDIA_S3_PREFIX: z
    .string()
    .regex(
      /^(?!\/)(?!.*\/\/)(?!.*(^|\/)\.\.?(\/|$))[A-Za-z0-9._/-]{1,200}$/,
      'must be a key prefix like bondwise/media/ (letters, digits, . _ - /; no leading slash, no . or .. segments)',
    )
    .optional(),
  MEDIA_S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  MARKET_SOURCE: z.enum(['simulator', 'public']).default('simulator'),
  FINRA_BASE_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// address like https://api.finra.org')
    .default('https://api.finra.org'),
  FINRA_TOKEN_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// address')
    .default('https://ews.fip.finra.org/fip/rest/ews/oauth2/access_token'),
  FINRA_CLIENT_ID: z.string().min(1).max(200).optional(),
  FINRA_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  // Ten years at most, the longest history any screen asks for (MAX_RANGE_DAYS.history).
  FINRA_HISTORY_DAYS: z.coerce.number().int().min(1).max(3660).default(30),
  TREASURY_BASE_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// address like https://home.treasury.gov')
    .default('https://home.treasury.gov'),
  TREASURY_BACKFILL_YEARS: z.coerce.number().int().min(0).max(40).default(2),
  EDGAR_BASE_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must be an http:// or https:// address like https://www.sec.gov')
    .default('https://www.sec.gov'),
  SEC_USER_AGENT: z
    .string()
    .max(200)
    .regex(
      /^[^\r\n]*\S+@\S+\.\S+[^\r\n]*$/,
      'must name your organisation and a contact e-mail, as the SEC asks: "Acme Capital ops@acme.com"',
    )
    .optional(),
  EDGAR_START_DATE: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-23')
    .optional(),
});

/** The variables that only mean something with MEDIA_S3_BUCKET. */
export const MEDIA_S3_DEPENDENTS = ['MEDIA_S3_REGION', 'MEDIA_S3_ENDPOINT', 'MEDIA_S3_PREFIX', 'MEDIA_S3_FORCE_PATH_STYLE'] as const;

/** The environment once validated, defaults filled in. */
export type Env = z.infer<typeof envSchema>;
