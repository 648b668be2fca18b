import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCurve, CurveCompare, CurvePointSaved } from '../../../../common/api/adminCurve';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';
import { sampleMarket } from '../bonds/testSetup';

/**
 * The Treasury par curve of samples/treasury-par-yield-curve.csv (20 days to 29 Oct 2026; on
 * 29 Oct the 10 Yr is 3.92%, on 28 Oct 3.91%), with the sample bonds priced on its latest day.
 */
describe('admin: the Treasury curve', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const put = (date: string, tenor: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/admin/curve/${date}/${tenor}`, headers: admin, payload });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedIn(ctx, 'curve-admin', { admin: true });
    await sampleMarket(ctx);
  });
  afterAll(() => ctx.close());

  it('shows the latest curve with its points by tenor, the dates before it and the bonds priced on it', async () => {
    const curve = (await get('/admin/curve')) as AdminCurve;
    expect(curve.date).toBe('2026-10-29');
    expect(curve.latestDate).toBe('2026-10-29');
    expect(curve.nextDate).toBeNull();
    expect(curve.previousDate).toBe('2026-10-28');
    expect(curve.points.map((p) => p.tenor)).toEqual([
      '1M',
      '1.5M',
      '2M',
      '3M',
      '4M',
      '6M',
      '1Y',
      '2Y',
      '3Y',
      '5Y',
      '7Y',
      '10Y',
      '20Y',
      '30Y',
    ]);
    expect(curve.points.find((p) => p.tenor === '10Y')!.yield).toBe(0.0392);
    expect(curve.dates).toHaveLength(20);
    const priced = await sql<{ n: number }>`select count(*)::int as n from bond_market_state`.execute(ctx.database.db);
    expect(curve.bondsPriced).toBe(priced.rows[0]!.n);
    expect(curve.bondsPriced).toBeGreaterThan(0);
  });

  it('shows the curve in force on a day without one (the latest before it), and 404 before the first', async () => {
    expect(((await get('/admin/curve?date=2026-10-25')) as AdminCurve).date).toBe('2026-10-23');
    const none = await ctx.app.inject({ method: 'GET', url: '/admin/curve?date=2020-01-01', headers: admin });
    expect({ status: none.statusCode, body: none.json() }).toEqual({
      status: 404,
      body: { error: 'Invalid querystring.date: must be on or after the first Treasury curve: none is loaded on or before 2020-01-01' },
    });
  });

  it('compares two dates tenor by tenor in basis points', async () => {
    const diff = (await get('/admin/curve/compare?a=2026-10-28&b=2026-10-29')) as CurveCompare;
    expect(diff.points.find((p) => p.tenor === '10Y')).toEqual({ tenor: '10Y', years: 10, yieldA: 0.0391, yieldB: 0.0392, changeBp: 1 });
    expect(diff.points.find((p) => p.tenor === '1M')!.changeBp).toBe(-1);
    const bad = await ctx.app.inject({ method: 'GET', url: '/admin/curve/compare?a=2026-10-28&b=yesterday', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/\bb\b/);
    const missing = await ctx.app.inject({ method: 'GET', url: '/admin/curve/compare?a=2020-01-02&b=2026-10-29', headers: admin });
    expect({ status: missing.statusCode, body: missing.json() }).toEqual({
      status: 404,
      body: { error: 'Invalid querystring.a: the Treasury curve of 2020-01-02 is not loaded: pick a day that has one' },
    });
  });

  it('corrects a point: audited before/after, and every bond priced on that curve repriced on the corrected one', async () => {
    const curve = (await get('/admin/curve')) as AdminCurve;
    const point = curve.points.find((p) => p.tenor === '10Y')!;
    const res = await put('2026-10-29', '10Y', { yield: 0.0402, updatedAt: point.updatedAt });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as CurvePointSaved;
    expect(saved.point).toMatchObject({ tenor: '10Y', yield: 0.0402 });
    expect(saved.bondsRepriced).toBe(curve.bondsPriced);
    expect(saved.repriceError).toBeUndefined();
    // Every priced bond now names a curve version whose 10Y point is the corrected one.
    const versions = await sql<{ y: number }>`select distinct (p->>'yield')::float8 as y
      from bond_market_state s join treasury_curve_versions v on v.id = s.curve_version_id, jsonb_array_elements(v.points) p
      where p->>'tenor' = '10Y'`.execute(ctx.database.db);
    expect(versions.rows.map((r) => r.y)).toEqual([0.0402]);
    const after = (await get('/admin/curve')) as AdminCurve;
    expect(after.corrections[0]).toMatchObject({ tenor: '10Y', before: 0.0392, after: 0.0402, actor: 'curve-admin' });
    const audit = await get('/admin/audit-log?action=curve.correct');
    expect(audit.entries[0]).toMatchObject({ targetType: 'treasury_curve', targetId: '2026-10-29' });
    expect(
      ((await get('/admin/curve/compare?a=2026-10-28&b=2026-10-29')) as CurveCompare).points.find((p) => p.tenor === '10Y')!.changeBp,
    ).toBe(11);
  });

  it('tells the second corrector the point changed since they read it', async () => {
    const point = ((await get('/admin/curve?date=2026-10-28')) as AdminCurve).points.find((p) => p.tenor === '5Y')!;
    expect((await put('2026-10-28', '5Y', { yield: 0.0351, updatedAt: point.updatedAt })).statusCode).toBe(200);
    const second = await put('2026-10-28', '5Y', { yield: 0.0355, updatedAt: point.updatedAt });
    expect({ status: second.statusCode, body: second.json() }).toEqual({
      status: 409,
      body: { error: 'The 5Y point of 2026-10-28 was changed by someone else after you read it: reload it and correct it again.' },
    });
    expect(((await get('/admin/curve?date=2026-10-28')) as AdminCurve).points.find((p) => p.tenor === '5Y')!.yield).toBe(0.0351);
  });

  it.each([
    ['a yield in percent, not a decimal', '2026-10-29', '2Y', { yield: 3.45 }, 400, /yield/],
    ['a tenor that is not one', '2026-10-29', 'ten', { yield: 0.03 }, 400, /tenor/],
    ['a date that is not one', '2026-02-30', '2Y', { yield: 0.03 }, 400, /date/],
    ['a tenor the day does not have', '2026-10-29', '15Y', { yield: 0.03 }, 404, /^The Treasury curve of 2026-10-29 has no 15Y point\.$/],
    ['no version', '2026-10-29', '2Y', { yield: 0.03, updatedAt: undefined }, 400, /updatedAt/],
  ])('refuses %s', async (_n, date, tenor, body, status, message) => {
    const point = ((await get('/admin/curve')) as AdminCurve).points.find((p) => p.tenor === '2Y')!;
    const res = await put(date, tenor, { updatedAt: point.updatedAt, ...body });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error).toMatch(message);
    expect(((await get('/admin/curve')) as AdminCurve).points.find((p) => p.tenor === '2Y')).toEqual(point);
  });

  it('answers 401 without a session and 403 to a non-admin', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/curve' })).statusCode).toBe(401);
    const user = await signedIn(ctx, 'curve-user');
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/curve', headers: user })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/curve/compare?a=2026-10-28&b=2026-10-29', headers: user })).statusCode).toBe(
      403,
    );
    expect(
      (await ctx.app.inject({ method: 'PUT', url: '/admin/curve/2026-10-29/2Y', headers: user, payload: { yield: 0.03 } })).statusCode,
    ).toBe(403);
  });
});
