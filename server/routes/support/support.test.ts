import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_REQUESTS_PER_DAY } from '../../../common/api/support';
import { deliverOutbox, outboxDir } from '../../services/accounts/mail';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

/**
 * "Contact support" without a vendor: the request is stored for the admins' list and e-mailed
 * (through the real outbox) to the support address with the person's support token and page;
 * a day's limit holds; an admin closes a request once, audited.
 */
describe('contact support', () => {
  let ctx: TestContext;
  let user: { authorization: string };
  let admin: { authorization: string };
  const send = (payload: object, headers = user) => ctx.app.inject({ method: 'POST', url: '/v2/support/request', headers, payload });

  beforeAll(async () => {
    ctx = await createTestApp();
    user = await signedIn(ctx, 'needs-help');
    admin = await signedIn(ctx, 'support-admin', { admin: true });
  });
  afterAll(() => ctx.close());

  it('stores the request and e-mails support with the support token and the page; the admin sees and closes it', async () => {
    // The outbox folder outlives a test run: this run's e-mail is the one with this marker.
    const marker = `marker-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const res = await send({
      subject: 'Yields look off',
      message: `The YTW of ACME 5s of 31 differs from my screen. ${marker}`,
      page: '/bw/bond/12/pricing',
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;

    await deliverOutbox(ctx.database.db, ctx.app.config, ctx.app.log, ctx.app.now);
    const files = readdirSync(outboxDir(ctx.app.config)).filter((f) => f.endsWith('.eml'));
    const mails = files.map((f) => readFileSync(join(outboxDir(ctx.app.config), f), 'utf8')).filter((m) => m.includes(marker));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Support request #${id}`);
    expect(mails[0]).toContain(`To: ${ctx.app.config.supportEmail}`);
    expect(mails[0]).toContain('support-needs-help');
    expect(mails[0]).toContain('/bw/bond/12/pricing');

    const list = await ctx.app.inject({ method: 'GET', url: '/admin/support-requests?status=open', headers: admin });
    expect(list.json().requests[0]).toMatchObject({
      id,
      email: 'needs-help@bondwise.com',
      supportToken: 'support-needs-help',
      status: 'open',
    });
    const close = () => ctx.app.inject({ method: 'POST', url: `/admin/support-requests/${id}/close`, headers: admin });
    expect((await close()).statusCode).toBe(200);
    expect((await close()).statusCode).toBe(409);
    const audit = await sql<{ action: string }>`select action from audit_log where target_type = 'support_request'`.execute(
      ctx.database.db,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['support.close']);
  });

  it('refuses an empty message and unknown fields naming them, stores nothing, and holds the daily limit', async () => {
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from support_requests`.execute(ctx.database.db)).rows[0]!.n);
    const before = await count();
    const empty = await send({ subject: 'x', message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/message/);
    const extra = await send({ subject: 'x', message: 'y', to: 'someone@else.example' });
    expect(extra.statusCode).toBe(400);
    expect(await count()).toBe(before);

    const other = await signedIn(ctx, 'chatty');
    for (let i = 0; i < SUPPORT_REQUESTS_PER_DAY; i++) expect((await send({ subject: `s${i}`, message: 'm' }, other)).statusCode).toBe(201);
    const over = await send({ subject: 'one more', message: 'm' }, other);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatch(/a day/);
  });
});
