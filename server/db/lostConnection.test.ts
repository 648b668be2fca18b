import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl } from '../test/databaseTemplate';
import { bearer, createTestApp, type TestContext } from '../test/testApp';

const onPostgres = process.env.TEST_DB_ENGINE === 'postgres';

/**
 * A PostgreSQL connection that dies (server restart, pg_terminate_backend, a network cut) once
 * ended the whole process with an unhandled 'error' event on the pool. Now requests answer 503
 * while the database is away, the pool reconnects by itself, and nothing acknowledged is lost.
 * (PGlite runs in-process: it has no connection to lose, so this runs on PostgreSQL only.)
 */
describe.skipIf(!onPostgres)('losing PostgreSQL connections', () => {
  let ctx: TestContext;
  let admin: pg.Client;
  let database: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = new pg.Client({ connectionString: adminUrl(process.env.TEST_DATABASE_URL!) });
    await admin.connect();
    database = (await sql<{ d: string }>`select current_database() as d`.execute(ctx.database.db)).rows[0]!.d;
    await sql`insert into users (id, email, password_hash, support_token) values ('ann', 'ann@example.com', 'x', 's-ann')`.execute(ctx.database.db);
  });
  afterAll(async () => {
    await admin.end();
    await ctx.close();
  });

  const terminateAppConnections = () =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);

  it('every connection terminated: the process survives, answers 503 or 200 meanwhile, and recovers with no write lost', async () => {
    const headers = await bearer('ann');
    const acknowledged: string[] = [];
    const create = async (name: string) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/v2/bond-tables', headers, payload: { name } });
      if (res.statusCode === 201) acknowledged.push(res.json().id);
      return res.statusCode;
    };
    // Warm the pool: several connections sit idle when the server drops them.
    await Promise.all([1, 2, 3, 4].map((i) => create(`before ${i}`)));
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      await terminateAppConnections();
      for (let i = 0; i < 10; i++) {
        statuses.push(await create(`round ${round} #${i}`));
        statuses.push((await ctx.app.inject({ method: 'GET', url: '/health' })).statusCode);
        // Let the pool hear of the dead connections (their 'error' events arrive asynchronously).
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    expect(statuses.every((s) => s === 200 || s === 201 || s === 503)).toBe(true);
    expect(statuses.slice(-4)).toEqual([201, 200, 201, 200]);
    const stored = await ctx.database.db.selectFrom('bond_tables').select('id').where('owner_id', '=', 'ann').execute();
    expect(stored.map((r) => r.id).sort()).toEqual([...acknowledged].sort());
  });
});
