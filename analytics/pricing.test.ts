/**
 * Fixed-rate and zero-coupon pricing scenarios: the contract's published spreadsheet examples,
 * settlement on and around coupon dates, final-period (simple-interest) yields, 31st dates.
 */
import { describe, expect, it } from 'vitest';
import { analyzeBond } from './index';
import { exampleBond } from './testBonds';

const bond = exampleBond;

describe('published spreadsheet examples', () => {
  it('PRICE(15-Feb-2008, 15-Nov-2017, 5.75%, 6.5%, 100, 2, 0) = 94.63436162', () => {
    expect(analyzeBond(bond({ yield: 0.065 })).cleanPrice).toBeCloseTo(94.63436162, 8);
  });

  it('YIELD(15-Feb-2008, 15-Nov-2016, 5.75%, 95.04287, 100, 2, 0) = 6.5% (price rounded)', () => {
    const r = analyzeBond(bond({ issueDate: '2006-11-15', maturityDate: '2016-11-15', cleanPrice: 95.04287 }));
    expect(r.yieldToMaturity).toBeCloseTo(0.065, 7);
  });

  it('DURATION / MDURATION(1-Jan-2008, 1-Jan-2016, 8%, 9%, 2, 1) = 5.993775 / 5.73567', () => {
    const r = analyzeBond(
      bond({
        dayCount: 'ACT/ACT',
        issueDate: '2007-07-01',
        maturityDate: '2016-01-01',
        settlementDate: '2008-01-01',
        coupon: 0.08,
        yield: 0.09,
      }),
    );
    expect(r.macaulayDuration).toBeCloseTo(5.993775, 6);
    expect(r.modifiedDuration).toBeCloseTo(5.73567, 5);
  });

  it('ACCRINT(1-Mar-2008, first 31-Aug-2008, settle 1-May-2008, 10%, 1000, 2, 0) = 16.6667', () => {
    const r = analyzeBond(
      bond({
        issueDate: '2008-03-01',
        firstCouponDate: '2008-08-31',
        maturityDate: '2012-08-31',
        settlementDate: '2008-05-01',
        coupon: 0.1,
        yield: 0.1,
      }),
    );
    expect(r.accruedInterest * 10).toBeCloseTo(16.6667, 4);
    expect(r.accruedDays).toBe(60);
  });

  it('ODDFPRICE(11-Nov-2008, 1-Mar-2021, issue 15-Oct-2008, first 1-Mar-2009, 7.85%, 6.25%, 100, 2, 1) = 113.597717', () => {
    const r = analyzeBond(
      bond({
        dayCount: 'ACT/ACT',
        issueDate: '2008-10-15',
        firstCouponDate: '2009-03-01',
        maturityDate: '2021-03-01',
        settlementDate: '2008-11-11',
        coupon: 0.0785,
        yield: 0.0625,
      }),
    );
    expect(r.cleanPrice).toBeCloseTo(113.597717, 6);
  });

  it('PRICE(15-Feb-1980, 4-May-1980, 7%, 10%, 100, 2, 0) = 99.31363217662 (final coupon period)', () => {
    const r = analyzeBond(
      bond({ issueDate: '1979-11-04', maturityDate: '1980-05-04', settlementDate: '1980-02-15', coupon: 0.07, yield: 0.1 }),
    );
    expect(r.cleanPrice).toBeCloseTo(99.31363217662, 10);
    expect(r.macaulayDuration).toBeCloseTo(79 / 360, 15);
    expect(r.modifiedDuration).toBeCloseTo(79 / 360 / (1 + (0.1 * 79) / 360), 15);
  });
});

