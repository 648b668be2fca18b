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

/** Where the pool reports a connection it lost while idle. */
export type PoolErrorListener = (err: Error) => void;

/**
 * Opens a PostgreSQL server connection pool. A connection that dies while idle (server restart,
 * pg_terminate_backend, a network cut) emits 'error' on the pool; unheard, that event ends the
 * process (as does one dying while checked out). It is reported and dropped instead: the pool opens fresh connections on demand, so
 * the app reconnects by itself once the server is back, and requests meanwhile answer 503.
 */
export function openPostgres(url: string, poolSize = 20, onPoolError: PoolErrorListener = () => {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 });
  pool.on('error', onPoolError);
  // A connection can also die while checked out (mid-query or mid-transaction): the query fails
  // (→ 503), and the client's own 'error' event needs a listener too, or it ends the process.
  // The pool discards such a client when it is released.
  pool.on('connect', (client) => client.on('error', onPoolError));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  engines.set(db, 'postgres');
  return { db, engine: 'postgres', close: () => db.destroy() };
}

/** The configured database: PostgreSQL when DATABASE_URL is set, embedded PGlite otherwise. */
export async function openDatabase(
  config: { databaseUrl?: string | undefined; dataDir: string },
  onPoolError?: PoolErrorListener,
): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, 20, onPoolError) : openPglite(config.dataDir);
}
