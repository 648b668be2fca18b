import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { TEST_JWT_SECRET } from '../test/testApp';
import { type ThrowawayCluster, startThrowawayCluster, throwawayClusterUnavailable } from '../test/throwawayCluster';
import { type DatabaseHandle, openPostgres } from './database';
import { migrateToLatest } from './migrate';

/**
 * The PostgreSQL restart test: the app writes under light load while its own
 * throwaway cluster restarts with `pg_ctl restart -m fast`. It runs in the server-postgres project
 * (CI); it is skipped, saying why, only where initdb cannot be run. The figures it prints are the
 * ones in docs/database.md.
 */
const unavailable = process.env.TEST_DB_ENGINE === 'postgres' ? throwawayClusterUnavailable() : 'runs in the server-postgres project';
if (unavailable && process.env.TEST_DB_ENGINE === 'postgres') console.warn(`PostgreSQL restart test skipped: ${unavailable}`);

interface Attempt {
  message: string;
  started: number;
  ended: number;
  status: number;
  body: unknown;
}

const WRITERS = 2;
/** Pause between one writer's requests: light load, a few dozen writes a second. */
const PAUSE_MS = 10;

describe.skipIf(Boolean(unavailable))('PostgreSQL restarts under light write load', () => {
  let cluster: ThrowawayCluster;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const lost: Error[] = [];

  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    database = openPostgres(cluster.url, 5, { onConnectionError: (err) => lost.push(err) });
    await migrateToLatest(database.db);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '.tmp/test-data', JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent' });
    app = await buildApp({ config, db: database.db, logger: false });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await cluster?.destroy();
  });

  it('the app answers 503 while it is down, recovers by itself, and every acknowledged write is stored', async () => {
    const attempts: Attempt[] = [];
    let n = 0;
    let phase: 'before' | 'restarting' | 'after' = 'before';
    let okAfterRestart = 0;
    const write = async () => {
      const message = `restart-probe-${n++}`;
      const started = performance.now();
      // A different client address per write: the point is the database, not the per-client limit.
      const res = await app.inject({
        method: 'POST',
        url: '/v2/client-errors',
        remoteAddress: `10.9.${(n >> 8) & 255}.${n & 255}`,
        payload: { message },
      });
      attempts.push({ message, started, ended: performance.now(), status: res.statusCode, body: res.json() });
      if (phase === 'after' && res.statusCode === 202) okAfterRestart++;
    };
    const writer = async () => {
      // Until 20 writes per writer succeed after the restart returned (or a bound, so it ends).
      for (let i = 0; i < 5000 && okAfterRestart < 20 * WRITERS; i++) {
        await write();
        await new Promise((r) => setTimeout(r, PAUSE_MS));
      }
    };
    const startTime = async () =>
      (await sql<{ t: Date }>`select pg_postmaster_start_time() as t`.execute(database.db)).rows[0]!.t.getTime();
    const bootedBefore = await startTime();

    const writers = Array.from({ length: WRITERS }, writer);
    // Some writes before the restart, then the restart while the writers go on.
    while (attempts.filter((a) => a.status === 202).length < 20) await new Promise((r) => setTimeout(r, PAUSE_MS));
    phase = 'restarting';
    const restartStarted = performance.now();
    await cluster.restart();
    const restartEnded = performance.now();
    phase = 'after';
    await Promise.all(writers);

    // The server really restarted.
    expect(await startTime()).toBeGreaterThan(bootedBefore);
    // While it was away the only answers were 503 { error }; never a 500, never a hang.
    const failed = attempts.filter((a) => a.status !== 202);
    expect(new Set(failed.map((a) => a.status))).toEqual(new Set(failed.length ? [503] : []));
    for (const a of failed) expect(a.body).toEqual({ error: 'The database is unavailable; try again shortly' });
    // No lasting errors: the last 20 writes all succeeded, and health is honest again.
    expect(attempts.slice(-20).every((a) => a.status === 202)).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ status: 'ok', db: 'up' });

    // Every acknowledged write is there.
    const acknowledged = attempts.filter((a) => a.status === 202).map((a) => a.message);
    const stored = new Set(
      (await database.db.selectFrom('client_errors').select('message').where('message', 'like', 'restart-probe-%').execute()).map(
        (r) => r.message,
      ),
    );
    expect(acknowledged.filter((m) => !stored.has(m))).toEqual([]);

    const lastFailure = failed.at(-1);
    const recovered = attempts.find((a) => a.status === 202 && (!lastFailure || a.started > lastFailure.started));
    console.info(
      `PostgreSQL restart: pg_ctl restart -m fast took ${Math.round(restartEnded - restartStarted)} ms; ` +
        `${attempts.length} writes, ${acknowledged.length} acknowledged, ${acknowledged.filter((m) => stored.has(m)).length} of them found, ` +
        `${stored.size} stored in all; ${failed.length} answered 503; ` +
        `first success after the last failure ${recovered ? Math.round(recovered.ended - restartStarted) : '?'} ms after the restart began; ` +
        `${lost.length} connection errors handled`,
    );
  }, 120_000);
});
