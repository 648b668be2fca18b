import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, lastEmail, linkToken, login, PASSWORD, post } from '../auth/accountsTestKit';
import { bearer, createTestApp, type TestContext } from '../../test/testApp';

type Method = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

/** Every /v2/user endpoint with a valid body, and whether an admin may call it for someone else. */
/** adminStatus: what an admin gets when allowed (200 unless the target does not exist). */
const ENDPOINTS: { method: Method; path: string; body?: unknown; adminMay: boolean; adminStatus?: number }[] = [
  { method: 'GET', path: '', adminMay: true },
  { method: 'PUT', path: '', body: { name: 'A B' }, adminMay: true },
  { method: 'GET', path: '/tos', adminMay: true },
  { method: 'PUT', path: '/tos', body: { version: 'x' }, adminMay: false },
  { method: 'GET', path: '/status-badges', adminMay: false },
  { method: 'POST', path: '/status-badges/visit', body: { section: 'primary' }, adminMay: false },
  { method: 'GET', path: '/preferences', adminMay: true },
  { method: 'PUT', path: '/preferences', body: { preferences: {} }, adminMay: true },
  {
    method: 'PUT',
    path: '/notification-preferences',
    body: { browserNotifications: [], browserNotificationsOn: false, appNotificationsOn: true },
    adminMay: true,
  },
  { method: 'PUT', path: '/password', body: { currentPassword: 'x', newPassword: 'Another-Secret-77' }, adminMay: false },
  { method: 'GET', path: '/mfa', adminMay: false },
  { method: 'POST', path: '/mfa/totp', adminMay: false },
  { method: 'POST', path: '/mfa/totp/confirm', body: { code: '123456' }, adminMay: false },
  { method: 'DELETE', path: '/mfa/totp', body: { password: 'x' }, adminMay: false },
  { method: 'POST', path: '/mfa/passkeys/options', adminMay: false },
  { method: 'POST', path: '/mfa/passkeys', body: { credential: '{}' }, adminMay: false },
  { method: 'PATCH', path: '/mfa/passkeys/p1', body: { name: 'n' }, adminMay: false },
  { method: 'DELETE', path: '/mfa/passkeys/p1', body: { password: 'x' }, adminMay: false },
  { method: 'GET', path: '/invites', adminMay: true },
  { method: 'POST', path: '/invites', body: { email: 'z@example.com' }, adminMay: false },
  { method: 'DELETE', path: '/invites/i1', adminMay: true, adminStatus: 404 },
];

describe('access to /v2/user endpoints and remaining bad-input answers', () => {
  let ctx: TestContext;
  let ownerId: string;
  let stranger: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    ownerId = (await createAccount(ctx, 'owner@example.com')).id;
    await createAccount(ctx, 'stranger@example.com');
    stranger = authHeader(await login(ctx, 'stranger@example.com'));
  });
  afterAll(() => ctx.close());

  const call = (e: (typeof ENDPOINTS)[number], userId: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: e.method,
      url: `/v2/user/${userId}${e.path}`,
      headers,
      ...(e.body === undefined ? {} : { payload: e.body as object }),
    });

  it('every endpoint: 401 without a token, 403 for another user, 403 for an admin on owner-only actions', async () => {
    const admin = await bearer('admin-x', { admin: true });
    for (const e of ENDPOINTS) {
      expect((await call(e, ownerId)).statusCode, `${e.method} ${e.path} anonymous`).toBe(401);
      expect((await call(e, ownerId, stranger)).statusCode, `${e.method} ${e.path} stranger`).toBe(403);
      const asAdmin = (await call(e, ownerId, admin)).statusCode;
      if (e.adminMay) expect(asAdmin, `${e.method} ${e.path} admin`).toBe(e.adminStatus ?? 200);
      else expect(asAdmin, `${e.method} ${e.path} admin`).toBe(403);
    }
  });

  it('an admin addressing a user that does not exist gets 404', async () => {
    const admin = await bearer('admin-x', { admin: true });
    for (const e of ENDPOINTS.filter((x) => x.adminMay && x.method !== 'DELETE')) {
      expect((await call(e, 'no-such-user', admin)).statusCode, `${e.method} ${e.path}`).toBe(404);
    }
  });

  it('auth endpoints refuse malformed bodies and queries with 400', async () => {
    expect((await post(ctx, '/auth/mfa/email/send', { email: 'owner@example.com' })).statusCode).toBe(400);
    expect((await post(ctx, '/auth/reset', { email: 42 })).statusCode).toBe(400);
    expect((await post(ctx, '/auth/unlock/request', {})).statusCode).toBe(400);
    expect((await post(ctx, '/auth/mfa/enroll', { email: 'owner@example.com', password: PASSWORD })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/auth/confirm?token=x&type=bogus' })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/auth/confirm' })).statusCode).toBe(400);
    expect(
      (await post(ctx, '/auth/invite/accept', { code: 'x', firstName: 'A', lastName: 'B', password: 'weak', tosConsent: true })).statusCode,
    ).toBe(400);
  });

  it('a sign-up link whose e-mail got an account meanwhile answers 409 and an expired invite 410', async () => {
    await post(ctx, '/auth/signup', { email: 'race@example.com' });
    const uuid = linkToken((await lastEmail(ctx, 'race@example.com'))!.text_body, 'signup');
    await createAccount(ctx, 'race@example.com');
    const res = await post(ctx, '/auth/confirm', { uuid, email: 'race@example.com', name: 'R C', password: PASSWORD, tosConsent: true });
    expect(res.statusCode).toBe(409);

    const owner = authHeader(await login(ctx, 'owner@example.com'));
    await post(ctx, `/v2/user/${ownerId}/invites`, { email: 'slow@example.com' }, owner);
    const code = linkToken((await lastEmail(ctx, 'slow@example.com'))!.text_body, 'invite');
    await ctx.database.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(ctx.app.now() - 1000) })
      .where('email', '=', 'slow@example.com')
      .execute();
    expect((await ctx.app.inject({ method: 'GET', url: `/auth/invite/${code}` })).statusCode).toBe(410);
    const accept = await post(ctx, '/auth/invite/accept', { code, firstName: 'S', lastName: 'L', password: PASSWORD, tosConsent: true });
    expect(accept.statusCode).toBe(410);
    expect(
      await ctx.database.db.selectFrom('users').select('id').where('email', '=', 'slow@example.com').executeTakeFirst(),
    ).toBeUndefined();
  });
});
