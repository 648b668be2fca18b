import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, signedIn, type TestContext } from '../test/testApp';
import { cleanupRateLimits } from './rateLimitStore';

/**
 * Two server instances on one database (as behind a load balancer): the auth endpoints' limits
 * hold across both, while the API-wide limit stays per instance.
 */
describe('rate limits across server instances', () => {
  let ctx: TestContext;
  let second: FastifyInstance;
  const ip = '203.0.113.9';
  // AUTH_RATE_LIMIT_PER_MINUTE=4 makes the login-start limit 4 a minute per address.
  beforeAll(async () => {
    ctx = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '4', API_RATE_LIMIT_PER_MINUTE: '3' });
    second = await buildApp({ config: ctx.config, db: ctx.database.db, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await ctx.close();
  });

  const loginFrom = (app: FastifyInstance, address: string, email = 'nobody@example.com') =>
    app.inject({ method: 'POST', url: '/auth/login/start?v=2', remoteAddress: address, payload: { email, password: 'Wrong-Password-1' } });

  it('login attempts split over two instances count against one limit', async () => {
    const statuses: number[] = [];
    for (let k = 0; k < 6; k++) statuses.push((await loginFrom(k % 2 ? second : ctx.app, ip)).statusCode);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual([429, 429]);
    const refused = await loginFrom(ctx.app, ip);
    expect(refused.json().error).toMatch(/^Too many requests, try again in \d+ s$/);
    // Another address has its own count (another e-mail too: five failures lock an e-mail).
    expect((await loginFrom(second, '203.0.113.10', 'someone@example.com')).statusCode).toBe(401);
  });

  it('the API-wide limit counts per instance; old counters are cleaned up, current ones kept', async () => {
    const headers = await signedIn(ctx, 'flooder');
    const summary = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/v2/market/sectors', remoteAddress: '198.51.100.7', headers });
    const first = [];
    for (let k = 0; k < 4; k++) first.push((await summary(ctx.app)).statusCode);
    expect(first).toEqual([200, 200, 200, 429]);
    expect((await summary(second)).statusCode).toBe(200); // counted apart
    // A flood of anonymous (or badly signed) calls is counted too, before authentication.
    const anonymous = [];
    for (let k = 0; k < 4; k++)
      anonymous.push(
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/v2/market/sectors',
            remoteAddress: '198.51.100.8',
            headers: { authorization: 'Bearer forged' },
          })
        ).statusCode,
      );
    expect(anonymous).toEqual([401, 401, 401, 429]);
    await ctx.database.db
      .updateTable('rate_limit_hits')
      .set({ window_started_at: new Date(ctx.app.now() - 2 * 3600_000) })
      .where('key', 'like', '%203.0.113.10')
      .execute();
    await cleanupRateLimits(ctx.database.db, new Date(ctx.app.now()));
    const keys = (await ctx.database.db.selectFrom('rate_limit_hits').select('key').execute()).map((r) => r.key);
    expect(keys.some((k) => k.endsWith(ip))).toBe(true);
    expect(keys.some((k) => k.endsWith('203.0.113.10'))).toBe(false);
  });

  it("only the limits that stop guessing go to the database; a profile call's limit stays in memory", async () => {
    const headers = await signedIn(ctx, 'someone');
    await ctx.app.inject({ method: 'GET', url: '/v2/user/someone', remoteAddress: '198.51.100.20', headers });
    await ctx.app.inject({ method: 'PUT', url: '/v2/user/someone/password', remoteAddress: '198.51.100.20', headers, payload: {} });
    const keys = (await ctx.database.db.selectFrom('rate_limit_hits').select('key').where('key', 'like', '%198.51.100.20').execute()).map(
      (r) => r.key,
    );
    expect(keys).toEqual(['PUT /v2/user/:id/password 198.51.100.20']);
  });
});
