import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from './auth';
import { createTestApp, TEST_JWT_SECRET, type TestContext } from '../test/testApp';

/** The verified-token cache must answer exactly what a fresh signature check would. */
describe('bearer tokens on repeated requests', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/v2/bond?limit=1', headers: { authorization: `Bearer ${token}` } });

  it('a token accepted once is refused after it expires, though this process has seen it', async () => {
    const token = await signAccessToken(TEST_JWT_SECRET, { userId: 'user-1', scopes: ['user'], ttlSeconds: 1 });
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
    await new Promise((ok) => setTimeout(ok, 2100));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a token signed with another secret, or altered, is refused every time', async () => {
    const foreign = await signAccessToken('another-secret-that-is-long-enough-for-hs256', { userId: 'user-1', scopes: ['user'], ttlSeconds: 300 });
    const good = await signAccessToken(TEST_JWT_SECRET, { userId: 'user-1', scopes: ['user'], ttlSeconds: 300 });
    expect((await me(good)).statusCode).toBe(200);
    const [head, body, sig] = good.split('.');
    const altered = `${head}.${body}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    for (let k = 0; k < 2; k++) {
      expect((await me(foreign)).statusCode).toBe(401);
      expect((await me(altered)).statusCode).toBe(401);
    }
  });
});
