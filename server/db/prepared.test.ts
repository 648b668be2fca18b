import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/testDatabase';
import type { DatabaseHandle } from './database';
import { PREPARED_MARK, preparedStatement } from './prepared';

interface PreparedRow {
  name: string;
  statement: string;
  generic_plans: string;
  custom_plans: string;
}

/** The session's named statements that carry the mark (pg_prepared_statements is per session). */
const markedStatements = sql<PreparedRow>`
  select name, statement, generic_plans::text, custom_plans::text from pg_prepared_statements
  where statement like ${`%${PREPARED_MARK}%`} and statement not like '%pg_prepared_statements%'`;

describe('prepared hot statements', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('a marked statement is prepared once per connection and then runs on its generic plan, never re-planned', async () => {
    const rows = await database.db.connection().execute(async (connection) => {
      for (const id of [1, 2, 3, 4, 5, 6, 7]) {
        await connection.selectFrom('bonds').modifyFront(preparedStatement).select('id').where('id', '=', id).execute();
      }
      return (await markedStatements.execute(connection)).rows;
    });
    const mine = rows.filter((r) => r.statement.includes('from "bonds"'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toMatch(/^bw_\d+$/);
    expect(Number(mine[0]!.generic_plans)).toBe(7);
    expect(Number(mine[0]!.custom_plans)).toBe(0);
  });

  it('an unmarked statement stays unnamed (planned per execution, as before)', async () => {
    const rows = await database.db.connection().execute(async (connection) => {
      await connection.selectFrom('bonds').select('id').where('id', '=', 1).execute();
      return (
        await sql<{
          n: string;
        }>`select count(*)::text as n from pg_prepared_statements where statement like '%from "bonds" where "id"%' and statement not like ${`%${PREPARED_MARK}%`}`.execute(
          connection,
        )
      ).rows;
    });
    expect(rows[0]!.n).toBe('0');
  });

  it('answers and errors are the same as unprepared: parameters bind, a failing statement rejects and the connection stays usable', async () => {
    const marked = (x: number) => sql<{ y: number }>`select ${preparedStatement} ${x}::int + 1 as y`.execute(database.db);
    expect((await marked(41)).rows[0]!.y).toBe(42);
    expect((await marked(1)).rows[0]!.y).toBe(2);
    await expect(sql`select ${preparedStatement} 1 / ${0}::int as boom`.execute(database.db)).rejects.toThrow(/division by zero/);
    expect((await marked(9)).rows[0]!.y).toBe(10);
  });

  it('inside a transaction that rolls back, a marked statement still works afterwards on the same connection', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`select ${preparedStatement} ${5}::int as v`.execute(trx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const again = await sql<{ v: number }>`select ${preparedStatement} ${6}::int as v`.execute(database.db);
    expect(again.rows[0]!.v).toBe(6);
  });
});
