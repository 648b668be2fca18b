import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { PARTITION_DAYS_AHEAD } from '../services/usage/partitions';
import { rolledThrough } from '../services/usage/rollup';
import { insertUser } from '../test/factories';
import { createTestDatabase } from '../test/testDatabase';
import { usageJobs } from './usage';

/** Years after the machine's clock: what the jobs do can only come from the clock they are given. */
const NOW = Date.parse('2031-03-10T12:00:00Z');

describe('the analytics jobs on the scheduler’s clock', () => {
  let handle: DatabaseHandle;
  const job = (name: string) => usageJobs({ usageForward: undefined }).find((j) => j.name === name)!;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('makes the partitions from the clock’s day onwards', async () => {
    await job('analytics-partitions').run(handle.db, { now: () => NOW });
    const { rows } = await sql<{ relname: string }>`
      select relname from pg_class where relkind = 'r' and relname like 'analytics_events_p2031%' order by relname`.execute(handle.db);
    expect(rows.map((r) => r.relname)).toEqual(
      Array.from({ length: PARTITION_DAYS_AHEAD + 1 }, (_, i) => `analytics_events_p203103${String(10 + i).padStart(2, '0')}`),
    );
  });

  it('rolls up the days closed by the clock’s day, and no further', async () => {
    const db = handle.db;
    await insertUser(db, 'a1');
    for (const at of ['2031-03-09T10:00:00Z', '2031-03-10T09:00:00Z']) {
      await db
        .insertInto('analytics_events')
        .values({
          received_at: at,
          occurred_at: at,
          user_id: 'a1',
          organization_id: null,
          role_type: null,
          role_function: null,
          device_id: 'device-a1',
          name: 'page.view',
          path: null,
          properties: JSON.stringify({ route: '/bw/bond' }),
          forward: false,
        })
        .execute();
    }
    await job('analytics-rollup').run(db, { now: () => NOW });
    expect(await rolledThrough(db)).toBe('2031-03-10');
    const days = await sql<{ day: string; events: string }>`select day::text as day, events from analytics_days order by day`.execute(db);
    expect(days.rows.map((d) => [d.day, Number(d.events)])).toEqual([['2031-03-09', 1]]);
  });
});
