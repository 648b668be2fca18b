import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Engine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Closes the pool and, for PGlite, the embedded database. */
  close(): Promise<void>;
}

// numeric and bigint come back as strings from pg by default; int8 ids stay strings (exact),
// numeric stays a string too so money is never silently rounded — services convert explicitly.

const engines = new WeakMap<object, Engine>();

/**
 * Which engine a Kysely instance talks to (PostgreSQL when it was not opened here). Code that
 * may lean on PGlite's single connection — nothing else can write while it works — asks this.
 */
export function engineOf(db: Kysely<Database>): Engine {
  return engines.get(db) ?? 'postgres';
}

/** Opens the embedded PGlite database stored under dataDir (created on first use). */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  return wrapPglite(pglite);
}

/** Wraps an open PGlite instance (file-backed or in-memory) with the standard Postgres dialect. */
export function wrapPglite(pglite: PGlite): DatabaseHandle {
  // PGlite has one connection; a pool of one serialises transactions, which is what it needs.
  const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  engines.set(db, 'pglite');
  return {
    db,
    engine: 'pglite',
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** Opens a PostgreSQL server connection pool. */
export function openPostgres(url: string, poolSize = 20): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  engines.set(db, 'postgres');
  return { db, engine: 'postgres', close: () => db.destroy() };
}

/** The configured database: PostgreSQL when DATABASE_URL is set, embedded PGlite otherwise. */
export async function openDatabase(config: { databaseUrl?: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}
