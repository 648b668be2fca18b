import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../test/testApp';

describe('answers holding personal data are never cached', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('the user resource (e-mail, support token, push keys) is answered with Cache-Control: no-store', async () => {
    const auth = await signedIn(ctx, 'no-store-user');
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/user/no-store-user', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // A refusal to a signed-in caller too (it may name what they asked for).
    const other = await ctx.app.inject({ method: 'GET', url: '/v2/user/someone-else', headers: auth });
    expect(other.statusCode).toBe(403);
    expect(other.headers['cache-control']).toBe('no-store');
  });

  it('sign-in answers (tokens) are not cached either; public answers keep their own caching', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login/start',
      payload: { email: 'x@example.com', password: 'wrong-password-1' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const health = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(health.headers['cache-control']).not.toBe('no-store');
  });
});