describe('settlement on and around coupon dates', () => {
  const base = { issueDate: '2020-05-15', maturityDate: '2030-05-15', coupon: 0.06, yield: 0.05 };

  it('on a coupon date: no accrued, that coupon is not a future flow', () => {
    const r = analyzeBond(bond({ ...base, settlementDate: '2024-11-15' }));
    expect(r.accruedInterest).toBe(0);
    expect(r.accruedDays).toBe(0);
    expect(r.cashflows[0]).toEqual({ date: '2025-05-15', amount: 3 });
    expect(r.cashflows).toHaveLength(11);
    expect(r.cashflows.at(-1)).toEqual({ date: '2030-05-15', amount: 103 });
  });

  it('the day before a coupon: almost a full coupon accrued, continuous price', () => {
    const before = analyzeBond(bond({ ...base, settlementDate: '2024-11-14' }));
    const on = analyzeBond(bond({ ...base, settlementDate: '2024-11-15' }));
    expect(before.accruedDays).toBe(179);
    expect(before.accruedInterest).toBeCloseTo((3 * 179) / 180, 14);
    expect(before.cashflows[0]).toEqual({ date: '2024-11-15', amount: 3 });
    expect(before.dirtyPrice - 3 * (1 + 0.025) ** (-1 / 180)).toBeCloseTo(on.dirtyPrice * (1 + 0.025) ** (-1 / 180), 10);
  });

  it('on the last coupon date before maturity, compounded and simple rules agree (t = 1/f)', () => {
    const r = analyzeBond(bond({ ...base, settlementDate: '2029-11-15' }));
    expect(r.dirtyPrice).toBeCloseTo(103 / 1.025, 12);
    expect(r.macaulayDuration).toBeCloseTo(0.5, 15);
    expect(r.modifiedDuration).toBeCloseTo(0.5 / 1.025, 15);
  });
});

describe('final-period yields (simple interest)', () => {
  it('30/360 settlement on a 31st uses DSR = E − A, not days360(settle, redemption)', () => {
    // Period 2030-02-28 → 2030-08-28; settle 2030-03-31: A = 33, E − A = 147 (days360 would say 148).
    const r = analyzeBond(
      bond({ issueDate: '2025-08-28', maturityDate: '2030-08-28', settlementDate: '2030-03-31', coupon: 0.06, yield: 0.05 }),
    );
    expect(r.accruedDays).toBe(33);
    expect(r.dirtyPrice).toBeCloseTo(103 / (1 + (0.05 * 147) / 360), 12);
    expect(r.macaulayDuration).toBeCloseTo(147 / 360, 15);
  });

  it('30/360 settling on the 31st before a 1st-of-month redemption: zero time, price = redemption + coupon, yield undefined', () => {
    const base = { issueDate: '2024-01-01', maturityDate: '2025-01-01', settlementDate: '2024-12-31', frequency: 1 as const, coupon: 0.05 };
    const r = analyzeBond(bond({ ...base, yield: 0.04 }));
    expect(r.dirtyPrice).toBe(105);
    expect(r.modifiedDuration).toBe(0);
    expect(() => analyzeBond(bond({ ...base, cleanPrice: 100 }))).toThrow(/^cleanPrice: no yield/);
  });

  it('ACT/ACT: t = days to redemption / (days in the final period × f); yield in closed form', () => {
    const r = analyzeBond(
      bond({
        dayCount: 'ACT/ACT',
        issueDate: '2023-03-01',
        maturityDate: '2025-03-01',
        settlementDate: '2025-01-01',
        coupon: 0.04,
        cleanPrice: 99.9,
      }),
    );
    const t = 59 / (181 * 2);
    const dirty = 99.9 + (2 * 122) / 181;
    expect(r.yieldToMaturity).toBeCloseTo((102 / dirty - 1) / t, 14);
    expect(r.convexity).toBeCloseTo((2 * t * t) / (1 + r.yieldToMaturity! * t) ** 2, 14);
    expect(r.moneyMarketYield).toBeCloseTo((102 / dirty - 1) * (360 / 59), 14);
  });

  it('zero in its last quasi-coupon period: the SEC money-market formula', () => {
    const r = analyzeBond(
      bond({
        instrument: 'zero',
        coupon: 0,
        dayCount: 'ACT/ACT',
        issueDate: '2024-01-10',
        maturityDate: '2025-05-15',
        settlementDate: '2025-02-14',
        cleanPrice: 99,
      }),
    );
    const D = (1 / 100) * (360 / 90);
    expect(r.accruedInterest).toBe(0);
    expect(r.cashflows).toEqual([{ date: '2025-05-15', amount: 100 }]);
    expect(r.moneyMarketYield).toBeCloseTo((360 * D) / (360 - D * 90), 14);
    expect(r.yieldToMaturity).toBeCloseTo((100 / 99 - 1) / (90 / (181 * 2)), 14);
  });

  it('a long odd first period ending at maturity with t > 1/f stays compounded', () => {
    const r = analyzeBond(
      bond({
        dayCount: 'ACT/ACT',
        issueDate: '2024-01-10',
        firstCouponDate: '2024-11-15',
        maturityDate: '2024-11-15',
        settlementDate: '2024-02-01',
        coupon: 0.05,
        yield: 0.05,
      }),
    );
    expect(r.macaulayDuration).toBeGreaterThan(0.5);
    expect(r.modifiedDuration).toBeCloseTo(r.macaulayDuration! / 1.025, 14);
  });
});

