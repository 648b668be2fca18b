import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../../server/db/database';

export type BenchEngine = 'pglite' | 'postgres';

/** The PostgreSQL server benchmarks use: BENCH_DATABASE_URL, else TEST_DATABASE_URL. */
export const benchPostgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/**
 * A throwaway database for one benchmark run: a new PGlite directory under the system temp
 * folder, or a new database on the PostgreSQL server. cleanup() closes and deletes it.
 */
export async function openScratchDatabase(
  engine: BenchEngine,
  label: string,
  poolSize = 4,
): Promise<DatabaseHandle & { cleanup(): Promise<void> }> {
  if (engine === 'postgres') {
    const url = benchPostgresUrl;
    if (!url) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL for --engine postgres');
    const name = `bw_${label}_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const handle = openPostgres(u.toString(), poolSize);
    return {
      ...handle,
      async cleanup() {
        await handle.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), `bw-${label}-bench-`));
  const handle = await openPglite(dir);
  return {
    ...handle,
    async cleanup() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
