/**
 * Calls between coupon dates, priced at their exact date (street convention), with expected
 * values worked by hand from the cash flows — never from the engine. The bond: 4% semiannual,
 * maturing 15 Jun 2027, callable at par from 15 Mar 2027 (the investment-grade par call three
 * months before maturity). Flows after 15 Jun 2026: 2.00 on 15 Dec 2026, then either 102.00 at
 * maturity or, if called, 100 + the coupon accrued 15 Dec → 15 Mar on 15 Mar 2027.
 */
import { describe, expect, it } from 'vitest';
import { processLine } from './jsonl';
import { analyzeBond, type BondInput } from './index';

const parCall = (over: Partial<BondInput>): BondInput => ({
  instrument: 'callable',
  issueDate: '2017-06-15',
  maturityDate: '2027-06-15',
  settlementDate: '2026-06-15',
  firstCouponDate: null,
  coupon: 0.04,
  frequency: 2,
  dayCount: '30/360',
  endOfMonth: false,
  redemption: 100,
  callSchedule: [{ date: '2027-03-15', price: 100 }],
  cleanPrice: 100,
  yield: null,
  treasuryCurve: null,
  ...over,
});

describe('a par call three months before maturity (30/360)', () => {
  // Stub coupon 15 Dec → 15 Mar: 90 days of 30/360 = 4 · 90/360 = 1.00; the call flow, 101.00,
  // is half a period after the December coupon: n = 1.5.
  const v = 1.015; // a yield to call of 3%: (1 + y/2)
  const dirty = 2 / v + 101 / v ** 1.5;

  it('keeps the call at 15 Mar 2027 and yields 3% to it at the price that discounts its flows at 3%', () => {
    const r = analyzeBond(parCall({ cleanPrice: dirty }));
    expect(r.yieldToCall).toHaveLength(1);
    expect(r.yieldToCall![0]!.date).toBe('2027-03-15');
    expect(r.yieldToCall![0]!.yield).toBeCloseTo(0.03, 12);
  });

  it('a premium bond is worst to the call; the yield to maturity solves 2x + 102x² = price', () => {
    const r = analyzeBond(parCall({ cleanPrice: dirty }));
    const x = (-2 + Math.sqrt(4 + 4 * 102 * dirty)) / (2 * 102); // x = 1/(1 + ytm/2)
    expect(r.yieldToMaturity).toBeCloseTo(2 * (1 / x - 1), 12);
    expect(r.worstDate).toBe('2027-03-15');
    expect(r.yieldToWorst).toBeCloseTo(0.03, 12);
  });

  it('risk to the workout date is that of the flows to the call; to maturity stays available', () => {
    const r = analyzeBond(parCall({ cleanPrice: dirty }));
    // Times in years: 0.5 and 0.75. Macaulay = Σ t·PV / P; modified = Macaulay / v;
    // convexity = Σ PV·n(n+1)/f² / (P·v²) with n = 1 and 1.5 periods.
    const pv1 = 2 / v;
    const pv2 = 101 / v ** 1.5;
    const mac = (0.5 * pv1 + 0.75 * pv2) / dirty;
    expect(r.macaulayDurationToWorst).toBeCloseTo(mac, 12);
    expect(r.modifiedDurationToWorst).toBeCloseTo(mac / v, 12);
    expect(r.convexityToWorst).toBeCloseTo(((pv1 * 2) / 4 + (pv2 * 3.75) / 4) / (dirty * v * v), 12);
    expect(r.dv01ToWorst).toBeCloseTo(((mac / v) * dirty) / 10000, 14);
    // To maturity: flows at 0.5 and 1.0 years discounted at the yield to maturity.
    const x = (-2 + Math.sqrt(4 + 4 * 102 * dirty)) / (2 * 102);
    const macMaturity = (0.5 * 2 * x + 1 * 102 * x * x) / dirty;
    expect(r.macaulayDuration).toBeCloseTo(macMaturity, 12);
    expect(r.modifiedDuration).toBeCloseTo(macMaturity * x, 12);
    expect(r.modifiedDurationToWorst!).toBeLessThan(r.modifiedDuration!);
  });

  it('a discount bond is worst to maturity and its risk to worst is the risk to maturity', () => {
    const r = analyzeBond(parCall({ cleanPrice: 98 }));
    expect(r.worstDate).toBe('2027-06-15');
    expect(r.modifiedDurationToWorst).toBe(r.modifiedDuration);
    expect(r.convexityToWorst).toBe(r.convexity);
    expect(r.dv01ToWorst).toBe(r.dv01);
  });

  it('settling between the December coupon and the call: one flow left, simple interest to the call', () => {
    // Settle 15 Jan 2027: 30 days accrued (4 · 30/360 = 1/3); the call flow 101 is 60 days of
    // 30/360 away, t = 60/360 years; at 3%: dirty = 101 / (1 + 0.03 · 60/360).
    const d = 101 / (1 + 0.03 / 6);
    const r = analyzeBond(parCall({ settlementDate: '2027-01-15', cleanPrice: d - 1 / 3 }));
    expect(r.accruedInterest).toBeCloseTo(1 / 3, 14);
    expect(r.yieldToCall![0]!.yield).toBeCloseTo(0.03, 12);
    // To maturity: 102 in 150 days of 30/360, simple too.
    expect(r.yieldToMaturity).toBeCloseTo((102 / d - 1) / (150 / 360), 12);
    expect(r.macaulayDurationToWorst).toBeCloseTo(1 / 6, 14);
    expect(r.modifiedDurationToWorst).toBeCloseTo(1 / 6 / (1 + 0.03 / 6), 12);
  });
});

describe('a par call three months before maturity (ACT/ACT)', () => {
  it('the stub runs 90 of the 182 days of the Dec 2026 – Jun 2027 coupon period', () => {
    const step = 90 / 182;
    const v = 1.015;
    const dirty = 2 / v + (100 + 2 * step) / v ** (1 + step);
    const r = analyzeBond(parCall({ dayCount: 'ACT/ACT', cleanPrice: dirty }));
    expect(r.yieldToCall![0]!.yield).toBeCloseTo(0.03, 12);
    expect(r.worstDate).toBe('2027-03-15');
  });
});

describe('the bondcalc line for a vendor schedule', () => {
  it('a schedule with an issue-date entry and a pre-maturity par call answers, with a warning, instead of refusing', () => {
    const line = JSON.stringify({
      id: 'v1',
      ...parCall({
        callSchedule: [
          { date: '2017-06-15', price: 102 },
          { date: '2027-03-15', price: 100 },
        ],
        cleanPrice: 101,
      }),
    });
    const out = JSON.parse(processLine(line)) as Record<string, unknown>;
    expect(out.error).toBeUndefined();
    expect(out.warnings).toEqual(['callSchedule[0]: the call on 2017-06-15 is on or before settlementDate and is ignored']);
    expect(out.worstDate).toBe('2027-03-15');
    expect(out.modifiedDurationToWorst).toBeTypeOf('number');
  });
});
