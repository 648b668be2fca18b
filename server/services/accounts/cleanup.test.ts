import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/testApp';
import { cleanupAccounts } from './cleanup';

/** The app's clock, fixed: the rows are dated from it and the clean-up counts back from it. */
const NOW = Date.parse('2026-11-20T12:00:00Z');

describe('accounts clean-up job', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
  });
  afterAll(() => ctx.close());

  it('drops old failures and long-expired tokens but keeps recent ones and invites', async () => {
    const db = ctx.database.db;
    const old = new Date(NOW - 40 * 86_400_000);
    await db
      .insertInto('login_failures')
      .values([
        { email: 'a@x.com', created_at: old },
        { email: 'b@x.com', created_at: new Date(NOW - 3600_000) },
      ])
      .execute();
    await db
      .insertInto('account_tokens')
      .values([
        { id: 't1', kind: 'reset', token_hash: 'h1', email: 'a@x.com', payload: '{}', expires_at: old },
        { id: 't2', kind: 'invite', token_hash: 'h2', email: 'a@x.com', payload: '{}', expires_at: old },
        { id: 't3', kind: 'reset', token_hash: 'h3', email: 'a@x.com', payload: '{}', expires_at: new Date(NOW + 3600_000) },
      ])
      .execute();
    await cleanupAccounts(db, new Date(ctx.app.now()));
    expect((await db.selectFrom('login_failures').select('email').execute()).map((r) => r.email)).toEqual(['b@x.com']);
    expect((await db.selectFrom('account_tokens').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual(['t2', 't3']);
  });
});
