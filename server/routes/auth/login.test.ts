import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/testApp';
import { authHeader, createAccount, login, PASSWORD, post, withRefreshCookie } from './accountsTestKit';

describe('login with password, sessions, refresh and logout', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await createAccount(ctx, 'alice@example.com');
    await createAccount(ctx, 'root@example.com', { admin: true });
  });
  afterAll(() => ctx.close());

  it('a user without second factor gets a session with the three cookie descriptors', async () => {
    const res = await post(ctx, '/auth/login/start?v=2', { email: 'Alice@Example.com ', password: PASSWORD, mfaPlatform: 'platform' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.kind).toBe('session');
    const auth = body.auth;
    expect(auth.session).toMatchObject({ name: 'bw_session', path: '/', domain: '', secure: false, sameSite: 'strict' });
    expect(auth.session.value.split('.')).toHaveLength(3);
    expect(auth.refresh).toMatchObject({ name: 'bw_refresh', value: '', path: '/auth/refresh', httpOnly: true });
    expect(auth.username).toMatchObject({ name: 'bw_username', value: 'alice@example.com' });
    expect(auth.refresh.maxAge).toBe(ctx.config.refreshTokenTtlSeconds);
    expect(new Date(auth.refresh.expiration).getTime()).toBeGreaterThan(ctx.app.now());
    const claims = JSON.parse(Buffer.from(auth.session.value.split('.')[1], 'base64url').toString());
    expect(claims.rexp).toBe(Math.floor(new Date(auth.refreshTokenExpiresAt).getTime() / 1000));
    expect(claims.exp - claims.iat).toBe(ctx.config.accessTokenTtlSeconds);
    const row = await ctx.database.db
      .selectFrom('user_sessions')
      .select('refresh_hash')
      .where('user_id', '=', auth.userId)
      .executeTakeFirst();
    expect(row?.refresh_hash).not.toBe(auth.refresh.value);
  });

  it('the access token scope says admin only for admins', async () => {
    const decode = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString());
    expect(decode((await login(ctx, 'alice@example.com')).session.value).scope).toBe('user');
    expect(decode((await login(ctx, 'root@example.com')).session.value).scope).toBe('user admin');
  });

  it('a wrong password and an unknown e-mail get the same 401', async () => {
    const wrong = await post(ctx, '/auth/login/start', { email: 'root@example.com', password: 'nope-nope-nope' });
    const unknown = await post(ctx, '/auth/login/start', { email: 'nobody@example.com', password: 'nope-nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe('Incorrect e-mail or password');
  });

  it('a malformed login body is a 400 naming the field', async () => {
    const res = await post(ctx, '/auth/login/start', { email: 'not-an-email', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/body\.email/);
  });

  it('refresh rotates the refresh token; the successor works, a made-up one does not', async () => {
    const auth = await login(ctx, 'alice@example.com');
    const first = await post(ctx, '/auth/refresh', { refreshToken: auth.refresh.value });
    expect(first.statusCode).toBe(200);
    const next = withRefreshCookie(first.json(), first);
    expect(next.refresh.value).not.toBe(auth.refresh.value);
    expect(next.session.value.split('.')).toHaveLength(3);
    expect((await post(ctx, '/auth/refresh', { refreshToken: next.refresh.value })).statusCode).toBe(200);
  });

  it('an unknown refresh token is a 401, and so is none at all', async () => {
    expect((await post(ctx, '/auth/refresh', { refreshToken: 'made-up' })).statusCode).toBe(401);
    const none = await post(ctx, '/auth/refresh', {});
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe('Your session has ended; please sign in again');
  });

  it('logout revokes the session so its refresh token no longer works', async () => {
    const auth = await login(ctx, 'alice@example.com');
    const out = await post(ctx, '/auth/logout', { refreshToken: auth.refresh.value }, authHeader(auth));
    expect(out.statusCode).toBe(200);
    expect((await post(ctx, '/auth/refresh', { refreshToken: auth.refresh.value })).statusCode).toBe(401);
  });

  it('logout without anything still answers 200', async () => {
    expect((await post(ctx, '/auth/logout', {})).statusCode).toBe(200);
  });

  it('the OpenAPI reference documents every accounts endpoint', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/auth/login/start',
        '/auth/login/finish',
        '/auth/mfa/enroll',
        '/auth/mfa/email',
        '/auth/mfa/email/send',
        '/auth/signup',
        '/auth/confirm',
        '/auth/reset',
        '/auth/reset-password',
        '/auth/unlock',
        '/auth/unlock/request',
        '/auth/refresh',
        '/auth/logout',
        '/auth/invite/{code}',
        '/auth/invite/accept',
        '/auth/tos',
        '/v2/user/{id}',
        '/v2/user/{id}/tos',
        '/v2/user/{id}/status-badges',
        '/v2/user/{id}/preferences',
        '/v2/user/{id}/password',
        '/v2/user/{id}/mfa',
        '/v2/user/{id}/mfa/totp',
        '/v2/user/{id}/mfa/passkeys/{passkeyId}',
        '/v2/user/{id}/invites',
        '/admin/features',
        '/admin/features/{name}/users/{userId}',
        '/admin/organizations',
        '/admin/users/{userId}/trial',
        '/admin/invites',
      ]),
    );
    expect(doc.paths['/auth/login/start'].post.description).toMatch(/enrolPasskey/);
  });
});
