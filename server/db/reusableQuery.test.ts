import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/testDatabase';
import type { DatabaseHandle } from './database';
import { reusableQuery } from './reusableQuery';

describe('a query built once and run with new parameters', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`create table reuse_probe (id integer primary key, day date not null, label text not null)`.execute(database.db);
    await sql`insert into reuse_probe values (1, '2026-01-05', 'a'), (2, '2026-01-06', 'b'), (3, '2026-01-06', 'c')`.execute(database.db);
  });
  afterAll(() => database.close());

  // A constant ('c') and a limit in the query stay as built; only the placeholders change.
  const probe = reusableQuery(
    (db, minId: number, day: string) =>
      db
        .selectFrom('reuse_probe' as never)
        .select(sql<string>`label`.as('label'))
        .where(sql<boolean>`id >= ${minId} and day = ${day}::date and label <> ${'c'}`)
        .orderBy(sql`id`)
        .limit(10),
    [-987_654_321, '1900-01-02'] as const,
  );

  it('answers each call with its own values, keeping the query’s constants', async () => {
    expect((await probe(database.db, 0, '2026-01-06')).rows).toEqual([{ label: 'b' }]);
    expect((await probe(database.db, 0, '2026-01-05')).rows).toEqual([{ label: 'a' }]);
    expect((await probe(database.db, 2, '2026-01-05')).rows).toEqual([]);
  });

  it('refuses placeholders that are not parameters of the query, or that repeat', async () => {
    const missing = reusableQuery((db, id: number) => db.selectFrom('reuse_probe' as never).select(sql`${id}`.as('x')), [5] as const);
    // A placeholder that is a parameter runs (awaited: a floating query could fail after the test).
    expect((await missing(database.db, 7)).rows).toHaveLength(3);
    const absent = reusableQuery((db, _id: number) => db.selectFrom('reuse_probe' as never).select(sql`1`.as('x')), [5] as const);
    expect(() => absent(database.db, 7)).toThrow(/placeholder 5 is not a parameter/);
    expect(() =>
      reusableQuery((db, a: number, b: number) => db.selectFrom('reuse_probe' as never).select(sql`${a + b}`.as('x')), [1, 1] as const),
    ).toThrow(/must differ/);
  });
});
