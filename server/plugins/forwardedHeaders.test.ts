import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/testApp';

/**
 * A client cannot choose its own address or host with X-Forwarded-* headers: they are believed
 * only from the proxies in TRUST_PROXY (none by default). Rotating X-Forwarded-For once defeated
 * the login limit, and X-Forwarded-Host switched features to the production host's levels.
 */
let attempts = 0;
/** A failed login from the given forwarded address; a new e-mail each time, so no account locks. */
const attempt = (ctx: TestContext, forwardedFor: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/login/start?v=2',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: `nobody-${++attempts}@example.com`, password: 'wrong-password-123', mfaPlatform: 'none' },
  });

describe('forwarded headers from a client that is not a configured proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://unused',
      PUBLIC_URL: 'https://bondwise.example',
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
    });
  });
  afterAll(() => ctx.close());

  it('rotating X-Forwarded-For does not escape the login limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(ctx, `203.0.113.${i + 1}`)).statusCode);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });
});

describe('forwarded headers from the configured proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // app.inject connects from 127.0.0.1: here that is the proxy, whose headers name the client.
    ctx = await createTestApp({ TRUST_PROXY: '127.0.0.1', AUTH_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => ctx.close());

  it('each client address the proxy names is limited on its own', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await attempt(ctx, `198.51.100.${i + 1}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
  });

  it('a malformed TRUST_PROXY stops the start naming the variable', async () => {
    await expect(createTestApp({ TRUST_PROXY: 'everyone' })).rejects.toThrow(/TRUST_PROXY: must be a comma-separated list/);
  });
});
