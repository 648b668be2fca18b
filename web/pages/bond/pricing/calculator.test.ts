import { describe, expect, it } from 'vitest';
import { analyzeBond } from '@analytics/index';
import type { BondDetailResponse } from '@common/api/bond';
import { calculate, curveOf, prepareBond, settlementFor } from './calculator';

const curve = curveOf([
  { tenor: '3M', years: 0.25, yield: 0.042 },
  { tenor: '2Y', years: 2, yield: 0.039 },
  { tenor: '5Y', years: 5, yield: 0.0395 },
  { tenor: '10Y', years: 10, yield: 0.0425 },
  { tenor: '30Y', years: 30, yield: 0.046 },
]);

function detail(terms: Partial<BondDetailResponse['terms']>, callSchedule: BondDetailResponse['callSchedule'] = []): BondDetailResponse {
  return {
    id: 1,
    cusip: 'X',
    isin: 'X',
    description: 'X',
    terms: {
      couponType: 'fixed',
      coupon: 0.051,
      frequency: 2,
      dayCount: '30/360',
      endOfMonth: false,
      issueDate: '2025-12-26',
      firstCouponDate: null,
      maturityDate: '2032-12-26',
      amountIssued: 1e9,
      amountOutstanding: 1e9,
      seniority: 'Senior Unsecured',
      floaterIndex: null,
      quotedMargin: null,
      isBenchmark: false,
      tenorAtIssue: 7,
      currency: 'USD',
      source: 'test',
      notPricedReason: null,
      ...terms,
    },
    settlementDate: '2026-11-23',
    floater: null,
    issuer: {
      id: 1,
      name: 'X',
      displayName: 'X',
      ticker: 'X',
      countryOfRisk: 'US',
      corporateStructure: 'OpCo',
      sector: null,
      industry: { id: 1, code: 'X', name: 'X' },
    },
    ratings: { sp: null, moody: null, history: [] },
    callSchedule,
    makeWhole: null,
    analytics: null,
    analyticsCurve: null,
    lineage: null,
  };
}

describe('pricing calculator', () => {
  it('price → yield matches the analytics contract call, and yield → price returns the price', () => {
    const p = prepareBond(detail({}));
    const r = calculate(p, curve, { settlementDate: '2026-11-20', driver: 'price', value: 100.430273 });
    const reference = analyzeBond({
      instrument: 'fixed',
      issueDate: '2025-12-26',
      maturityDate: '2032-12-26',
      settlementDate: '2026-11-20',
      coupon: 0.051,
      frequency: 2,
      dayCount: '30/360',
      endOfMonth: false,
      redemption: 100,
      cleanPrice: 100.430273,
    });
    expect(r.yieldToMaturity).toBeCloseTo(reference.yieldToMaturity!, 12);
    const back = calculate(p, curve, { settlementDate: '2026-11-20', driver: 'yield', value: r.yieldToMaturity });
    expect(back.price).toBeCloseTo(100.430273, 9);
    expect(r.dv01).toBeCloseTo((r.modifiedDuration * r.dirtyPrice) / 1e4, 12);
  });

  it('a G-spread prices off the interpolated curve and gives the same spread back', () => {
    const p = prepareBond(detail({}));
    const r = calculate(p, curve, { settlementDate: '2026-11-20', driver: 'spread', value: 88 });
    expect(r.gSpread).toBeCloseTo(88, 9);
    expect(r.benchmark).toBe('5Y');
  });

  it('a callable lists the yield to each call at its exact date, off-cycle ones included, and the worst', () => {
    const p = prepareBond(
      detail(
        {},
        [
          { date: '2032-06-26', price: 100 },
          { date: '2031-08-01', price: 101 },
        ].reverse(),
      ),
    );
    const r = calculate(p, curve, { settlementDate: '2026-11-20', driver: 'price', value: 102 });
    expect(r.calls.map((c) => c.date)).toEqual(['2031-08-01', '2032-06-26']);
    expect(r.calls[0]!.scheduled).toBe('2031-08-01');
    expect(r.yieldToWorst).toBe(Math.min(r.yieldToMaturity, ...r.calls.map((c) => c.yield)));
    expect(r.calls.filter((c) => c.worst)).toHaveLength(r.yieldToWorst < r.yieldToMaturity ? 1 : 0);
  });

  it('a par call three months before maturity is kept, and the risk is given to the call and to maturity', () => {
    const p = prepareBond(
      detail({ coupon: 0.04, issueDate: '2017-06-15', maturityDate: '2027-06-15' }, [{ date: '2027-03-15', price: 100 }]),
    );
    // By hand at 3% to the call: 2.00 in one period, 101.00 (par + 90 days of coupon) in 1.5.
    const v = 1.015;
    const dirty = 2 / v + 101 / v ** 1.5;
    const r = calculate(p, curve, { settlementDate: '2026-06-15', driver: 'price', value: dirty });
    expect(r.calls.map((c) => [c.date, c.worst])).toEqual([['2027-03-15', true]]);
    expect(r.worstDate).toBe('2027-03-15');
    const mac = (0.5 * (2 / v) + 0.75 * (101 / v ** 1.5)) / dirty;
    expect(r.modifiedDurationToWorst).toBeCloseTo(mac / v, 12);
    expect(r.dv01ToWorst).toBeCloseTo(((mac / v) * dirty) / 1e4, 14);
    expect(r.modifiedDuration).toBeGreaterThan(r.modifiedDurationToWorst);
  });

  it('an FRN: price ↔ discount margin over the 3-month point, yield = index + DM', () => {
    const p = prepareBond(
      detail({
        couponType: 'floating',
        coupon: 0,
        frequency: 4,
        dayCount: 'ACT/360',
        quotedMargin: 0.0112,
        maturityDate: '2031-05-19',
        issueDate: '2026-05-19',
      }),
    );
    const r = calculate(p, curve, { settlementDate: '2026-11-20', driver: 'price', value: 100.5 });
    expect(r.indexRate).toBeCloseTo(0.042, 12);
    expect(r.yieldToMaturity).toBeCloseTo(0.042 + r.discountMargin! / 1e4, 12);
    const back = calculate(p, curve, { settlementDate: '2026-11-20', driver: 'yield', value: r.yieldToMaturity });
    expect(back.price).toBeCloseTo(100.5, 9);
  });

  it('settles T+1 on the calendar (Friday → Monday, over Thanksgiving and Good Friday), never before issue', () => {
    const p = prepareBond(detail({ issueDate: '2026-12-01' }));
    expect(settlementFor(p, '2026-11-20')).toBe('2026-12-01');
    expect(settlementFor(p, '2026-12-04')).toBe('2026-12-07');
    const q = prepareBond(detail({}));
    expect(settlementFor(q, '2026-11-18')).toBe('2026-11-19');
    expect(settlementFor(q, '2026-11-25')).toBe('2026-11-27');
    // Good Friday 2026 traded (SIFMA kept it open for the employment report) but does not settle.
    expect(settlementFor(q, '2026-04-02')).toBe('2026-04-06');
  });

  it('refuses a settlement after maturity with the engine message', () => {
    const p = prepareBond(detail({}));
    expect(() => calculate(p, curve, { settlementDate: '2033-01-01', driver: 'price', value: 100 })).toThrow(/maturityDate/);
  });
});
