import { analyzeBond, interpolateCurve, parseDate, yearsBetween } from '@analytics/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BondDetailResponse, CashflowsResponse } from '../../../common/api/bond';
import { businessDaysBetween } from '../../../common/calendar';
import { resetAllCaches } from '../caches/registry';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';
import { measuresAtSpread, spreadFromPrice } from './measures';
import { repriceUniverse } from './reprice';
import { bulletEntry, createBonds, createCurves, createIssuer, createSector, fixtureCurves } from './testFixtures';

/**
 * One settlement convention: US corporate T+1 on the one calendar (common/calendar) for evaluated
 * analytics, trade spreads, the bond page and its cash flows. Reference values come from the
 * analytics contract call at the expected settlement date.
 */
const FRIDAY = '2026-11-20';
const DAYS = businessDaysBetween('2026-03-20', FRIDAY);
const curves = fixtureCurves(DAYS);

const bullet = () => bulletEntry();

/** The contract's clean price and accrued of the bullet settling on `settlementDate` at treasury + `spreadBp`. */
function reference(settlementDate: string, spreadBp: number, day: string) {
  const y = interpolateCurve(curves.on(day)!.curve, yearsBetween(parseDate(settlementDate), parseDate('2034-03-15'))) + spreadBp / 1e4;
  return analyzeBond({
    instrument: 'fixed',
    issueDate: '2024-03-15',
    maturityDate: '2034-03-15',
    settlementDate,
    coupon: 0.05,
    frequency: 2,
    dayCount: '30/360',
    endOfMonth: false,
    redemption: 100,
    yield: y,
  });
}

describe('evaluated analytics and trade spreads settle T+1 on the calendar', () => {
  it('a price on a Friday settles on Monday', () => {
    const m = measuresAtSpread(bullet(), 120, parseDate(FRIDAY), curves.on(FRIDAY)!.curve);
    expect(m.price).toBeCloseTo(reference('2026-11-23', 120, FRIDAY).cleanPrice!, 9);
  });

  it('a trade the day before Good Friday (open, not a settlement day) settles on Monday', () => {
    const ref = reference('2026-04-06', 95, '2026-04-02');
    expect(spreadFromPrice(bullet(), ref.cleanPrice!, parseDate('2026-04-02'), curves.on('2026-04-02')!.curve)).toBeCloseTo(95, 6);
  });
});

describe('the bond page and its cash flows name the same T+1 settlement as the analytics', () => {
  let ctx: TestContext;
  let auth: { authorization: string };
  let id = 0;
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
    id = (await createBonds(db, [{ issuerId: acme, coupon: 0.05, issueDate: '2024-03-15', maturityDate: '2034-03-15' }]))[0]!;
    await createCurves(db, DAYS.slice(-20));
    await repriceUniverse(db, FRIDAY, { kind: 'eod' });
    resetAllCaches();
  });
  afterAll(async () => ctx?.close());

  it('the detail says Monday and its analytics are the contract values settling Monday', async () => {
    const detail = await get<BondDetailResponse>(`/v2/bond/${id}`);
    expect(detail.analyticsCurve!.pricingDay).toBe(FRIDAY);
    expect(detail.settlementDate).toBe('2026-11-23');
    const ref = analyzeBond({
      instrument: 'fixed',
      issueDate: '2024-03-15',
      maturityDate: '2034-03-15',
      settlementDate: '2026-11-23',
      coupon: 0.05,
      frequency: 2,
      dayCount: '30/360',
      endOfMonth: false,
      redemption: 100,
      cleanPrice: detail.analytics!.price!,
    });
    expect(detail.analytics!.yieldToMaturity!).toBeCloseTo(ref.yieldToMaturity!, 6);
    const flows = await get<CashflowsResponse>(`/v2/bond/${id}/cashflows`);
    expect(flows.settlementDate).toBe('2026-11-23');
  });
});
