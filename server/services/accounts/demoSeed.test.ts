import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../../test/testApp';
import { DEMO_ACCOUNTS, demoAccountsSeeder } from './demoSeed';

describe('demo accounts seeder', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const log = () => ({ info: vi.fn(), warn: vi.fn() }) as never;

  it('is skipped in production', async () => {
    const l = log();
    await demoAccountsSeeder.run({
      db: ctx.database.db,
      config: { ...ctx.config, env: 'production' },
      log: l,
      now: ctx.app.now,
      progress: () => {},
    });
    expect(await ctx.database.db.selectFrom('users').select('id').execute()).toHaveLength(0);
    expect((l as { warn: ReturnType<typeof vi.fn> }).warn).toHaveBeenCalled();
  });

  it('creates an admin and a user, prints their credentials, and they can log in', async () => {
    const l = log();
    await demoAccountsSeeder.run({ db: ctx.database.db, config: ctx.config, log: l, now: ctx.app.now, progress: () => {} });
    await demoAccountsSeeder.run({ db: ctx.database.db, config: ctx.config, log: log(), now: ctx.app.now, progress: () => {} });
    const printed = String((l as { info: ReturnType<typeof vi.fn> }).info.mock.calls[0]?.[0]);
    for (const account of DEMO_ACCOUNTS) {
      expect(printed).toContain(account.email);
      expect(printed).toContain(account.password);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/login/start',
        payload: { email: account.email, password: account.password },
      });
      const token = res.json().auth.session.value as string;
      const scope = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).scope;
      expect(scope).toBe(account.admin ? 'user admin' : 'user');
    }
    expect(await ctx.database.db.selectFrom('users').select('id').execute()).toHaveLength(2);
  });
});
