import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../test/testApp';
import { runSeeds, type Seeder } from './index';

/** The app's clock, far from the machine's: the record of a seed is stamped on it. */
const T0 = Date.parse('2026-03-02T09:00:00Z');

describe('running the seeders', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => T0 });
  });
  afterAll(() => ctx.close());

  it('records each seeder at the time it is given, and a second start runs none again', async () => {
    let runs = 0;
    const counting: Seeder = { name: 'counting', run: async () => void runs++ };
    const seed = () =>
      runSeeds({ db: ctx.database.db, config: ctx.config, log: { info: vi.fn() } as never, now: ctx.app.now, progress: () => {} }, [
        counting,
      ]);
    await seed();
    await seed();
    expect(runs).toBe(1);
    const row = await ctx.database.db
      .selectFrom('app_settings')
      .select(['value', 'updated_at'])
      .where('key', '=', 'seeded:counting')
      .executeTakeFirstOrThrow();
    expect(row.value).toBe(new Date(T0).toISOString());
    expect(row.updated_at.toISOString()).toBe(new Date(T0).toISOString());
  });
});
