import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOND_TABLES_PER_USER_MAX } from '../../../common/api/bondTables';
import { MAX_INVITES_PER_DAY } from '../../services/accounts/signup';
import { waitForOutbox } from '../../services/accounts/outboxKick';
import { authHeader, createAccount, lastEmail, login } from '../auth/accountsTestKit';
import { createTestApp, type TestContext } from '../../test/testApp';

/** Per-user caps hold under concurrency, and invites cannot be turned into a spam channel. */
describe('per-user caps and invites', () => {
  let ctx: TestContext;
  let ann: { id: string; headers: { authorization: string } };
  beforeAll(async () => {
    ctx = await createTestApp();
    const a = await createAccount(ctx, 'ann@fund.com', { name: 'Visit http://spam.example now' });
    ann = { id: a.id, headers: authHeader(await login(ctx, 'ann@fund.com')) };
  });
  afterAll(async () => {
    await waitForOutbox();
    await ctx.close();
  });

  it('20 concurrent table creations on top of 95 leave exactly the cap', async () => {
    await sql`insert into bond_tables (id, owner_id, name, config)
      select gen_random_uuid(), ${ann.id}, 'T' || g, '{}'::jsonb from generate_series(1, ${BOND_TABLES_PER_USER_MAX - 5}) g`.execute(
      ctx.database.db,
    );
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.app.inject({ method: 'POST', url: '/v2/bond-tables', headers: ann.headers, payload: { name: `Burst ${i}` } }),
      ),
    );
    expect(statuses.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(statuses.filter((r) => r.statusCode === 409)).toHaveLength(15);
    const { n } = await ctx.database.db
      .selectFrom('bond_tables')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owner_id', '=', ann.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(BOND_TABLES_PER_USER_MAX);
  });

  it.skipIf(process.env.TEST_DB_ENGINE !== 'postgres')(
    'a creation racing another transaction of the same owner waits for it, then sees the cap',
    async () => {
      const db = ctx.database.db;
      await sql`delete from bond_tables where owner_id = ${ann.id}`.execute(db);
      await sql`insert into bond_tables (id, owner_id, name, config)
      select gen_random_uuid(), ${ann.id}, 'R' || g, '{}'::jsonb from generate_series(1, ${BOND_TABLES_PER_USER_MAX - 1}) g`.execute(db);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      // Another creation of the same owner, mid-transaction: it has taken the last place.
      const other = db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', ann.id).forUpdate().execute();
        await sql`insert into bond_tables (id, owner_id, name, config) values (gen_random_uuid(), ${ann.id}, 'Last', '{}'::jsonb)`.execute(
          trx,
        );
        holding();
        await released;
      });
      await held;
      let settled = false;
      const request = ctx.app
        .inject({ method: 'POST', url: '/v2/bond-tables', headers: ann.headers, payload: { name: 'Racer' } })
        .finally(() => (settled = true));
      // Until the request either finishes or is seen waiting for the owner's lock (no clock involved).
      for (;;) {
        const waiting = await sql<{ n: string }>`select count(*) as n from pg_locks where not granted`.execute(db);
        if (settled || Number(waiting.rows[0]!.n) > 0) break;
      }
      release();
      await other;
      const res = await request;
      expect(res.statusCode).toBe(409);
      const { n } = await db
        .selectFrom('bond_tables')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('owner_id', '=', ann.id)
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(BOND_TABLES_PER_USER_MAX);
    },
  );

  it("an invite's subject is fixed and the sender's chosen name is only plain text in the body", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v2/user/${ann.id}/invites`,
      headers: ann.headers,
      payload: { email: 'colleague@example.com' },
    });
    expect(res.statusCode).toBe(201);
    await waitForOutbox();
    const mail = await lastEmail(ctx, 'colleague@example.com');
    expect(mail!.subject).toBe('Your invitation to Bondwise');
    expect(mail!.text_body.split('\n')[0]).toBe('You are invited to Bondwise, the bond-market data service for finance professionals.');
    expect(mail!.text_body).toContain('gave their name as: Visit http://spam.example now');
    expect(mail!.html_body).not.toMatch(/<a [^>]*spam\.example/);
  });

  it('revoking and re-sending does not escape the daily limit, counted in the database', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < MAX_INVITES_PER_DAY + 2; i++) {
      // From a new address each time: the per-address rate limit is not what is tested here.
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/v2/user/${ann.id}/invites`,
        headers: ann.headers,
        remoteAddress: `198.51.100.${i + 1}`,
        payload: { email: `friend${i}@example.com` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 201) {
        await ctx.app.inject({
          method: 'DELETE',
          url: `/v2/user/${ann.id}/invites/${res.json().id}`,
          headers: ann.headers,
          remoteAddress: `198.51.100.${i + 1}`,
        });
      }
    }
    // One invite went out in the previous test: the day's 20 are used after 19 more.
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_INVITES_PER_DAY - 1);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
  });
});
