import { createBond, parseDate } from '@analytics/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BondDetailResponse, BondRow, CashflowsResponse } from '../../../common/api/bond';
import { calculate, curveOf, prepareBond, settlementFor } from '../../../web/pages/bond/pricing/calculator';
import { resetAllCaches } from '../caches/registry';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';
import { businessDaysBetween } from '../../../common/calendar';
import { indexFixings } from './curves';
import { measuresAtSpread, settlementDay, spreadFromPrice } from './measures';
import { repriceUniverse } from './reprice';
import type { BondEntry } from './terms';
import { BASE_CURVE, createBonds, createCurves, createIssuer, createSector, fixtureCurves } from './testFixtures';

/**
 * A quarterly floater whose last reset (20 Aug 2026) fixed the index 75 bp below today's: the
 * current period must pay that fixing + margin, only later periods today's index.
 */
const DAY = '2026-11-18';
const RESET = '2026-08-20';
const DAYS = businessDaysBetween('2026-08-03', DAY);
// The 3-month point sat 75 bp lower until the end of August, then moved to today's level.
const shift = (d: string) => (d <= '2026-08-31' ? -75 : 0);
const INDEX_TODAY = BASE_CURVE.find((p) => p.tenor === '3M')!.yield;
const FIXING = INDEX_TODAY - 0.0075;
const MARGIN = 0.012;

function floaterEntry(): BondEntry {
  const issueDay = parseDate('2025-08-20');
  const maturityDay = parseDate('2030-08-20');
  return {
    id: 1,
    issuerId: 1,
    sectorId: 1,
    rating: 'A',
    highYield: false,
    couponType: 'floating',
    coupon: 0,
    issueDay,
    maturity: '2030-08-20',
    maturityDay,
    quotedMargin: MARGIN,
    calls: [],
    bond: createBond({
      issueDate: issueDay,
      maturityDate: maturityDay,
      coupon: 0,
      frequency: 4,
      dayCount: 'ACT/360',
      endOfMonth: false,
      redemption: 100,
    }),
    error: null,
    updatedAtMs: 1,
  };
}

describe('floating-rate notes: the current coupon is fixed at the last reset', () => {
  const curves = fixtureCurves(DAYS, shift);
  const entry = floaterEntry();
  const day = parseDate(DAY);

  it('prices, accrues and yields on the fixing + margin; later periods at today’s index', () => {
    const m = measuresAtSpread(entry, MARGIN * 1e4, day, curves.on(DAY)!.curve, true, indexFixings(curves));
    // At a discount margin equal to the quoted margin every projected period is worth par at its
    // start, so the dirty price is the fixed current coupon plus par discounted to the next reset.
    const settle = settlementDay(entry, day);
    const nextReset = parseDate('2026-11-20');
    const current = (100 * (FIXING + MARGIN) * (nextReset - parseDate(RESET))) / 360;
    const dirty = (100 + current) / (1 + ((INDEX_TODAY + MARGIN) * (nextReset - settle)) / 360);
    const accrued = (100 * (FIXING + MARGIN) * (settle - parseDate(RESET))) / 360;
    expect(m.currentCoupon).toBeCloseTo(FIXING + MARGIN, 12);
    expect(m.price).toBeCloseTo(dirty - accrued, 9);
    expect(m.currentYield).toBeCloseTo((100 * (FIXING + MARGIN)) / m.price, 12);
    // And a trade at that price implies the same margin back.
    expect(spreadFromPrice(entry, m.price, day, curves.on(DAY)!.curve, indexFixings(curves))).toBeCloseTo(MARGIN * 1e4, 6);
  });
});

describe('floating-rate notes in the bond table, the bond page, the cash flows and the calculator', () => {
  let ctx: TestContext;
  let auth: { authorization: string };
  let frn = 0;
  const get = async <T>(url: string): Promise<T> => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    auth = await signedIn(ctx, 'user-1');
    const db = ctx.database.db;
    const fin = await createSector(db, 'FIN', 'Financials');
    const bank = await createIssuer(db, fin.industryId, 'BANK');
    frn = (
      await createBonds(db, [
        { issuerId: bank, couponType: 'floating', issueDate: '2025-08-20', maturityDate: '2030-08-20', quotedMargin: MARGIN },
      ])
    )[0]!;
    await createCurves(db, DAYS, shift);
    await repriceUniverse(db, DAY, { kind: 'eod' });
    resetAllCaches();
  });
  afterAll(async () => ctx?.close());

  it('the table shows the current coupon (fixing at the last reset + margin), not 0', async () => {
    const list = await get<{ rows: BondRow[] }>('/v2/bond');
    const row = list.rows.find((r) => r.id === frn)!;
    expect(row.coupon).toBeCloseTo(FIXING + MARGIN, 9);
    expect(row.currentYield).toBeCloseTo((100 * (FIXING + MARGIN)) / row.price!, 6);
  });

  it('the bond page names the period and its fixing, and the calculator agrees with the table', async () => {
    const detail = await get<BondDetailResponse>(`/v2/bond/${frn}`);
    expect(detail.floater).toEqual({
      lastResetDate: RESET,
      nextResetDate: '2026-11-20',
      indexFixing: expect.closeTo(FIXING, 12),
      currentCoupon: expect.closeTo(FIXING + MARGIN, 12),
    });
    const bond = prepareBond(detail);
    const r = calculate(bond, curveOf(detail.analyticsCurve!.points), {
      settlementDate: settlementFor(bond, detail.analyticsCurve!.pricingDay),
      driver: 'price',
      value: detail.analytics!.price!,
    });
    expect(r.discountMargin!).toBeCloseTo(detail.analytics!.discountMargin!, 2);
    expect(r.currentYield!).toBeCloseTo(detail.analytics!.currentYield!, 6);
  });

  it('the cash flows pay the fixed current coupon, then project today’s index', async () => {
    const flows = await get<CashflowsResponse>(`/v2/bond/${frn}/cashflows`);
    const first = flows.cashflows[0]!;
    expect(first.date).toBe('2026-11-20');
    expect(first.coupon).toBeCloseTo((100 * (FIXING + MARGIN) * (parseDate('2026-11-20') - parseDate(RESET))) / 360, 6);
    const second = flows.cashflows[1]!;
    expect(second.coupon).toBeCloseTo((100 * (INDEX_TODAY + MARGIN) * (parseDate('2027-02-20') - parseDate('2026-11-20'))) / 360, 6);
  });
});
