import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { adminUrl } from '../test/databaseTemplate';
import { createTestDatabase } from '../test/testDatabase';
import { TEST_JWT_SECRET, bearer } from '../test/testApp';
import { type DatabaseHandle, openPostgres } from './database';

const testConfig = () => loadConfig({ NODE_ENV: 'test', DATA_DIR: '.tmp/test-data', JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent' });

/** Waits (in 10 ms steps, at most 10 s) until a condition holds: for events, not for time. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('condition not reached');
}

describe('a database that cannot be reached', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  beforeAll(async () => {
    // Port 1 on loopback: nothing listens, every connection is refused at once.
    database = openPostgres('postgres://postgres@127.0.0.1:1/postgres', 2);
    app = await buildApp({ config: testConfig(), db: database.db, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('health answers 503 with db: down', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', maintenanceMode: false, db: 'down' });
  });

  it('an API request answers 503 with an { error } body, not a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/v2/bond-tables', headers: await bearer('user-1') });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'The database is unavailable; try again shortly' });
    expect(res.headers['retry-after']).toBe('2');
  });
});

describe.skipIf(process.env.TEST_DB_ENGINE !== 'postgres')('losing PostgreSQL connections (server-postgres)', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let admin: pg.Client;
  let dbName: string;
  const lost: Error[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ onConnectionError: (err) => lost.push(err) });
    app = await buildApp({ config: testConfig(), db: database.db, logger: false });
    await app.ready();
    admin = new pg.Client({ connectionString: adminUrl(process.env.TEST_DATABASE_URL!) });
    await admin.connect();
    dbName = (await sql<{ name: string }>`select current_database() as name`.execute(database.db)).rows[0]!.name;
  });
  afterAll(async () => {
    await admin.end();
    await app.close();
    await database.close();
  });

  const terminateAll = async () =>
    (await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [dbName]))
      .rowCount ?? 0;

  it('terminating every idle connection of the app leaves the process up and the next requests succeed', async () => {
    const user = await bearer('user-1');
    // Several requests at once so the pool holds several idle connections.
    const warm = await Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'GET', url: '/v2/bond-tables', headers: user })));
    expect(warm.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);

    const before = lost.length;
    const terminated = await terminateAll();
    expect(terminated).toBeGreaterThan(0);
    // Each idle client hears of its end as an 'error' event; unhandled, that ended the process.
    await until(() => lost.length - before >= terminated);

    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'GET', url: '/v2/bond-tables', headers: user });
      expect(res.statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toEqual({ status: 'ok', maintenanceMode: false, db: 'up' });
  });

  it('a connection terminated inside a transaction fails that transaction only; the pool reconnects', async () => {
    const before = lost.length;
    const outcome = database.db
      .transaction()
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        // Checked out and between queries: no pool listener is on this client.
        await terminateAll();
        await until(() => lost.length > before);
        await sql`select 1`.execute(trx);
      })
      .then(
        () => 'committed',
        () => 'failed',
      );
    expect(await outcome).toBe('failed');
    const res = await app.inject({ method: 'GET', url: '/v2/bond-tables', headers: await bearer('user-2') });
    expect(res.statusCode).toBe(200);
  });
});
