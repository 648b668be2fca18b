import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './database';
import { MigrationError, migrateToLatest } from './migrate';
import { migrations } from './migrations';
import { createTestDatabase } from '../test/testDatabase';

describe('migrations', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('names are timestamped and in order', () => {
    const names = Object.keys(migrations);
    for (const name of names) expect(name).toMatch(/^\d{14}_[a-z0-9_]+$/);
    expect([...names].sort()).toEqual(names);
  });

  it('a migrated database has nothing left to apply', async () => {
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  it('a failing migration is named in the error and leaves the schema as it was', async () => {
    const broken = {
      ...migrations,
      '20991231000000_adds_a_table': {
        up: (db: Kysely<any>) => sql`create table half_made (id int)`.execute(db).then(() => undefined),
      },
      '20991231000001_broken': {
        up: (db: Kysely<any>) => sql`alter table no_such_table add column x int`.execute(db).then(() => undefined),
      },
    };
    const error = await migrateToLatest(handle.db, broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toMatch(/20991231000001_broken failed: .*no_such_table/);
    const tables = await sql<{
      n: number;
    }>`select count(*)::int as n from information_schema.tables where table_name = 'half_made'`.execute(handle.db);
    expect(tables.rows[0]!.n).toBe(0);
  });
});