describe('zero-coupon bonds', () => {
  it('discount on semiannual quasi-coupons: redemption·(1+y/2)^−(DSC/E + N − 1)', () => {
    const r = analyzeBond(
      bond({
        instrument: 'zero',
        coupon: 0,
        dayCount: 'ACT/ACT',
        issueDate: '2024-01-10',
        maturityDate: '2034-05-15',
        settlementDate: '2024-03-01',
        yield: 0.04,
      }),
    );
    const n = 75 / 182 + 20; // 2023-11-15 → 2024-05-15 is 182 days, 75 left; 20 more quasi-coupons
    expect(r.dirtyPrice).toBeCloseTo(100 * 1.02 ** -n, 12);
    expect(r.currentYield).toBe(0);
    expect(r.macaulayDuration).toBeCloseTo(n / 2, 12);
  });
});

describe('zero-coupon bonds on 30/360', () => {
  it('n₁ = (E − A)/E on the quasi-coupon grid; accrued days count from the issue date in the first quasi period', () => {
    const r = analyzeBond(
      bond({
        instrument: 'zero',
        coupon: 0,
        issueDate: '2024-01-10',
        maturityDate: '2034-05-15',
        settlementDate: '2024-03-01',
        yield: 0.04,
      }),
    );
    const n = 74 / 180 + 20; // A = days360(2023-11-15, 2024-03-01) = 106
    expect(r.dirtyPrice).toBeCloseTo(100 * 1.02 ** -n, 12);
    expect(r.accruedDays).toBe(51);
    expect(r.accruedInterest).toBe(0);
  });
});

describe('31st and 29 February dates', () => {
  it('an EOM Treasury settling on 29 February accrues from the 31 August coupon', () => {
    const r = analyzeBond(
      bond({
        dayCount: 'ACT/ACT',
        endOfMonth: true,
        issueDate: '2022-08-31',
        maturityDate: '2027-08-31',
        settlementDate: '2024-02-29',
        coupon: 0.03,
        yield: 0.04,
      }),
    );
    expect(r.accruedDays).toBe(0);
    expect(r.cashflows[0]!.date).toBe('2024-08-31');
    const r2 = analyzeBond(
      bond({
        dayCount: 'ACT/ACT',
        endOfMonth: true,
        issueDate: '2022-08-31',
        maturityDate: '2027-08-31',
        settlementDate: '2024-02-28',
        coupon: 0.03,
        yield: 0.04,
      }),
    );
    expect(r2.accruedDays).toBe(181);
    expect(r2.accruedInterest).toBeCloseTo((1.5 * 181) / 182, 14);
  });
});
