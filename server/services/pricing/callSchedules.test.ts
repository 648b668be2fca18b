import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BondDetailResponse } from '../../../common/api/bond';
import { businessDaysBetween } from '../../../common/calendar';
import { resetAllCaches } from '../caches/registry';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';
import { repriceUniverse } from './reprice';
import { createBonds, createCurves, createIssuer, createSector } from './testFixtures';

/**
 * Vendor call schedules as stored: the investment-grade par call three months before maturity
 * and a past issue-date entry. The evaluated row keeps the call (next call date, yield to call)
 * and gives the risk to the workout date beside the risk to maturity. Expected risk figures are
 * worked by hand from the bond's flows at the stored yields.
 */
const FRIDAY = '2026-11-20'; // settles Monday 23 Nov 2026
const DAYS = businessDaysBetween('2026-10-20', FRIDAY);

describe('a bond callable at par three months before maturity, priced by the service', () => {
  let ctx: TestContext;
  let auth: { authorization: string };
  let id = 0;

  beforeAll(async () => {
    ctx = await createTestApp();
    auth = await signedIn(ctx, 'user-1');
    const db = ctx.database.db;
    const { industryId } = await createSector(db);
    const issuer = await createIssuer(db, industryId, 'PARC');
    [id] = (await createBonds(db, [
      {
        issuerId: issuer,
        coupon: 0.06,
        issueDate: '2017-06-15',
        maturityDate: '2027-06-15',
        callSchedule: [
          { date: '2017-06-15', price: 102 },
          { date: '2027-03-15', price: 100 },
        ],
      },
    ])) as [number];
    await createCurves(db, DAYS);
    await repriceUniverse(db, FRIDAY, { kind: 'eod' });
    resetAllCaches();
  });
  afterAll(async () => ctx?.close());

  const row = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/v2/bond/${id}`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as BondDetailResponse).analytics!;
  };

  it('keeps the 15 Mar 2027 call: next call date and yield to call are shown, the past entry is no obstacle', async () => {
    const a = await row();
    expect(a.price).not.toBeNull();
    expect(a.nextCallDate).toBe('2027-03-15');
    expect(a.yieldToCall).not.toBeNull();
  });

  it('a premium bond works out to the call: duration, DV01 and convexity to worst are those of the flows to 15 Mar 2027', async () => {
    const a = await row();
    expect(a.price!).toBeGreaterThan(100);
    expect(a.yieldToWorst).toBe(a.yieldToCall);
    // Settling 23 Nov 2026: 158 of 180 days (30/360) accrued since 15 Jun, so the 15 Dec coupon
    // (3.00) is 22/180 of a period away and the call flow (100 + 90 days of coupon = 101.50)
    // half a period later.
    const y = a.yieldToWorst!;
    const v = 1 + y / 2;
    const n1 = 22 / 180;
    const pv1 = 3 / v ** n1;
    const pv2 = 101.5 / v ** (n1 + 0.5);
    const dirty = pv1 + pv2;
    const mac = ((n1 / 2) * pv1 + ((n1 + 0.5) / 2) * pv2) / dirty;
    expect(a.durationToWorst!).toBeCloseTo(mac / v, 4);
    expect(a.dv01ToWorst!).toBeCloseTo(((mac / v) * dirty) / 1e4, 6);
    // Convexity, semi-annual compounding: the sum of each flow's PV times n(n+1) periods, over
    // 2² v² and the dirty price (n in periods: n1 and n1 + 1/2).
    const convexity = (n1 * (n1 + 1) * pv1 + (n1 + 0.5) * (n1 + 1.5) * pv2) / (4 * v * v * dirty);
    expect(a.convexityToWorst!).toBeCloseTo(convexity, 4);
    // To maturity the last flow is 103 on 15 Jun 2027, a full period after December.
    const w = 1 + a.yieldToMaturity! / 2;
    const q1 = 3 / w ** n1;
    const q2 = 103 / w ** (n1 + 1);
    const macMaturity = ((n1 / 2) * q1 + ((n1 + 1) / 2) * q2) / (q1 + q2);
    expect(a.duration!).toBeCloseTo(macMaturity / w, 4);
    expect(a.durationToWorst!).toBeLessThan(a.duration!);
  });
});
