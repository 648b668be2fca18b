import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PgliteWorker, kyselyOverWorker } from './pgliteWorker';
import { pgliteListen, postgresListen, setListener } from './channels';
import type { Database } from './schema';
import { usePreparedStatements } from './prepared';

export type Engine = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** PostgreSQL: the connection string (a second instance in a test opens its own pool on it). */
  url?: string;
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

/**
 * Opens the embedded PGlite database stored under dataDir (created on first use), in a worker
 * thread so its queries never hold the HTTP event loop (see pgliteWorker.ts).
 */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return openPgliteWorker({ dataDir: dir });
}

/** PGlite in a worker thread, from a data directory or a data-dir dump (tests' template). */
export async function openPgliteWorker(source: { dataDir: string } | { loadDataDir: Uint8Array }): Promise<DatabaseHandle> {
  const worker = new PgliteWorker(source);
  try {
    await worker.waitReady;
  } catch (err) {
    await worker.close();
    throw err;
  }
  const { db, heard } = kyselyOverWorker(worker);
  engines.set(db, 'pglite');
  setListener(db, pgliteListen(db, heard));
  return {
    db,
    engine: 'pglite',
    async close() {
      await db.destroy();
      await worker.close();
    },
  };
}

/**
 * Wraps an open in-process PGlite instance (file-backed or in-memory) with the standard Postgres
 * dialect. Its queries run on the calling thread: for one-off tools (the test template build),
 * not for a server — that uses openPglite's worker.
 */
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

export interface PostgresOptions {
  /** Told about connection errors the pool recovered from (a terminated backend, a restart). */
  onConnectionError?: (err: Error) => void;
}

/**
 * Opens a PostgreSQL server connection pool that survives losing the server: a connection that
 * dies (pg_terminate_backend, a restart) emits 'error' on its client, idle or checked out, and
 * on the pool; unhandled, that event ends the process. Both are handled here, the broken client
 * is dropped by the pool, and the next query opens a new connection, so the app reconnects by
 * itself. Queries that fail meanwhile reject (the error handler answers 503).
 */
export function openPostgres(url: string, poolSize = 20, options: PostgresOptions = {}): DatabaseHandle {
  // An idle client's error reaches both its own listener and the pool's: report it once.
  const reported = new WeakSet<Error>();
  const report = (err: Error) => {
    if (reported.has(err)) return;
    reported.add(err);
    options.onConnectionError?.(err);
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // While the server is unreachable a request fails within this time instead of queueing for ever.
    connectionTimeoutMillis: 5_000,
  });
  pool.on('error', (err) => report(err));
  // A checked-out client has no pool listener; one of its own keeps its late 'error' handled.
  pool.on('connect', (client) => client.on('error', (err) => report(err)));
  usePreparedStatements(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  engines.set(db, 'postgres');
  setListener(db, postgresListen(url));
  return { db, engine: 'postgres', url, close: () => db.destroy() };
}

/** The configured database: PostgreSQL when DATABASE_URL is set, embedded PGlite otherwise. */
export async function openDatabase(
  config: { databaseUrl?: string | undefined; dataDir: string },
  options: PostgresOptions = {},
): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, 20, options) : openPglite(config.dataDir);
}
