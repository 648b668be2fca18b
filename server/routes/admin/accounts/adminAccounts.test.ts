import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITLEMENT_TTL_MS } from '../../../plugins/entitlements';
import { authHeader, createAccount, login, post } from '../../auth/accountsTestKit';
import { bearer, createTestApp, TEST_CLOCK_START, type TestContext } from '../../../test/testApp';

describe('admin: feature levels, organisations, trials, invites; feature and subscription gates', () => {
  let ctx: TestContext;
  let kim: { id: string; headers: { authorization: string } };
  let adminHeaders: { authorization: string };
  // The server's clock: moved past the entitlement cache instead of waiting for it.
  let clockMs = TEST_CLOCK_START;

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clockMs });
    const k = await createAccount(ctx, 'kim@fund.com');
    const a = await createAccount(ctx, 'boss@example.com', { admin: true });
    kim = { id: k.id, headers: authHeader(await login(ctx, 'kim@fund.com')) };
    adminHeaders = authHeader(await login(ctx, 'boss@example.com'));
    expect(a.is_admin).toBe(true);
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const features = async (headers: Record<string, string>, host = 'localhost') =>
    (await ctx.app.inject({ method: 'GET', url: `/v2/user/${kim.id}`, headers: { ...headers, host } })).json().features as string[];

  it('global level decides; level 1 is usable on a non-production deployment, whatever Host the client sends', async () => {
    const list = (await call('GET', '/admin/features', adminHeaders)).json();
    expect(list.features).toHaveLength(18);
    expect(list.features.find((f: { name: string }) => f.name === 'sparklines').globalLevel).toBe(2);

    const res = await call('PUT', '/admin/features/sparklines', adminHeaders, { level: 1 });
    expect(res.statusCode).toBe(200);
    expect(await features(kim.headers, 'localhost:8080')).toContain('sparklines');
    // This deployment's PUBLIC_URL is localhost: a client naming the production host gains nothing.
    expect(await features(kim.headers, 'bondwise.com')).toContain('sparklines');
    const audit = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'feature.set_level').execute();
    expect(audit.at(-1)).toMatchObject({ target_type: 'feature', target_id: 'sparklines' });
    expect((await call('PUT', '/admin/features/sparklines', adminHeaders, { level: 3 })).statusCode).toBe(400);
    expect((await call('PUT', '/admin/features/no_such_feature', adminHeaders, { level: 1 })).statusCode).toBe(400);
  });

  it('organisation overrides global, user overrides organisation; null removes an override', async () => {
    const org = await call('POST', '/admin/organizations', adminHeaders, { name: 'Fund Partners', type: 'buyside', domains: ['fund.com'] });
    expect(org.statusCode).toBe(201);
    const orgId = org.json().id;
    expect(org.json()).toMatchObject({ domains: ['fund.com'], userCount: 1, subscribed: false });

    await call('PUT', '/admin/features/blog', adminHeaders, { level: 2 });
    await call('PUT', `/admin/features/blog/organizations/${orgId}`, adminHeaders, { level: 0 });
    expect(await features(kim.headers)).not.toContain('blog');
    await call('PUT', `/admin/features/blog/users/${kim.id}`, adminHeaders, { level: 2 });
    expect(await features(kim.headers, 'bondwise.com')).toContain('blog');
    const list = (await call('GET', '/admin/features', adminHeaders)).json();
    const blog = list.features.find((f: { name: string }) => f.name === 'blog');
    expect(blog.organizations).toEqual([{ organizationId: orgId, organizationName: 'Fund Partners', level: 0 }]);
    expect(blog.users).toEqual([{ userId: kim.id, email: 'kim@fund.com', level: 2 }]);
    await call('PUT', `/admin/features/blog/users/${kim.id}`, adminHeaders, { level: null });
    expect(await features(kim.headers)).not.toContain('blog');
    expect((await call('PUT', '/admin/features/blog/users/nobody', adminHeaders, { level: 1 })).statusCode).toBe(404);
    expect((await call('PUT', '/admin/features/blog/organizations/nothing', adminHeaders, { level: 1 })).statusCode).toBe(404);
  });

  it('organisations: list, edit, a domain belongs to one organisation, unknown id 404', async () => {
    const list = (await call('GET', '/admin/organizations', adminHeaders)).json();
    const fund = list.organizations.find((o: { name: string }) => o.name === 'Fund Partners');
    const updated = await call('PUT', `/admin/organizations/${fund.id}`, adminHeaders, {
      subscribed: true,
      domains: ['fund.com', 'fund.co.uk'],
    });
    expect(updated.json()).toMatchObject({ subscribed: true, domains: ['fund.co.uk', 'fund.com'] });
    const clash = await call('POST', '/admin/organizations', adminHeaders, { name: 'Copycat', domains: ['fund.com'] });
    expect(clash.statusCode).toBe(409);
    expect((await call('PUT', '/admin/organizations/nothing', adminHeaders, { name: 'X' })).statusCode).toBe(404);
    expect((await call('POST', '/admin/organizations', adminHeaders, { name: '', domains: ['not a domain'] })).statusCode).toBe(400);
    // A subscribed organisation has no trial.
    expect((await call('GET', `/v2/user/${kim.id}`, kim.headers)).json().trial.state).toBeNull();
    await call('PUT', `/admin/organizations/${fund.id}`, adminHeaders, { subscribed: false });
  });

  it('trials: ended, extension; market data answers 402 only while ended', async () => {
    const gate = async (headers: Record<string, string>) => {
      clockMs += ENTITLEMENT_TTL_MS + 1;
      return (await call('GET', '/v2/market/sectors', headers)).statusCode;
    };
    expect(await gate(kim.headers)).toBe(200);
    expect(await gate({})).toBe(401);
    const past = new Date(clockMs - 86_400_000).toISOString();
    const ended = await call('PUT', `/admin/users/${kim.id}/trial`, adminHeaders, { endsAt: past });
    expect(ended.json().state).toBe('trialEnded');
    expect(await gate(kim.headers)).toBe(402);
    const soon = new Date(clockMs + 2 * 86_400_000).toISOString();
    const extended = await call('PUT', `/admin/users/${kim.id}/trial`, adminHeaders, { extendedUntil: soon });
    expect(extended.json()).toMatchObject({ state: 'trialExtension', daysLeft: 2 });
    expect(await gate(kim.headers)).toBe(200);
    const ending = await call('PUT', `/admin/users/${kim.id}/trial`, adminHeaders, { endsAt: soon, extendedUntil: null });
    expect(ending.json().state).toBe('trialEnding');
    expect((await call('PUT', '/admin/users/nobody/trial', adminHeaders, { endsAt: soon })).statusCode).toBe(404);
    expect((await call('PUT', `/admin/users/${kim.id}/trial`, adminHeaders, { endsAt: 'tomorrow' })).statusCode).toBe(400);
    const audit = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.trial_update').execute();
    expect(audit.length).toBeGreaterThanOrEqual(3);
  });

  it('admin invites: create without cap, listed for admins', async () => {
    const res = await call('POST', '/admin/invites', adminHeaders, { email: 'newhire@example.com' });
    expect(res.statusCode).toBe(201);
    const list = (await call('GET', '/admin/invites', adminHeaders)).json();
    expect(list.invites.map((i: { email: string }) => i.email)).toContain('newhire@example.com');
    expect((await call('POST', '/admin/invites', adminHeaders, { email: 'kim@fund.com' })).statusCode).toBe(409);
    const audit = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'invite.create').execute();
    expect(audit).toHaveLength(1);
    expect((await call('POST', '/admin/invites', await bearer('fake', { admin: false }), { email: 'a@example.com' })).statusCode).toBe(403);
    void post;
  });
});
