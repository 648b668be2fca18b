import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, createTestApp } from '../test/testApp';
import { type DatabaseHandle, openPgliteWorker, wrapPglite } from './database';
import { PgliteWorker, kyselyOverWorker } from './pgliteWorker';

/**
 * A heavy query: seconds of WebAssembly work, no matter how fast the machine. Kept cheap
 * enough for CI by a count over a generated series (no table, nothing stored).
 */
const HEAVY = sql<{ n: string }>`select count(*) as n from generate_series(1, 1000000) g where g % 7 = 3`;

/** Runs the heavy query and a zero-delay timer together; answers which finished first. */
async function race(database: DatabaseHandle): Promise<string[]> {
  const order: string[] = [];
  await sql`select 1`.execute(database.db); // connected and idle: the heavy query starts at once
  const heavy = HEAVY.execute(database.db).then(() => order.push('query'));
  const timer = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => order.push('timer'));
  await Promise.all([heavy, timer]);
  return order;
}

// Engine-independent: once, in the PGlite project.
describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('PGlite in its worker thread', () => {
  let worker: DatabaseHandle;
  beforeAll(async () => {
    worker = await openPgliteWorker({ dataDir: 'memory://' });
  });
  afterAll(() => worker.close());

  it('a timer set while a long query runs fires before the query ends: the event loop stays free', async () => {
    expect(await race(worker)).toEqual(['timer', 'query']);
  });

  it('in-process PGlite, by contrast, holds the event loop until the query ends (why the worker exists)', async () => {
    const inProcess = wrapPglite(await PGlite.create());
    try {
      expect(await race(inProcess)).toEqual(['query', 'timer']);
    } finally {
      await inProcess.close();
    }
  });

  it('the answer is the same as in-process, with pg types (count is a string) and errors that carry their SQLSTATE', async () => {
    const { rows } = await HEAVY.execute(worker.db);
    // Multiples of 7 plus 3 up to 1,000,000: 3 + 7k ≤ 1,000,000 for k = 0 … 142,856.
    expect(rows).toEqual([{ n: '142857' }]);
    const failure = await sql`select * from no_such_table`.execute(worker.db).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: '42P01' });
  });

  it('a transaction is pinned to the one connection: a rollback undoes its writes', async () => {
    await sql`create table t (v int)`.execute(worker.db);
    await worker.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into t values (1)`.execute(trx);
        throw new Error('roll back');
      })
      .catch(() => {});
    await worker.db.transaction().execute((trx) => sql`insert into t values (2)`.execute(trx));
    expect((await sql<{ v: number }>`select v from t`.execute(worker.db)).rows).toEqual([{ v: 2 }]);
  });
});

describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('the wire protocol between node-postgres and the worker', () => {
  let worker: PgliteWorker;
  let db: ReturnType<typeof kyselyOverWorker>['db'];
  let pool: ReturnType<typeof kyselyOverWorker>['pool'];
  beforeAll(async () => {
    worker = new PgliteWorker({ dataDir: 'memory://' });
    await worker.waitReady;
    ({ db, pool } = kyselyOverWorker(worker));
    await sql`select 1`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    await worker.close();
  });

  it('a parameterised query (Parse, Bind, Describe, Execute, Sync) is one round trip, as one write to a socket would be', async () => {
    const before = worker.exchanges;
    const { rows } = await sql<{ x: number }>`select ${41}::int + 1 as x`.execute(db);
    expect(rows).toEqual([{ x: 42 }]);
    expect(worker.exchanges - before).toBe(1);
  });

  it('a parameterised statement that fails to parse answers its error, and the connection goes on', async () => {
    const failure = await sql`select ${1}::int frm nowhere`.execute(db).catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: '42601' });
    const failedBind = await sql`select ${'not a number'}::int as x`.execute(db).catch((e: unknown) => e);
    expect(failedBind).toMatchObject({ code: '22P02' });
    expect((await sql<{ x: number }>`select ${7}::int as x`.execute(db)).rows).toEqual([{ x: 7 }]);
  });

  it('queries sent together go out on several connections, each answered with its own rows', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((k) => sql<{ k: number }>`select ${k}::int as k`.execute(db)));
    expect(answers.map((a) => a.rows[0]?.k)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pool.totalCount).toBeGreaterThan(1);
  });

  it('while a transaction is open, statements from other connections wait for its end and never run inside it', async () => {
    await sql`create table ledger (v int)`.execute(db);
    let outsideSaw: number | undefined;
    let outside: Promise<void> | undefined;
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into ledger values (1)`.execute(trx);
        outside = sql<{ n: string }>`select count(*) as n from ledger`.execute(db).then((r) => {
          outsideSaw = Number(r.rows[0]?.n);
        });
        // Several round trips, each a chance for the outside statement to slip in.
        for (let k = 2; k <= 5; k++) await sql`insert into ledger values (${k})`.execute(trx);
        await sql`select 1 / 0`.execute(trx).catch(() => undefined); // a failed transaction still holds the backend
        expect(outsideSaw).toBeUndefined();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await outside;
    // It ran after the rollback: it saw none of the transaction's rows.
    expect(outsideSaw).toBe(0);
  });
});

describe.skipIf(process.env.TEST_DB_ENGINE === 'postgres')('/health while PGlite is busy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers before a long query ahead of it on the one connection ends', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const order: string[] = [];
    await sql`select 1`.execute(ctx.database.db);
    const heavy = HEAVY.execute(ctx.database.db).then(() => order.push('query'));
    const health = ctx.app.inject({ method: 'GET', url: '/health' }).then((res) => {
      order.push('health');
      return res;
    });
    const [res] = await Promise.all([health, heavy]);
    expect(res.json()).toEqual({ status: 'ok', maintenanceMode: false, db: 'up' });
    expect(order).toEqual(['health', 'query']);
  });
});
