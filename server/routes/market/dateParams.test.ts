import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUniverse, type TestUniverse } from '../../services/market/queries/testUniverse';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

/**
 * Every date parameter is a real, bounded calendar day and every range has a maximum span: a
 * request for the index to the year 9999 once walked month by month for minutes and froze the
 * server.
 */
describe('date parameters of the market APIs', () => {
  let ctx: TestContext;
  let u: TestUniverse;
  let auth: { authorization: string };
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: auth });

  beforeAll(async () => {
    ctx = await createTestApp();
    u = await insertTestUniverse(ctx.database.db, { bonds: 20, historyDays: 8 });
    auth = await signedIn(ctx, 'user-1');
  });
  afterAll(() => ctx.close());

  const endpoints = () => [
    '/v2/market/index?',
    '/v2/market/detail?metric=spread&',
    `/v2/market/term-structure-change?sector=FIN&`,
    `/v2/bond/${u.bondIds[0]}/price-history?`,
    '/v2/trade?',
  ];

  it('impossible dates are a 400 naming the parameter, on every endpoint that takes dates', async () => {
    for (const base of endpoints()) {
      for (const [param, bad] of [
        ['from', '2026-02-30'],
        ['to', '2026-13-45'],
        ['from', '0000-00-00'],
        ['to', '2026-1-5'],
        ['from', '20260105'],
      ]) {
        const url = `${base}${param}=${bad}`;
        const res = await get(url);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
        expect(res.json().error).toContain(`querystring.${param}`);
      }
    }
  });

  it('the year 9999 is out of range, and a range longer than the endpoint allows is refused', async () => {
    const far = await get('/v2/market/index?from=2026-01-01&to=9999-12-31');
    expect(far.statusCode).toBe(400);
    expect(far.json().error).toMatch(/querystring\.to: must be between 1900-01-01 and 2199-12-31/);
    const long = await get('/v2/market/index?from=2026-01-01&to=2199-12-31');
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatch(/querystring\.to: the range may span at most 1830 days/);
    const reversed = await get('/v2/market/detail?from=2026-06-01&to=2026-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error).toMatch(/querystring\.from: must not be after to/);
  });

  it('a range reaching past the data ends at the last close instead of walking on', async () => {
    const res = await get('/v2/market/index?from=2026-01-01&to=2030-12-31');
    expect(res.statusCode).toBe(200);
    const points: { date: string }[] = res.json().points;
    expect(points.length).toBeGreaterThan(0);
    expect(points.at(-1)!.date <= u.asOfDay).toBe(true);
  });
});
