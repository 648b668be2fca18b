import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

export const TEMP_DIR = fileURLToPath(new URL('../../.tmp', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's migrated PGlite data-dir dump. */
    pgliteTemplateFile: string;
    /** This run's migrated PostgreSQL template database. */
    postgresTemplateDb: string;
    /** Prefix of this run's per-file PostgreSQL databases. */
    postgresDatabasePrefix: string;
  }
}

/**
 * A short id per test run: templates and per-file databases carry it, so runs started at the same
 * time (two engineers, or CI and a developer on one server) never touch each other's databases.
 */
export function newRunId(): string {
  return `${process.pid.toString(36)}${randomBytes(3).toString('hex')}`;
}

/** The maintenance database URL (same server, database `postgres`) used to create test databases. */
export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
