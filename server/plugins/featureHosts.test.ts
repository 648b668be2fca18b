import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUniverse } from '../services/market/queries/testUniverse';
import { createTestApp, signedIn, TEST_CLOCK_START, type TestContext } from '../test/testApp';
import { ENTITLEMENT_TTL_MS } from './entitlements';

/**
 * Spec §4 Features, decided by the server: a feature is usable at level 2 on a production host
 * (PUBLIC_URL's host is one of PRODUCTION_HOSTS) and at level 1 or more anywhere else.
 */
describe.each([
  { host: 'production', publicUrl: 'https://bondwise.com', levelOne: 403 },
  { host: 'staging', publicUrl: 'https://staging.example.com', levelOne: 200 },
])('a feature at level 1 on a $host host', ({ publicUrl, levelOne }) => {
  let ctx: TestContext;
  let clockMs = TEST_CLOCK_START;
  let user: { authorization: string };
  let admin: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_URL: publicUrl, PRODUCTION_HOSTS: 'bondwise.com' }, { now: () => clockMs });
    await insertTestUniverse(ctx.database.db, { bonds: 6, historyDays: 3 });
    user = await signedIn(ctx, 'analyst');
    admin = await signedIn(ctx, 'operator', { admin: true });
  });
  afterAll(() => ctx.close());

  const setLevel = async (level: 0 | 1 | 2) => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/admin/features/bond_market_index/users/analyst',
      headers: admin,
      payload: { level },
    });
    expect(res.statusCode).toBe(200);
    clockMs += ENTITLEMENT_TTL_MS + 1;
  };
  const index = async () => (await ctx.app.inject({ method: 'GET', url: '/v2/market/index', headers: user })).statusCode;

  it(`answers ${levelOne} at level 1; 200 at level 2 and 403 at level 0 everywhere`, async () => {
    await setLevel(1);
    expect(await index()).toBe(levelOne);
    await setLevel(2);
    expect(await index()).toBe(200);
    await setLevel(0);
    expect(await index()).toBe(403);
  });
});
