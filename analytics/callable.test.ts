import { describe, expect, it } from 'vitest';
import { analyzeBond, createBond, formatDate, parseDate, pricingCalls, type BondInput } from './index';

const callable = (over: Partial<BondInput>): BondInput => ({
  instrument: 'callable',
  issueDate: '2020-06-15',
  maturityDate: '2030-06-15',
  settlementDate: '2025-03-03',
  firstCouponDate: null,
  coupon: 0.07,
  frequency: 2,
  dayCount: '30/360',
  endOfMonth: false,
  redemption: 100,
  callSchedule: [
    { date: '2023-06-15', price: 103 },
    { date: '2025-06-15', price: 101 },
    { date: '2027-06-15', price: 100.5 },
    { date: '2028-06-15', price: 100 },
  ],
  cleanPrice: 104,
  yield: null,
  treasuryCurve: null,
  ...over,
});

describe('callable bonds', () => {
  it('lists only call dates after settlement, in schedule order; past calls are ignored', () => {
    const r = analyzeBond(callable({}));
    expect(r.yieldToCall!.map((c) => c.date)).toEqual(['2025-06-15', '2027-06-15', '2028-06-15']);
  });

  it('a call on the next coupon date is a final-period redemption (simple interest to the call)', () => {
    const r = analyzeBond(callable({}));
    // Settle 2025-03-03: A = days360(2024-12-15, 2025-03-03) = 78, t = (180 − 78)/360.
    const dirty = 104 + (3.5 * 78) / 180;
    const t = 102 / 360;
    expect(r.yieldToCall![0]!.yield).toBeCloseTo(((101 + 3.5) / dirty - 1) / t, 13);
  });

  it('yield to worst is the minimum over calls and maturity, with its date', () => {
    const r = analyzeBond(callable({}));
    const all = [...r.yieldToCall!.map((c) => [c.yield, c.date] as const), [r.yieldToMaturity!, '2030-06-15'] as const];
    const worst = all.reduce((a, b) => (b[0] < a[0] ? b : a));
    expect(r.yieldToWorst).toBe(worst[0]);
    expect(r.worstDate).toBe(worst[1]);
    expect(r.worstDate).toBe('2025-06-15'); // a premium bond is worst to the first call
  });

  it('a discount callable is worst to maturity; risk is measured to maturity', () => {
    const r = analyzeBond(callable({ cleanPrice: 92 }));
    expect(r.worstDate).toBe('2030-06-15');
    expect(r.yieldToWorst).toBe(r.yieldToMaturity);
    const plain = analyzeBond({ ...callable({ cleanPrice: 92 }), instrument: 'fixed', callSchedule: [] });
    expect(r.modifiedDuration).toBe(plain.modifiedDuration);
  });

  it('with every call in the past it behaves like a bullet', () => {
    const r = analyzeBond(callable({ callSchedule: [{ date: '2024-06-15', price: 101 }] }));
    expect(r.yieldToCall).toEqual([]);
    expect(r.yieldToWorst).toBe(r.yieldToMaturity);
    expect(r.worstDate).toBe('2030-06-15');
  });

  it('a call dated on the settlement date is not a future call', () => {
    const r = analyzeBond(callable({ settlementDate: '2025-06-15' }));
    expect(r.yieldToCall!.map((c) => c.date)).toEqual(['2027-06-15', '2028-06-15']);
  });

  it('a call dated after maturity is rejected, naming the entry', () => {
    expect(() => analyzeBond(callable({ callSchedule: [{ date: '2030-06-16', price: 100 }] }))).toThrow(/^callSchedule\[0\]\.date: /);
  });
});

describe('call schedules as the engine prices them', () => {
  const bond = createBond({
    issueDate: parseDate('2020-06-15'),
    maturityDate: parseDate('2030-06-15'),
    coupon: 0.07,
    frequency: 2,
    dayCount: '30/360',
    endOfMonth: false,
    redemption: 100,
  });

  it('a call between coupons keeps its exact date and its published date', () => {
    const [call] = pricingCalls(bond, [{ date: '2027-03-01', price: 101 }]);
    expect(formatDate(call!.date)).toBe('2027-03-01');
    expect(call).toMatchObject({ price: 101, scheduled: '2027-03-01' });
  });

  it('a par call three months before maturity is kept, not moved onto the maturity', () => {
    const calls = pricingCalls(bond, [{ date: '2030-03-15', price: 100 }]);
    expect(calls.map((c) => [formatDate(c.date), c.price])).toEqual([['2030-03-15', 100]]);
  });

  it('calls at or after maturity, without a positive price, or not after an earlier call are dropped', () => {
    const calls = pricingCalls(bond, [
      { date: '2026-06-15', price: 102 },
      { date: '2026-05-01', price: 101.5 },
      { date: '2026-09-01', price: 0 },
      { date: '2030-06-15', price: 100 },
    ]);
    expect(calls.map((c) => [formatDate(c.date), c.price])).toEqual([['2026-06-15', 102]]);
  });
});

describe('calls dated on or before settlement are ignored with a warning, never refused', () => {
  it('a past call off the coupon grid (an issue-date entry) is left out and named in a warning', () => {
    const r = analyzeBond(
      callable({
        callSchedule: [
          { date: '2020-06-15', price: 104 },
          { date: '2024-06-16', price: 100 },
          { date: '2027-06-15', price: 100 },
        ],
      }),
    );
    expect(r.yieldToCall!.map((c) => c.date)).toEqual(['2027-06-15']);
    expect(r.warnings).toEqual([
      'callSchedule[0]: the call on 2020-06-15 is on or before settlementDate and is ignored',
      'callSchedule[1]: the call on 2024-06-16 is on or before settlementDate and is ignored',
    ]);
  });

  it('a call dated on the settlement date itself is ignored with a warning', () => {
    const r = analyzeBond(callable({ settlementDate: '2025-06-15' }));
    expect(r.warnings).toContain('callSchedule[1]: the call on 2025-06-15 is on or before settlementDate and is ignored');
  });

  it('a schedule with only future calls carries no warnings field', () => {
    const r = analyzeBond(callable({ callSchedule: [{ date: '2027-06-15', price: 100 }] }));
    expect(r.warnings).toBeUndefined();
  });
});
