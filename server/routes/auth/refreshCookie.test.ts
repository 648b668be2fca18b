import { REFRESH_GRACE_MS } from '@common/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_CLOCK_START, type TestContext } from '../../test/testApp';
import { authHeader, createAccount, login, PASSWORD, post, refreshCookieOf } from './accountsTestKit';

/** POST /auth/refresh the way a browser does: the token in its cookie, no body. */
function refreshWithCookie(ctx: TestContext, token: string) {
  return ctx.app.inject({ method: 'POST', url: '/auth/refresh', cookies: { bw_refresh: token } });
}

describe('the refresh token lives in an HttpOnly cookie the server sets', () => {
  let ctx: TestContext;
  let clock = TEST_CLOCK_START;
  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clock });
    await createAccount(ctx, 'tabs@example.com');
  });
  afterAll(() => ctx.close());

  it('a login sets it HttpOnly, SameSite=Strict, for /auth/refresh only, and the body never shows it', async () => {
    const res = await post(ctx, '/auth/login/start?v=2', { email: 'tabs@example.com', password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'bw_refresh')!;
    expect(cookie).toMatchObject({ path: '/auth/refresh', httpOnly: true, sameSite: 'Strict' });
    expect(cookie.secure).toBeUndefined(); // the test server's public URL is http
    expect(cookie.value.length).toBeGreaterThan(20);
    const body = res.json();
    expect(body.auth.refresh).toMatchObject({ name: 'bw_refresh', value: '', path: '/auth/refresh', httpOnly: true });
    expect(res.body).not.toContain(cookie.value);
  });

  it('refreshing with the cookie alone rotates it', async () => {
    const auth = await login(ctx, 'tabs@example.com');
    const res = await refreshWithCookie(ctx, auth.refresh.value);
    expect(res.statusCode).toBe(200);
    const next = refreshCookieOf(res);
    expect(next).toBeDefined();
    expect(next).not.toBe(auth.refresh.value);
    expect(res.json().refresh.value).toBe('');
  });

  it('two tabs refreshing with the same token at once both stay signed in with the same successor', async () => {
    const auth = await login(ctx, 'tabs@example.com');
    const first = await refreshWithCookie(ctx, auth.refresh.value);
    clock += REFRESH_GRACE_MS - 1_000;
    const second = await refreshWithCookie(ctx, auth.refresh.value);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(refreshCookieOf(second)).toBe(refreshCookieOf(first));
    // The shared successor goes on working.
    expect((await refreshWithCookie(ctx, refreshCookieOf(second)!)).statusCode).toBe(200);
  });

  it('the old token presented after the grace window is a replay: the whole session ends', async () => {
    const auth = await login(ctx, 'tabs@example.com');
    const first = await refreshWithCookie(ctx, auth.refresh.value);
    expect(first.statusCode).toBe(200);
    clock += REFRESH_GRACE_MS + 1_000;
    const replay = await refreshWithCookie(ctx, auth.refresh.value);
    expect(replay.statusCode).toBe(401);
    expect((await refreshWithCookie(ctx, refreshCookieOf(first)!)).statusCode).toBe(401);
  });

  it('logout with an access token that has already expired still ends the session and clears the cookie', async () => {
    const auth = await login(ctx, 'tabs@example.com');
    clock += (ctx.config.accessTokenTtlSeconds + 60) * 1000;
    const out = await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: authHeader(auth), payload: {} });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'bw_refresh')!;
    expect(cleared).toMatchObject({ value: '', path: '/auth/refresh' });
    expect(cleared.expires!.getTime()).toBeLessThan(clock);
    expect((await refreshWithCookie(ctx, auth.refresh.value)).statusCode).toBe(401);
  });

  it('served over https, the cookie is Secure', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://bonds.example.com' });
    try {
      await createAccount(secure, 'secure@example.com');
      const res = await post(secure, '/auth/login/start?v=2', { email: 'secure@example.com', password: PASSWORD });
      expect(res.cookies.find((c) => c.name === 'bw_refresh')).toMatchObject({ secure: true, httpOnly: true });
    } finally {
      await secure.close();
    }
  });
});
