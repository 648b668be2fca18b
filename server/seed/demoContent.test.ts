import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoAccountsSeeder } from '../services/accounts/demoSeed';
import { marketSeeder } from '../services/market/simulator/seeder';
import { createTestApp, type TestContext } from '../test/testApp';
import { demoContentSeeder } from './demoContent';

describe('demo content seeder', () => {
  let ctx: TestContext;
  const log = () => ({ info: vi.fn(), warn: vi.fn() }) as never;
  beforeAll(async () => {
    ctx = await createTestApp();
    const config = { ...ctx.config, simBonds: 120, simHistoryDays: 30 };
    await demoAccountsSeeder.run({ db: ctx.database.db, config, log: log(), now: ctx.app.now, progress: () => {} });
    await marketSeeder.run({ db: ctx.database.db, config, log: log(), now: ctx.app.now, progress: () => {} });
  }, 300_000);
  afterAll(() => ctx.close());

  const count = async (table: 'blog_posts' | 'platform_commentary' | 'bond_tables' | 'hawk_subscriptions' | 'deal_messages') =>
    Number(
      (
        await ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('seeds nothing in production or with DEMO_CONTENT off', async () => {
    await demoContentSeeder.run({
      db: ctx.database.db,
      config: { ...ctx.config, env: 'production' },
      log: log(),
      now: ctx.app.now,
      progress: () => {},
    });
    await demoContentSeeder.run({
      db: ctx.database.db,
      config: { ...ctx.config, demoContent: false },
      log: log(),
      now: ctx.app.now,
      progress: () => {},
    });
    expect(await count('blog_posts')).toBe(0);
    expect(await count('hawk_subscriptions')).toBe(0);
  });

  it('gives a fresh start published posts, commentary, a table and alerts for the demo user, and a deal message', async () => {
    await demoContentSeeder.run({
      db: ctx.database.db,
      config: { ...ctx.config, demoContent: true },
      log: log(),
      now: ctx.app.now,
      progress: () => {},
    });
    expect(await count('blog_posts')).toBe(2);
    expect(await count('platform_commentary')).toBe(2);
    expect(await count('bond_tables')).toBe(1);
    expect(await count('hawk_subscriptions')).toBe(2);
    // The simulated market announces deals over its history; the newest gets the message.
    expect(
      Number(
        (
          await ctx.database.db
            .selectFrom('deals')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(0);
    expect(await count('deal_messages')).toBe(1);
  });
});
