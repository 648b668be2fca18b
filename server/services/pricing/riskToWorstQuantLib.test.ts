import { readFileSync } from 'node:fs';
import { parseDate, type DayNumber } from '@analytics/index';
import { describe, expect, it } from 'vitest';
import { bondFromTerms, scheduledCalls } from '../../../common/pricingConventions';
import { measuresAtSpread, settlementDay, spreadFromPrice } from './measures';
import type { BondEntry } from './terms';
import { fixtureCurves } from './testFixtures';

/**
 * The stored risk to the workout date against QuantLib: callables of the committed call-schedule
 * fixture (analytics/fixtures/quantlib-calls-fixture.json, made by QuantLib from each bond and
 * clean price) that trade to a call, priced by the pricing service's own path — the spread implied
 * by the fixture's price, then every measure at that spread — must give QuantLib's yield to worst,
 * duration and convexity to the workout date.
 */
interface Case {
  input: {
    id: string;
    issueDate: string;
    maturityDate: string;
    settlementDate: string;
    firstCouponDate: string | null;
    coupon: number;
    frequency: number;
    dayCount: string;
    endOfMonth: boolean;
    redemption: number;
    callSchedule: { date: string; price: number }[];
    cleanPrice: number | null;
  };
  expected: { worstDate: string; yieldToWorst: number; modifiedDurationToWorst: number; convexityToWorst: number; dirtyPrice: number };
}

const fixture = JSON.parse(readFileSync(new URL('../../../analytics/fixtures/quantlib-calls-fixture.json', import.meta.url), 'utf8')) as {
  cases: Case[];
};

// Callables working out to a call at an ordinary yield (the fixture also holds bonds priced so far
// above their call price that the yield to worst is absurd; the service's ranges refuse those).
const toCall = fixture.cases.filter(
  (c) =>
    c.input.cleanPrice !== null &&
    c.input.redemption === 100 &&
    c.expected.worstDate !== c.input.maturityDate &&
    c.expected.yieldToWorst > 0 &&
    c.expected.yieldToWorst < 0.3,
);

const curve = fixtureCurves(['2026-11-20']).on('2026-11-20')!.curve;

function entryOf(c: Case): BondEntry {
  const bond = bondFromTerms({
    couponType: 'fixed',
    coupon: c.input.coupon,
    frequency: c.input.frequency,
    dayCount: c.input.dayCount,
    endOfMonth: c.input.endOfMonth,
    issueDate: c.input.issueDate,
    maturityDate: c.input.maturityDate,
    firstCouponDate: c.input.firstCouponDate,
  });
  return {
    id: 1,
    issuerId: 1,
    sectorId: 1,
    rating: 'A',
    highYield: false,
    couponType: 'fixed',
    coupon: c.input.coupon,
    issueDay: parseDate(c.input.issueDate),
    maturity: c.input.maturityDate,
    maturityDay: parseDate(c.input.maturityDate),
    quotedMargin: 0,
    calls: scheduledCalls(bond, c.input.callSchedule),
    bond,
    error: null,
    updatedAtMs: 1,
  };
}

/** The pricing day whose T+1 settlement is the fixture's settlement date. */
function pricingDayFor(entry: BondEntry, settlement: string): DayNumber | null {
  const target = parseDate(settlement);
  for (let day = target - 7; day < target; day++) if (settlementDay(entry, day as DayNumber) === target) return day as DayNumber;
  return null;
}

describe('risk to the workout date as the pricing service stores it, against QuantLib', () => {
  it('has callables trading to a call to check', () => {
    expect(toCall.length).toBeGreaterThan(20);
  });

  it('gives QuantLib’s yield to worst, duration and convexity to worst for each callable trading to a call', () => {
    const failures: string[] = [];
    let checked = 0;
    for (const c of toCall) {
      const entry = entryOf(c);
      const day = pricingDayFor(entry, c.input.settlementDate);
      if (day === null) continue; // a settlement date no business day settles on T+1 (a holiday's eve)
      checked++;
      const spread = spreadFromPrice(entry, c.input.cleanPrice!, day, curve);
      const m = measuresAtSpread(entry, spread, day, curve);
      const e = c.expected;
      const off = (got: number | null, want: number, tol: number) => got === null || Math.abs(got - want) > tol;
      if (off(m.price, c.input.cleanPrice!, 1e-6)) failures.push(`${c.input.id} price ${m.price} vs ${c.input.cleanPrice}`);
      if (off(m.yieldToWorst, e.yieldToWorst, 1e-8)) failures.push(`${c.input.id} yieldToWorst ${m.yieldToWorst} vs ${e.yieldToWorst}`);
      if (off(m.durationToWorst, e.modifiedDurationToWorst, 1e-6))
        failures.push(`${c.input.id} durationToWorst ${m.durationToWorst} vs ${e.modifiedDurationToWorst}`);
      if (off(m.convexityToWorst, e.convexityToWorst, Math.max(1e-5, 1e-8 * Math.abs(e.convexityToWorst))))
        failures.push(`${c.input.id} convexityToWorst ${m.convexityToWorst} vs ${e.convexityToWorst}`);
    }
    expect(failures.slice(0, 10)).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });
});
