import type { OnboardingQueue } from '@common/api/adminOnboarding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, login, post } from '../../auth/accountsTestKit';
import { createTestApp, TEST_CLOCK_START, type TestContext } from '../../../test/testApp';

describe('admin onboarding: sign-ups on no organisation’s domain wait; approve, assign or reject with a message', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let orgId: string;
  const ids: Record<string, string> = {};
  const clockMs = TEST_CLOCK_START;

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
  const queue = async () => (await call('GET', '/admin/onboarding')).json() as OnboardingQueue;
  const entry = async (id: string) => (await queue()).people.find((p) => p.id === id)!;
  const auditOf = (action: string, id: string) =>
    ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', id).execute();
  const mailsTo = (to: string) => ctx.database.db.selectFrom('email_outbox').selectAll().where('to_address', '=', to).execute();

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clockMs });
    await createAccount(ctx, 'gate@example.com', { admin: true });
    admin = authHeader(await login(ctx, 'gate@example.com'));
    orgId = (await call('POST', '/admin/organizations', { name: 'Known Partners', domains: ['known.test'] })).json().id;
    for (const name of ['amy', 'ben', 'cy', 'dee']) ids[name] = (await createAccount(ctx, `${name}@unknown.test`)).id;
    await createAccount(ctx, 'member@known.test');
  });
  afterAll(() => ctx.close());

  it('queues sign-ups on no organisation’s domain, oldest first; not those who joined by domain, nor admins', async () => {
    const q = await queue();
    expect(q.people.map((p) => p.email)).toEqual(['amy@unknown.test', 'ben@unknown.test', 'cy@unknown.test', 'dee@unknown.test']);
    expect(q.total).toBe(4);
    expect(q.people[0]).toMatchObject({ domain: 'unknown.test', name: 'Test User' });
  });

  it('approve takes one out of the queue as they are, audited', async () => {
    const amy = await entry(ids.amy!);
    const res = await call('POST', `/admin/onboarding/${ids.amy}/approve`, { version: amy.version });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OnboardingQueue).people.map((p) => p.id)).not.toContain(ids.amy);
    expect((await call('POST', `/admin/onboarding/${ids.amy}/approve`, { version: amy.version + 1 })).statusCode).toBe(409);
    const [e] = await auditOf('onboarding.approve', ids.amy!);
    expect(e!.details).toMatchObject({ before: { onboarding: 'pending' }, after: { onboarding: 'approved' } });
  });

  it('assign puts one in an organisation and e-mails them, audited', async () => {
    const ben = await entry(ids.ben!);
    const res = await call('POST', `/admin/onboarding/${ids.ben}/assign`, { version: ben.version, organizationId: orgId });
    expect(res.statusCode, res.body).toBe(200);
    const row = await ctx.database.db
      .selectFrom('users')
      .select(['organization_id', 'onboarding'])
      .where('id', '=', ids.ben!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ organization_id: orgId, onboarding: 'approved' });
    expect((await mailsTo('ben@unknown.test')).map((m) => m.text_body).join()).toContain('approved as a member of Known Partners');
    const [e] = await auditOf('onboarding.assign', ids.ben!);
    expect(e!.details).toMatchObject({ before: { organizationId: null }, after: { organizationId: orgId } });
  });

  it('reject locks the account and e-mails the admin’s message as plain text, audited', async () => {
    const cy = await entry(ids.cy!);
    const message = 'We serve institutional investors only. <b>Sorry</b>';
    const res = await call('POST', `/admin/onboarding/${ids.cy}/reject`, { version: cy.version, message });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsTo('cy@unknown.test');
    expect(mail!.text_body).toContain(message);
    expect(mail!.html_body).toContain('&lt;b&gt;Sorry&lt;/b&gt;');
    const signIn = await post(ctx, '/auth/login/start?v=2', { email: 'cy@unknown.test', password: 'Correct-Horse-42' });
    expect(signIn.statusCode).toBe(423);
    const [e] = await auditOf('onboarding.reject', ids.cy!);
    expect(e!.details).toMatchObject({ before: { onboarding: 'pending' }, after: { onboarding: 'rejected', locked: true, message } });
  });

  it('refuses malformed actions with 400, unknown people or organisations with 404, stale versions with 409', async () => {
    const dee = await entry(ids.dee!);
    for (const [path, body] of [
      ['approve', {}],
      ['assign', { version: dee.version }],
      ['reject', { version: dee.version }],
      ['reject', { version: dee.version, message: '   ' }],
      ['reject', { version: dee.version, message: 'x'.repeat(2001) }],
    ] as const) {
      const res = await call('POST', `/admin/onboarding/${ids.dee}/${path}`, body);
      expect({ path, body, status: res.statusCode }).toEqual({ path, body, status: 400 });
    }
    expect((await call('POST', `/admin/onboarding/${ids.dee}/assign`, { version: dee.version, organizationId: 'nope' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/admin/onboarding/nobody/approve', { version: 0 })).statusCode).toBe(404);
    expect((await call('POST', `/admin/onboarding/${ids.dee}/approve`, { version: dee.version + 5 })).statusCode).toBe(409);
    expect((await queue()).people.map((p) => p.id)).toEqual([ids.dee]);
  });

  it('each action is in the audit log the admin reads', async () => {
    const log = (await call('GET', '/admin/audit-log?action=onboarding.')).json() as { entries: { action: string }[] };
    expect(log.entries.map((e) => e.action).sort()).toEqual(['onboarding.approve', 'onboarding.assign', 'onboarding.reject']);
  });
});
