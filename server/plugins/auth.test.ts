import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from './auth';
import { createTestApp, TEST_JWT_SECRET, type TestContext } from '../test/testApp';

/** The verified-token cache must answer exactly what a fresh signature check would. */
describe('bearer tokens on repeated requests', () => {
  let ctx: TestContext;
  // The server's clock, moved by the test: no test here waits on the real one.
  let clockMs = Date.parse('2026-11-20T12:00:00Z');
  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clockMs });
  });
  afterAll(() => ctx.close());

  const me = (token: string) => ctx.app.inject({ method: 'GET', url: '/v2/bond-tables', headers: { authorization: `Bearer ${token}` } });

  it('a token accepted once is refused after it expires, though this process has seen it', async () => {
    // Signed on the server's clock too: its life is exactly 60 s of that clock, however long the
    // machine takes between the calls below.
    const token = await signAccessToken(TEST_JWT_SECRET, { userId: 'user-1', scopes: ['user'], ttlSeconds: 60 }, () => clockMs);
    const expiresAt = (Math.floor(clockMs / 1000) + 60) * 1000;
    expect((await me(token)).statusCode).toBe(200); // verified, then cached
    clockMs = expiresAt - 1;
    expect((await me(token)).statusCode).toBe(200); // from the cache, still inside its life
    clockMs = expiresAt;
    expect((await me(token)).statusCode).toBe(401); // the cache knows its expiry
  });

  it('a token first seen after its expiry is refused by the signature check', async () => {
    const token = await signAccessToken(TEST_JWT_SECRET, { userId: 'user-2', scopes: ['user'], ttlSeconds: 1 }, () => clockMs);
    clockMs = (Math.floor(clockMs / 1000) + 1) * 1000;
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a token signed with another secret, or altered, is refused every time', async () => {
    const foreign = await signAccessToken(
      'another-secret-that-is-long-enough-for-hs256',
      {
        userId: 'user-1',
        scopes: ['user'],
        ttlSeconds: 300,
      },
      () => clockMs,
    );
    const good = await signAccessToken(TEST_JWT_SECRET, { userId: 'user-1', scopes: ['user'], ttlSeconds: 300 }, () => clockMs);
    expect((await me(good)).statusCode).toBe(200);
    const [head, body, sig] = good.split('.');
    const altered = `${head}.${body}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    for (let k = 0; k < 2; k++) {
      expect((await me(foreign)).statusCode).toBe(401);
      expect((await me(altered)).statusCode).toBe(401);
    }
  });
});
