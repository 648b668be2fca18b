import { describe, expect, it } from 'vitest';
import { analyzeBond, type BondInput } from './index';

const frn = (over: Partial<BondInput>): BondInput => ({
  instrument: 'frn',
  issueDate: '2024-03-15',
  maturityDate: '2025-03-15',
  settlementDate: '2024-05-01',
  firstCouponDate: null,
  coupon: null,
  frequency: 4,
  dayCount: 'ACT/360',
  endOfMonth: false,
  redemption: 100,
  callSchedule: [],
  cleanPrice: null,
  treasuryCurve: null,
  indexRate: 0.05,
  quotedMargin: 0.01,
  currentIndexFixing: 0.052,
  discountMargin: 0.012,
  ...over,
});

describe('floating-rate notes (simple ACT/360 convention)', () => {
  it('price from discount margin by hand: current fixing, then index + margin, compounded simple DFs', () => {
    const r = analyzeBond(frn({}));
    // Periods: 03-15→06-15 (92d), →09-15 (92d), →12-15 (91d), →2025-03-15 (90d). Settle 05-01: 47 accrued, 45 to go.
    const cfs = [(100 * 0.062 * 92) / 360, (100 * 0.06 * 92) / 360, (100 * 0.06 * 91) / 360, 100 + (100 * 0.06 * 90) / 360];
    const taus = [45, 92, 91, 90].map((d) => d / 360);
    let df = 1;
    let dirty = 0;
    cfs.forEach((cf, k) => {
      df /= 1 + 0.062 * taus[k]!;
      dirty += cf * df;
    });
    expect(r.dirtyPrice).toBeCloseTo(dirty, 12);
    expect(r.accruedDays).toBe(47);
    expect(r.accruedInterest).toBeCloseTo((100 * 0.062 * 47) / 360, 14);
    expect(r.cashflows.map((c) => c.date)).toEqual(['2024-06-15', '2024-09-15', '2024-12-15', '2025-03-15']);
  });

  it('discount margin from price inverts price from discount margin', () => {
    const fromDm = analyzeBond(frn({}));
    const back = analyzeBond(frn({ discountMargin: null, cleanPrice: fromDm.cleanPrice }));
    expect(back.discountMargin).toBeCloseTo(0.012, 13);
  });

  it('at DM = quoted margin and fixing = index, a note settling on a reset date prices at par', () => {
    const r = analyzeBond(frn({ settlementDate: '2024-06-15', discountMargin: 0.01, currentIndexFixing: 0.05 }));
    expect(r.cleanPrice).toBeCloseTo(100, 12);
  });

  it('needs exactly one of cleanPrice and discountMargin', () => {
    expect(() => analyzeBond(frn({ cleanPrice: 99 }))).toThrow(/^cleanPrice: exactly one of cleanPrice and discountMargin/);
    expect(() => analyzeBond(frn({ discountMargin: null }))).toThrow(/^cleanPrice: exactly one/);
  });
});

describe('FRN edge cases', () => {
  it('an odd short first period accrues from the issue date and pays the current fixing for its actual days', () => {
    const r = analyzeBond(frn({ issueDate: '2024-04-02', settlementDate: '2024-05-01' }));
    expect(r.accruedDays).toBe(29);
    expect(r.cashflows[0]).toEqual({ date: '2024-06-15', amount: (100 * 0.062 * 74) / 360 });
  });

  it('with a treasury curve, G- and T-spreads use the discount rate index + DM', () => {
    const curve = [
      { tenor: '6M', years: 0.5, yield: 0.045 },
      { tenor: '1Y', years: 1, yield: 0.044 },
    ];
    const r = analyzeBond(frn({ treasuryCurve: curve }));
    expect(r.benchmarkTenor).toBe('1Y');
    expect(r.tSpreadBp).toBeCloseTo((0.062 - 0.044) * 1e4, 9);
    expect(r.yearsToMaturity).toBeCloseTo(318 / 365.25, 15);
  });
});
