import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BondDetailResponse } from '../../../common/api/bond';
import type { MarketSummaryResponse } from '../../../common/api/market';
import { calculate, curveOf, prepareBond, settlementFor } from '../../../web/pages/bond/pricing/calculator';
import { resetAllCaches } from '../../services/caches/registry';
import { businessDaysBetween } from '../../../common/calendar';
import { repriceUniverse } from '../../services/pricing/index';
import { createBonds, createCurves, createIssuer, createSector } from '../../services/pricing/testFixtures';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

/**
 * The pricing calculator (/bw/bond/{id}/pricing) re-prices a bond in the browser. At the bond's
 * own evaluated price it must give the G-spread the server shows, so it must price on the curve
 * the server's analytics used — not on the market's latest curve, which moves on after a bond
 * was priced (here: the whole market closed on PREV; one bond was repriced on DAY, on a curve 25 bp
 * higher, so the market summary already shows DAY's curve).
 */
const PREV = '2026-11-17';
const DAY = '2026-11-18';

describe("pricing calculator on the server's analytics curve", () => {
  let ctx: TestContext;
  let auth: { authorization: string };
  const bonds: Record<'bullet' | 'callable' | 'frn' | 'touched', number> = { bullet: 0, callable: 0, frn: 0, touched: 0 };
  const get = async <T>(url: string): Promise<T> => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    auth = await signedIn(ctx, 'user-1');
    const db = ctx.database.db;
    const { industryId } = await createSector(db);
    const acme = await createIssuer(db, industryId, 'ACME');
    const [bullet, callable, frn, touched] = await createBonds(db, [
      { issuerId: acme, coupon: 0.05, issueDate: '2024-03-15', maturityDate: '2034-03-15' },
      {
        issuerId: acme,
        coupon: 0.07,
        issueDate: '2023-02-15',
        maturityDate: '2033-02-15',
        callSchedule: [
          { date: '2027-02-15', price: 100 },
          { date: '2029-02-15', price: 100 },
        ],
      },
      { issuerId: acme, couponType: 'floating', quotedMargin: 0.009, issueDate: '2025-01-15', maturityDate: '2030-01-15' },
      { issuerId: acme, coupon: 0.045, issueDate: '2022-06-01', maturityDate: '2031-06-01' },
    ]);
    Object.assign(bonds, { bullet, callable, frn, touched });
    await createCurves(db, businessDaysBetween('2026-10-19', DAY), (d) => (d === DAY ? 25 : 0));
    await repriceUniverse(db, PREV, { kind: 'eod' });
    await repriceUniverse(db, new Date(`${DAY}T15:00:00Z`), { bondIds: [touched!] });
    resetAllCaches();
  });
  afterAll(() => ctx.close());

  /** The calculator's G-spread at the bond's displayed price, on the given curve points. */
  function calculatorGSpread(
    detail: BondDetailResponse,
    points: { tenor: string; years: number; yield: number }[],
    pricingDay: string,
  ): number {
    const bond = prepareBond(detail);
    const result = calculate(bond, curveOf(points), {
      settlementDate: settlementFor(bond, pricingDay),
      driver: 'price',
      value: detail.analytics!.price!,
    });
    return result.gSpread!;
  }

  for (const kind of ['bullet', 'callable', 'frn'] as const) {
    it(`a ${kind} priced at the previous close: at its displayed price the calculator's G-spread is the displayed one (±0.05 bp)`, async () => {
      const summary = await get<MarketSummaryResponse>('/v2/market/summary?metric=yield&segments=all');
      expect(summary.treasury.date).toBe(DAY);
      const detail = await get<BondDetailResponse>(`/v2/bond/${bonds[kind]}`);
      expect(detail.analyticsCurve).toMatchObject({ pricingDay: PREV, date: PREV });
      expect(detail.analyticsCurve!.points.map((p) => p.tenor)).toContain('10Y');
      const shown = detail.analytics!.gSpread!;
      expect(Math.abs(calculatorGSpread(detail, detail.analyticsCurve!.points, detail.analyticsCurve!.pricingDay) - shown)).toBeLessThan(
        0.05,
      );
      // What the calculator did before (the market summary's latest curve) misses by more than
      // that: by the 25 bp shift for fixed coupons; for the FRN, whose index proxy moves with the
      // curve, by less but still outside the tolerance.
      expect(Math.abs(calculatorGSpread(detail, summary.treasury.points, detail.lineage!.priceDate) - shown)).toBeGreaterThan(0.05);
    });
  }

  it("a bond repriced today carries today's curve", async () => {
    const detail = await get<BondDetailResponse>(`/v2/bond/${bonds.touched}`);
    expect(detail.analyticsCurve).toMatchObject({ pricingDay: DAY, date: DAY });
    const shown = detail.analytics!.gSpread!;
    expect(Math.abs(calculatorGSpread(detail, detail.analyticsCurve!.points, DAY) - shown)).toBeLessThan(0.05);
  });
});
