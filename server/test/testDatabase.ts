import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type DatabaseHandle, type PostgresOptions, openPgliteWorker, openPostgres } from '../db/database';
import { inject } from 'vitest';
import { adminUrl, withDatabase } from './databaseTemplate';

/**
 * A fresh, migrated, private database for one test file on the engine under test
 * (TEST_DB_ENGINE: pglite, or postgres at TEST_DATABASE_URL). close() releases it; PostgreSQL
 * test databases are dropped together at the end of the run.
 */
export async function createTestDatabase(options: PostgresOptions = {}): Promise<DatabaseHandle> {
  if (process.env.TEST_DB_ENGINE === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `${inject('postgresDatabasePrefix')}${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    try {
      await admin.query(`create database "${name}" template "${inject('postgresTemplateDb')}"`);
    } finally {
      await admin.end();
    }
    // Dropped by the run's teardown once every worker has exited: dropping here, while a
    // background query of the app under test may still be finishing, would kill that connection.
    return openPostgres(withDatabase(url, name), 5, options);
  }
  // In its worker thread, as the server runs it.
  return openPgliteWorker({ loadDataDir: new Uint8Array(readFileSync(inject('pgliteTemplateFile'))) });
}
