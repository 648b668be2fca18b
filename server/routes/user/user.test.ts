import { TOS_VERSION } from '@common/tos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, lastEmail, linkToken, login, PASSWORD, post } from '../auth/accountsTestKit';
import { bearer, createTestApp, type TestContext } from '../../test/testApp';

describe('the user account: info, profile, terms, preferences, badges, password, invites', () => {
  let ctx: TestContext;
  let gina: { id: string; headers: { authorization: string } };
  let hank: { id: string; headers: { authorization: string } };
  const admin = () => bearer('admin-id', { admin: true });

  beforeAll(async () => {
    ctx = await createTestApp();
    const g = await createAccount(ctx, 'gina@example.com', { name: 'Gina Green' });
    const h = await createAccount(ctx, 'hank@bondwise.com');
    gina = { id: g.id, headers: authHeader(await login(ctx, 'gina@example.com')) };
    hank = { id: h.id, headers: authHeader(await login(ctx, 'hank@bondwise.com')) };
  });
  afterAll(() => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
  const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'PUT', url, payload: payload as object, headers });

  it('a display name with a line break or another control character is refused (400 naming the name), and nothing changes', async () => {
    for (const name of ['Gina\r\nBcc: everyone@example.com', 'Gina\u0007Green', 'Gina\u2028Green']) {
      const res = await put(`/v2/user/${gina.id}`, { name }, gina.headers);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().error).toMatch(/name/i);
    }
    expect((await get(`/v2/user/${gina.id}`, gina.headers)).json().name).toBe('Gina Green');
  });

  it('GET user info: user fields of §3, features, notification preferences, trial, terms', async () => {
    const res = await get(`/v2/user/${gina.id}`, gina.headers);
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({
      id: gina.id,
      email: 'gina@example.com',
      name: 'Gina Green',
      organizationToken: null,
      profile: { roleType: null, roleFunction: null, jobFunction: null, seniority: null, organizationType: null, sectors: [] },
      notificationPreferences: { browserNotifications: [], browserNotificationsOn: false, appNotificationsOn: true },
      isAdmin: false,
      isEmployee: false,
      blogAuthor: false,
      trial: { state: 'trial', daysLeft: 14 },
      tos: { tosConsent: true, currentVersion: TOS_VERSION },
    });
    expect(info.supportToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(info.features).toContain('blog');
    expect(info.features).not.toContain('intercom');
    expect(info.password_hash).toBeUndefined();
  });

  it('an e-mail on the operator domain is an employee without trial', async () => {
    const info = (await get(`/v2/user/${hank.id}`, hank.headers)).json();
    expect(info.isEmployee).toBe(true);
    expect(info.trial.state).toBeNull();
  });

  it('401 without a token, 403 for another user, 200 for an admin, 404 for an unknown id (admin)', async () => {
    expect((await get(`/v2/user/${gina.id}`)).statusCode).toBe(401);
    expect((await get(`/v2/user/${gina.id}`, hank.headers)).statusCode).toBe(403);
    expect((await get(`/v2/user/${gina.id}`, await admin())).statusCode).toBe(200);
    expect((await get('/v2/user/no-such-user', await admin())).statusCode).toBe(404);
  });

  it('PUT user edits name and profile partially; enum values are validated', async () => {
    const res = await put(
      `/v2/user/${gina.id}`,
      { profile: { jobFunction: 'pm', seniority: 'director', sectors: ['Financials'], roleType: 'Portfolio manager' } },
      gina.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      jobFunction: 'pm',
      seniority: 'director',
      sectors: ['Financials'],
      roleType: 'Portfolio manager',
    });
    const again = await put(`/v2/user/${gina.id}`, { name: 'Gina G. Green' }, gina.headers);
    expect(again.json()).toMatchObject({ name: 'Gina G. Green', profile: { jobFunction: 'pm' } });
    const bad = await put(`/v2/user/${gina.id}`, { profile: { jobFunction: 'astronaut' } }, gina.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/profile\.jobFunction/);
    expect((await put(`/v2/user/${gina.id}`, { name: 'X' }, hank.headers)).statusCode).toBe(403);
  });

  it('an admin editing someone else is audited', async () => {
    const res = await put(`/v2/user/${gina.id}`, { profile: { organizationType: 'buyside' } }, await admin());
    expect(res.statusCode).toBe(200);
    const audit = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'user.update').execute();
    expect(audit.map((a) => a.target_id)).toContain(gina.id);
  });

  it('terms: current consent, an old version is stale, PUT records the current version', async () => {
    expect((await get(`/v2/user/${gina.id}/tos`, gina.headers)).json().tosConsent).toBe(true);
    await ctx.database.db.updateTable('users').set({ tos_version: '2000-01-01' }).where('id', '=', gina.id).execute();
    const stale = (await get(`/v2/user/${gina.id}/tos`, gina.headers)).json();
    expect(stale).toMatchObject({ tosConsent: false, consentedVersion: '2000-01-01' });
    expect((await put(`/v2/user/${gina.id}/tos`, { version: 'old' }, gina.headers)).statusCode).toBe(400);
    const ok = await put(`/v2/user/${gina.id}/tos`, { version: TOS_VERSION }, gina.headers);
    expect(ok.json()).toMatchObject({ tosConsent: true, consentedVersion: TOS_VERSION });
    expect((await put(`/v2/user/${gina.id}/tos`, { version: TOS_VERSION }, await admin())).statusCode).toBe(403);
    expect((await get('/auth/tos')).json().version).toBe(TOS_VERSION);
  });

  it('preferences: defaults sort bonds by volume descending; PUT stores, validates and limits size', async () => {
    const first = (await get(`/v2/user/${gina.id}/preferences`, gina.headers)).json();
    expect(first.preferences).toEqual({});
    expect(first.defaults.bonds).toMatchObject({ primarySort: 'volume', primaryDescending: true });
    const prefs = {
      bonds: { visibleColumns: ['issuer', 'coupon'], primarySort: 'coupon', primaryDescending: false },
      help: { welcomeClosed: true },
    };
    const saved = await put(`/v2/user/${gina.id}/preferences`, { preferences: prefs }, gina.headers);
    expect(saved.statusCode).toBe(200);
    expect((await get(`/v2/user/${gina.id}/preferences`, gina.headers)).json().preferences).toEqual(prefs);
    expect(
      (await put(`/v2/user/${gina.id}/preferences`, { preferences: { bonds: { primarySort: 'shoeSize' } } }, gina.headers)).statusCode,
    ).toBe(400);
    const huge = { help: { bannersClosed: Array.from({ length: 200 }, (_, i) => `${'b'.repeat(95)}${i}`) } };
    const tooBig = await put(`/v2/user/${gina.id}/preferences`, { preferences: huge }, gina.headers);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().error).toMatch(/16 KiB/);
  });

  it('notification preferences keep one subscription per endpoint', async () => {
    const sub = { endpoint: 'https://push.example/abc', expirationTime: null };
    const res = await put(
      `/v2/user/${gina.id}/notification-preferences`,
      { browserNotifications: [sub, { ...sub, expirationTime: 5 }], browserNotificationsOn: true, appNotificationsOn: true },
      gina.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().browserNotifications).toEqual([{ endpoint: 'https://push.example/abc', expirationTime: 5 }]);
    expect((await get(`/v2/user/${gina.id}`, gina.headers)).json().notificationPreferences.browserNotificationsOn).toBe(true);
    expect((await put(`/v2/user/${gina.id}/notification-preferences`, { browserNotifications: 'x' }, gina.headers)).statusCode).toBe(400);
  });

  it('status badges list the profile section', async () => {
    const res = await get(`/v2/user/${gina.id}/status-badges`, gina.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toContainEqual({ section: 'profile', activeBadges: ['secondFactorMissing'] });
    expect((await get(`/v2/user/${gina.id}/status-badges`, hank.headers)).statusCode).toBe(403);
  });

  it('password change needs the current password, signs out other sessions and keeps this one', async () => {
    const other = await login(ctx, 'gina@example.com');
    const current = await login(ctx, 'gina@example.com');
    const wrong = await put(
      `/v2/user/${gina.id}/password`,
      { currentPassword: 'not-it-at-all', newPassword: 'Brand-New-Pass-1' },
      authHeader(current),
    );
    expect(wrong.statusCode).toBe(401);
    const weak = await put(`/v2/user/${gina.id}/password`, { currentPassword: PASSWORD, newPassword: 'short' }, authHeader(current));
    expect(weak.statusCode).toBe(400);
    const ok = await put(
      `/v2/user/${gina.id}/password`,
      { currentPassword: PASSWORD, newPassword: 'Brand-New-Pass-1' },
      authHeader(current),
    );
    expect(ok.statusCode).toBe(200);
    expect((await post(ctx, '/auth/refresh', { refreshToken: other.refresh.value })).statusCode).toBe(401);
    expect((await post(ctx, '/auth/refresh', { refreshToken: current.refresh.value })).statusCode).toBe(200);
    // Signed out means now, not when the access token expires — the suite's own session included.
    expect((await get(`/v2/user/${gina.id}`, authHeader(other))).statusCode).toBe(401);
    expect((await get(`/v2/user/${gina.id}`, gina.headers)).statusCode).toBe(401);
    gina.headers = authHeader(current);
    await login(ctx, 'gina@example.com', 'Brand-New-Pass-1');
    expect(
      (await put(`/v2/user/${gina.id}/password`, { currentPassword: PASSWORD, newPassword: 'Brand-New-Pass-2' }, await admin())).statusCode,
    ).toBe(403);
  });

  it('invites: a user invites a colleague, the invitee sees the invite and creates an account', async () => {
    const res = await post(ctx, `/v2/user/${hank.id}/invites`, { email: 'ivy@example.com' }, hank.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'ivy@example.com', status: 'pending' });
    expect((await post(ctx, `/v2/user/${hank.id}/invites`, { email: 'gina@example.com' }, hank.headers)).statusCode).toBe(409);
    expect((await post(ctx, `/v2/user/${hank.id}/invites`, { email: 'bad' }, hank.headers)).statusCode).toBe(400);
    expect((await post(ctx, `/v2/user/${gina.id}/invites`, { email: 'x@example.com' }, hank.headers)).statusCode).toBe(403);

    const code = linkToken((await lastEmail(ctx, 'ivy@example.com'))!.text_body, 'invite');
    const info = await get(`/auth/invite/${code}`);
    expect(info.json()).toMatchObject({ email: 'ivy@example.com' });
    expect((await get('/auth/invite/nope')).statusCode).toBe(404);
    const accept = await post(ctx, '/auth/invite/accept', {
      code,
      firstName: 'Ivy',
      lastName: 'Ives',
      password: PASSWORD,
      tosConsent: true,
    });
    expect(accept.statusCode).toBe(201);
    const ivy = await login(ctx, 'ivy@example.com');
    expect((await get(`/v2/user/${ivy.userId}`, authHeader(ivy))).json().name).toBe('Ivy Ives');
    expect(
      (await post(ctx, '/auth/invite/accept', { code, firstName: 'I', lastName: 'I', password: PASSWORD, tosConsent: true })).statusCode,
    ).toBe(404);
    const list = (await get(`/v2/user/${hank.id}/invites`, hank.headers)).json();
    expect(list.invites[0]).toMatchObject({ email: 'ivy@example.com', status: 'accepted' });
  });

  it('a pending invite can be revoked by its sender only', async () => {
    const invite = (await post(ctx, `/v2/user/${hank.id}/invites`, { email: 'jay@example.com' }, hank.headers)).json();
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/v2/user/${gina.id}/invites/${invite.id}`, headers: gina.headers })).statusCode,
    ).toBe(404);
    const res = await ctx.app.inject({ method: 'DELETE', url: `/v2/user/${hank.id}/invites/${invite.id}`, headers: hank.headers });
    expect(res.json().status).toBe('revoked');
    const code = linkToken((await lastEmail(ctx, 'jay@example.com'))!.text_body, 'invite');
    expect((await get(`/auth/invite/${code}`)).statusCode).toBe(404);
  });
});
