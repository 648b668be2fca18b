import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres, wrapPglite } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { TEMP_DIR, adminUrl, newRunId, withDatabase } from './databaseTemplate';

/**
 * Builds one migrated template per test run (PGlite: a data-dir dump; PostgreSQL: a template
 * database), so every test file starts from a fresh copy in about a second instead of migrating.
 * Each returns its teardown, which removes what this run made.
 */
export async function setupPostgresTemplate(): Promise<{
  templateDb: string;
  databasePrefix: string;
  teardown: () => Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL must be set to run the PostgreSQL suites');
  const runId = newRunId();
  const templateDb = `bw_template_${runId}`;
  const databasePrefix = `bw_t_${runId}_`;
  await withAdmin(url, (admin) => admin.query(`create database "${templateDb}"`));
  const handle = openPostgres(withDatabase(url, templateDb), 2);
  await migrateToLatest(handle.db);
  await handle.close();
  return {
    templateDb,
    databasePrefix,
    teardown: () =>
      withAdmin(url, async (admin) => {
        const mine = await admin.query<{ datname: string }>(
          `select datname from pg_database where starts_with(datname, $1) or datname = $2`,
          [databasePrefix, templateDb],
        );
        for (const { datname } of mine.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
      }),
  };
}

export async function setupPgliteTemplate(): Promise<{ file: string; teardown: () => Promise<void> }> {
  const pglite = await PGlite.create();
  const handle = wrapPglite(pglite);
  await migrateToLatest(handle.db);
  const dump = await pglite.dumpDataDir('none');
  await handle.close();
  mkdirSync(TEMP_DIR, { recursive: true });
  const file = `${TEMP_DIR}/pglite-template-${newRunId()}.tar`;
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { file, teardown: async () => rmSync(file, { force: true }) };
}

async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
