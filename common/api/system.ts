/**
 * /admin/system: the state of the system for the admin home and the migration page — background
 * jobs (last run, duration, error, next run; pause and run now), database migrations applied and
 * pending, and the queues that need a person.
 */
import { z } from 'zod';
import { path } from './path';

export const SYSTEM_PATHS = {
  system: '/admin/system',
  job: path('/admin/system/jobs/:name'),
  jobRun: path('/admin/system/jobs/:name/run'),
} as const;

/** Job names are code identifiers: letters, digits, dashes, dots and underscores. */
export const jobNameSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._-]+$/, 'must be a job name');

export const jobStateSchema = z.object({
  name: z.string(),
  /** How often it runs, ms. */
  intervalMs: z.number().int(),
  paused: z.boolean(),
  /** Started and not yet finished (on any instance). */
  running: z.boolean(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  /** The last run's error; null when it succeeded. */
  lastError: z.string().nullable(),
  runs: z.number().int(),
  failures: z.number().int(),
  /** When the next run is due (null while paused or before the first run). */
  nextRunAt: z.string().nullable(),
});
export type JobState = z.infer<typeof jobStateSchema>;

export const migrationStateSchema = z.object({ name: z.string(), appliedAt: z.string().nullable() });

/** A public market-data source's dataset (FINRA, the Treasury, EDGAR): its last run and how recent its data is. */
export const sourceStateSchema = z.object({
  source: z.string(),
  dataset: z.string(),
  lastStartedAt: z.string().nullable(),
  lastFinishedAt: z.string().nullable(),
  /** Rows loaded by the last run, and by every run together. */
  lastRows: z.number().int(),
  totalRows: z.number().int(),
  /** The last run's error; null when it succeeded. */
  lastError: z.string().nullable(),
  /** The latest market date loaded (YYYY-MM-DD). */
  dataThrough: z.string().nullable(),
  /** Calendar days from the data-through date to today (null before any data). */
  lagDays: z.number().int().nullable(),
  runs: z.number().int(),
  failures: z.number().int(),
});
export type SourceStateView = z.infer<typeof sourceStateSchema>;

/** Something on the system that needs a person, with where to go about it. */
export const attentionSchema = z.object({ message: z.string(), path: z.string() });

export const systemStateSchema = z.object({
  maintenanceMode: z.boolean(),
  /** Where market data comes from: the built-in simulator or the public sources (MARKET_SOURCE). */
  marketSource: z.enum(['simulator', 'public']),
  jobs: z.array(jobStateSchema),
  sources: z.array(sourceStateSchema),
  migrations: z.object({ applied: z.array(migrationStateSchema), pending: z.array(migrationStateSchema) }),
  queues: z.object({
    /** E-mails not yet delivered, and those of them whose last attempt failed. */
    outboxWaiting: z.number().int(),
    outboxFailing: z.number().int(),
    /** EDGAR term sheets waiting for a person. */
    filingsNeedingReview: z.number().int(),
    /** Trade identifiers that match no bond, and their trades. */
    unknownIdentifiers: z.number().int(),
    tradesMissingBonds: z.number().int(),
  }),
  attention: z.array(attentionSchema),
});
export type SystemState = z.infer<typeof systemStateSchema>;

/** PUT /admin/system/jobs/{name}: pause or resume a job on every instance. */
export const jobPauseBodySchema = z.object({ paused: z.boolean() });

/** POST /admin/system/jobs/{name}/run → 202: the run started here. */
export const jobRunResponseSchema = z.object({ status: z.literal('started') });
