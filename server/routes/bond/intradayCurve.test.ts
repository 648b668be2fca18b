import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BondDetailResponse } from '../../../common/api/bond';
import { calculate, curveOf, prepareBond, settlementFor } from '../../../web/pages/bond/pricing/calculator';
import { resetAllCaches } from '../../services/caches/registry';
import { businessDaysBetween } from '../../../common/calendar';
import { repriceUniverse } from '../../services/pricing/index';
import { pruneCurveVersions } from '../../services/pricing/curveVersions';
import { createBonds, createCurves, createIssuer, createSector } from '../../services/pricing/testFixtures';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

/**
 * Intraday, the live market rewrites today's curve every tick and reprices only some bonds; a
 * bond repriced at 11:00 was priced on the 11:00 curve, not on the curve of 15:00. The bond page
 * names the curve version the figures were made on, so the pricing calculator, re-pricing at the
 * displayed price on that curve, shows the same yield and G-spread (issue #11 item 4: an FRN at
 * 100.0167 showed 5.226% on the server and 5.188% in the calculator).
 */
const DAY = '2026-11-18';
const CURVE_MOVE = 0.003; // 30 bp, between the two intraday reprices

describe('the pricing calculator agrees with the server for bonds repriced earlier today', () => {
  let ctx: TestContext;
  let auth: { authorization: string };
  let frn = 0;
  let bullet = 0;
  let other = 0;
  const detailOf = async (id: number): Promise<BondDetailResponse> => {
    const res = await ctx.app.inject({ method: 'GET', url: `/v2/bond/${id}`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BondDetailResponse;
  };
  const tenYear = async () =>
    Number(
      (
        await sql<{ y: string }>`select yield as y from treasury_curve_points where curve_date = ${DAY} and tenor = '10Y'`.execute(
          ctx.database.db,
        )
      ).rows[0]!.y,
    );

  beforeAll(async () => {
    ctx = await createTestApp();
    auth = await signedIn(ctx, 'user-1');
    const db = ctx.database.db;
    const { industryId } = await createSector(db);
    const acme = await createIssuer(db, industryId, 'ACME');
    [frn, bullet, other] = (await createBonds(db, [
      { issuerId: acme, couponType: 'floating', quotedMargin: 0.009, issueDate: '2025-01-15', maturityDate: '2030-01-15' },
      { issuerId: acme, coupon: 0.05, issueDate: '2024-03-15', maturityDate: '2034-03-15' },
      { issuerId: acme, coupon: 0.045, issueDate: '2022-06-01', maturityDate: '2031-06-01' },
    ])) as [number, number, number];
    await createCurves(db, businessDaysBetween('2026-10-19', DAY), () => 0);
    await repriceUniverse(db, new Date(`${DAY}T16:00:00Z`));
    // The curve moves; only another bond is repriced on it.
    await sql`update treasury_curve_points set yield = yield + ${CURVE_MOVE} where curve_date = ${DAY}`.execute(db);
    await repriceUniverse(db, new Date(`${DAY}T20:00:00Z`), { bondIds: [other] });
    resetAllCaches();
  });
  afterAll(() => ctx.close());

  for (const kind of ['frn', 'bullet'] as const) {
    it(`a ${kind} priced at 11:00: the page gets the 11:00 curve, and the calculator gives the displayed yield and G-spread`, async () => {
      const detail = await detailOf(kind === 'frn' ? frn : bullet);
      const used = detail.analyticsCurve!;
      expect(used).toMatchObject({ pricingDay: DAY, date: DAY });
      const tenY = used.points.find((p) => p.tenor === '10Y')!.yield;
      expect(tenY).toBeCloseTo((await tenYear()) - CURVE_MOVE, 10);

      const bond = prepareBond(detail);
      const atPrice = (points: typeof used.points) =>
        calculate(bond, curveOf(points), { settlementDate: settlementFor(bond, DAY), driver: 'price', value: detail.analytics!.price! });
      const same = atPrice(used.points);
      // Displayed precision: yields to 0.001 % and spreads to 0.1 bp.
      expect(Math.abs(same.yieldToMaturity * 100 - detail.analytics!.yieldToMaturity! * 100)).toBeLessThan(0.0005);
      expect(Math.abs(same.gSpread! - detail.analytics!.gSpread!)).toBeLessThan(0.05);
      // On the latest curve — what the page was given before — the G-spread misses: by the whole
      // move for a fixed coupon, by less for the FRN (its index proxy moves with the curve), but
      // still by more than the displayed precision.
      const latest = used.points.map((p) => ({ ...p, yield: p.yield + CURVE_MOVE }));
      expect(Math.abs(atPrice(latest).gSpread! - detail.analytics!.gSpread!)).toBeGreaterThan(0.05);
    });
  }

  it('the bond repriced after the move carries the moved curve', async () => {
    const detail = await detailOf(other);
    expect(detail.analyticsCurve!.points.find((p) => p.tenor === '10Y')!.yield).toBeCloseTo(await tenYear(), 10);
  });

  it('keeps a curve version while a bond is priced on it, and stores each distinct curve once', async () => {
    const versions = await sql<{ n: string }>`select count(*) as n from treasury_curve_versions`.execute(ctx.database.db);
    expect(Number(versions.rows[0]!.n)).toBe(2);
    await repriceUniverse(ctx.database.db, new Date(`${DAY}T20:05:00Z`), { bondIds: [other] });
    const again = await sql<{ n: string }>`select count(*) as n from treasury_curve_versions`.execute(ctx.database.db);
    expect(Number(again.rows[0]!.n)).toBe(2);
  });

  it('drops a curve version once no bond is priced on it any more', async () => {
    const db = ctx.database.db;
    // Every bond repriced on the moved curve: the 11:00 version is no longer used.
    await repriceUniverse(db, new Date(`${DAY}T20:10:00Z`));
    const ids = async () =>
      (await sql<{ id: number }>`select id from treasury_curve_versions order by id`.execute(db)).rows.map((r) => r.id);
    const [first, second] = await ids();
    // Within the grace period (a reprice elsewhere may be about to use a new version) nothing goes.
    expect(await pruneCurveVersions(db, new Map())).toBe(0);
    await sql`update treasury_curve_versions set created_at = now() - interval '1 hour'`.execute(db);
    expect(await pruneCurveVersions(db, new Map())).toBe(1);
    expect(await ids()).toEqual([second]);
    expect(first).toBeLessThan(second!);
  });
});
