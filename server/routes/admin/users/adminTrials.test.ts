import type { AdminUserDetail, UserListPage } from '@common/api/adminUsers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, login } from '../../auth/accountsTestKit';
import { createTestApp, type TestContext } from '../../../test/testApp';

const DAY = 24 * 3600 * 1000;

describe('admin trials: ending soon and ended, extended or converted to a subscription, with the e-mails people get', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let orgId: string;
  let otherOrgId: string;
  const ids: Record<string, string> = {};
  // A fixed server clock in the past: trials are placed relative to it.
  const clockMs = Date.parse('2026-11-20T12:00:00Z');
  const at = (days: number) => new Date(clockMs + days * DAY);

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
  const detail = async (id: string) => (await call('GET', `/admin/users/${id}`)).json() as AdminUserDetail;
  const mailsTo = (to: string) =>
    ctx.database.db.selectFrom('email_outbox').select(['subject', 'text_body']).where('to_address', '=', to).orderBy('id').execute();
  const auditOf = (action: string, id: string) =>
    ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', id).execute();

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clockMs });
    await createAccount(ctx, 'desk@example.com', { admin: true });
    admin = authHeader(await login(ctx, 'desk@example.com'));
    orgId = (await call('POST', '/admin/organizations', { name: 'Trial Fund', domains: ['trialfund.test'] })).json().id;
    otherOrgId = (await call('POST', '/admin/organizations', { name: 'Other Fund' })).json().id;
    const db = ctx.database.db;
    for (const [key, email, ends] of [
      ['soon', 'soon@trialfund.test', 1],
      ['sooner', 'sooner@elsewhere.test', 0.5],
      ['ended', 'ended@elsewhere.test', -3],
      ['later', 'later@elsewhere.test', 30],
    ] as const) {
      ids[key] = (await createAccount(ctx, email)).id;
      await db
        .updateTable('users')
        .set({ trial_ends_at: at(ends) })
        .where('id', '=', ids[key]!)
        .execute();
    }
  });
  afterAll(() => ctx.close());

  it('lists trials ending soon by their end, and those ended', async () => {
    const ending = (await call('GET', '/admin/users?trial=trialEnding&sort=trialEnds')).json() as UserListPage;
    expect(ending.users.map((u) => u.email)).toEqual(['sooner@elsewhere.test', 'soon@trialfund.test']);
    expect(ending.users[0]!.trial).toMatchObject({ state: 'trialEnding', daysLeft: 1 });
    const ended = (await call('GET', '/admin/users?trial=trialEnded&sort=trialEnds&descending=true')).json() as UserListPage;
    expect(ended.users.map((u) => u.email)).toEqual(['ended@elsewhere.test']);
  });

  it('extends an ending trial and an ended one: the person is e-mailed the new end; audited before and after', async () => {
    const soon = await detail(ids.soon!);
    const moved = await call('PUT', `/admin/users/${ids.soon}/trial`, { endsAt: at(14).toISOString(), version: soon.version });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ state: 'trial', daysLeft: 14 });
    const [mail] = await mailsTo('soon@trialfund.test');
    expect(mail).toMatchObject({ subject: 'Your Bondwise trial has been extended' });
    expect(mail!.text_body).toContain(`runs until ${at(14).toISOString().slice(0, 10)}`);
    const [entry] = await auditOf('user.trial_update', ids.soon!);
    expect(entry!.details).toMatchObject({ before: { endsAt: at(1).toISOString() }, after: { endsAt: at(14).toISOString() } });

    const ended = await detail(ids.ended!);
    const extended = await call('PUT', `/admin/users/${ids.ended}/trial`, { extendedUntil: at(7).toISOString(), version: ended.version });
    expect(extended.json()).toMatchObject({ state: 'trialExtension', daysLeft: 7 });
    expect(await mailsTo('ended@elsewhere.test')).toHaveLength(1);

    // Shortening a trial tells nobody; a stale version is refused.
    await call('PUT', `/admin/users/${ids.later}/trial`, { endsAt: at(10).toISOString() });
    expect(await mailsTo('later@elsewhere.test')).toHaveLength(0);
    const stale = await call('PUT', `/admin/users/${ids.soon}/trial`, { endsAt: at(20).toISOString(), version: soon.version });
    expect(stale.statusCode).toBe(409);
    expect((await call('PUT', `/admin/users/${ids.soon}/trial`, { endsAt: at(20).toISOString(), version: -1 })).statusCode).toBe(400);
  });

  it('converts a trial to a subscription: the organisation subscribes, the person is e-mailed; audited', async () => {
    const soon = await detail(ids.soon!);
    const res = await call('POST', `/admin/users/${ids.soon}/subscribe`, { version: soon.version });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminUserDetail).trial.state).toBeNull();
    const orgs = (await call('GET', '/admin/organizations')).json().organizations as { id: string; subscribed: boolean }[];
    expect(orgs.find((o) => o.id === orgId)!.subscribed).toBe(true);
    expect((await mailsTo('soon@trialfund.test')).at(-1)!.subject).toBe('Your Bondwise subscription is active');
    const [entry] = await auditOf('user.subscribe', ids.soon!);
    expect(entry!.details).toMatchObject({
      before: { organizationId: orgId, subscribed: false },
      after: { organizationId: orgId, subscribed: true },
    });
    const again = await call('POST', `/admin/users/${ids.soon}/subscribe`, { version: soon.version + 1 });
    expect(again.statusCode).toBe(409);
  });

  it('a person in no organisation is converted into the one named; without one it is a 400 naming the field', async () => {
    const ended = await detail(ids.ended!);
    const none = await call('POST', `/admin/users/${ids.ended}/subscribe`, { version: ended.version });
    expect({ status: none.statusCode, body: none.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.organizationId: is needed: this person is in no organisation, so name the one that subscribes' },
    });
    const unknown = await call('POST', `/admin/users/${ids.ended}/subscribe`, { version: ended.version, organizationId: 'nope' });
    expect(unknown.json()).toEqual({ error: 'Invalid body.organizationId: is unknown: there is no organisation nope' });
    expect((await call('POST', `/admin/users/${ids.ended}/subscribe`, { version: ended.version, organizationId: 'nope' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/admin/users/${ids.ended}/subscribe`, { organizationId: otherOrgId })).statusCode).toBe(400);
    const res = await call('POST', `/admin/users/${ids.ended}/subscribe`, { version: ended.version, organizationId: otherOrgId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ organization: { id: otherOrgId, name: 'Other Fund' }, trial: { state: null } });
    const log = (await call('GET', '/admin/audit-log?action=user.subscribe')).json() as { entries: unknown[] };
    expect(log.entries).toHaveLength(2);
  });
});
