import { describe, expect, it } from 'vitest';
import { createBond, type BondTerms } from './bond';
import { formatDate, parseDate as d } from './dates';

const terms = (t: Partial<BondTerms> & Pick<BondTerms, 'issueDate' | 'maturityDate'>): BondTerms => ({
  coupon: 0.05,
  frequency: 2,
  dayCount: 'ACT/ACT',
  endOfMonth: false,
  redemption: 100,
  ...t,
});
const dates = (t: BondTerms) => Array.from(createBond(t).dates, formatDate);

describe('schedules generated backward from maturity', () => {
  it('Treasury end-of-month: a Feb-29 maturity pays on Aug 31 and Feb 28/29', () => {
    const s = dates(terms({ issueDate: d('2022-02-28'), maturityDate: d('2024-02-29'), endOfMonth: true }));
    expect(s).toEqual(['2022-02-28', '2022-08-31', '2023-02-28', '2023-08-31', '2024-02-29']);
  });

  it('Treasury end-of-month: an Aug-31 maturity pays on the last day of February', () => {
    const s = dates(terms({ issueDate: d('2023-08-31'), maturityDate: d('2025-08-31'), endOfMonth: true }));
    expect(s).toEqual(['2023-08-31', '2024-02-29', '2024-08-31', '2025-02-28', '2025-08-31']);
  });

  it('without the EOM rule each date is maturity − k·6M clipped, never drifting', () => {
    const s = dates(terms({ issueDate: d('2023-08-31'), maturityDate: d('2025-08-31') }));
    expect(s).toEqual(['2023-08-31', '2024-02-29', '2024-08-31', '2025-02-28', '2025-08-31']);
    const t = dates(terms({ issueDate: d('2024-03-30'), maturityDate: d('2026-03-30'), endOfMonth: true }));
    expect(t).toEqual(['2024-03-30', '2024-09-30', '2025-03-30', '2025-09-30', '2026-03-30']);
  });

  it('an issue date off the grid is prepended: short odd first period', () => {
    const b = createBond(terms({ issueDate: d('2024-01-10'), maturityDate: d('2026-05-15') }));
    expect(Array.from(b.dates, formatDate).slice(0, 3)).toEqual(['2024-01-10', '2024-05-15', '2024-11-15']);
    expect(b.firstRegular).toBe(false);
    expect(b.firstYearFraction).toBeCloseTo((0.5 * 126) / 182, 14);
  });

  it('a first coupon date gives a long odd first period skipping grid dates', () => {
    const b = createBond(terms({ issueDate: d('2024-01-10'), maturityDate: d('2026-11-15'), firstCouponDate: d('2024-11-15') }));
    expect(Array.from(b.dates, formatDate).slice(0, 3)).toEqual(['2024-01-10', '2024-11-15', '2025-05-15']);
    expect(b.firstYearFraction).toBeGreaterThan(0.5);
    expect(b.firstCouponAmount).toBeCloseTo(100 * 0.05 * b.firstYearFraction, 14);
  });

  it('a first coupon equal to maturity is one irregular period', () => {
    const b = createBond(terms({ issueDate: d('2024-01-10'), maturityDate: d('2024-05-15'), firstCouponDate: d('2024-05-15') }));
    expect(Array.from(b.dates, formatDate)).toEqual(['2024-01-10', '2024-05-15']);
  });

  it('an issue date on the grid is a regular first period', () => {
    const b = createBond(terms({ issueDate: d('2024-05-15'), maturityDate: d('2034-05-15'), frequency: 4 }));
    expect(b.firstRegular).toBe(true);
    expect(b.dates.length).toBe(41);
  });

  it('zeros use the regular semiannual quasi-coupon grid reaching back before the issue date', () => {
    const s = dates(terms({ issueDate: d('2024-01-10'), maturityDate: d('2025-05-15'), coupon: 0, zero: true }));
    expect(s).toEqual(['2023-11-15', '2024-05-15', '2024-11-15', '2025-05-15']);
  });

  it('rejects a first coupon off the grid or outside the bond life', () => {
    const base = { issueDate: d('2024-01-10'), maturityDate: d('2026-11-15') };
    expect(() => createBond(terms({ ...base, firstCouponDate: d('2024-11-14') }))).toThrow(/^firstCouponDate: is not on the coupon grid/);
    expect(() => createBond(terms({ ...base, firstCouponDate: d('2023-11-15') }))).toThrow(/^firstCouponDate: must be after issueDate/);
  });
});
