/**
 * Robustness: for any input of the contract's shape, with values anywhere from sensible to absurd,
 * analyzeBond either returns only finite numbers or throws an AnalyticsInputError with a one-line
 * message naming a field. Never NaN, Infinity or an internal error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AnalyticsInputError, analyzeBond } from './index';

const date = fc
  .record({ y: fc.integer({ min: 1995, max: 2075 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 31 }) })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const wild = fc.oneof(
  fc.double({ min: -1e3, max: 1e6, noNaN: true }),
  fc.double({ min: 0, max: 200, noNaN: true }),
  fc.constantFrom(0, 1e-12, 100, -0, 1e308),
);

const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
/** Mostly issue ≤ settlement < maturity (so analysis runs), sometimes any order. */
const dates = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.integer({ min: 9000, max: 20000 }), fc.integer({ min: 0, max: 8000 }), fc.integer({ min: 1, max: 12000 }))
      .map(([i, s, m]) => ({ issueDate: iso(i), settlementDate: iso(i + s), maturityDate: iso(i + s + m) })),
  },
  { weight: 1, arbitrary: fc.record({ issueDate: date, settlementDate: date, maturityDate: date }) },
);

const input = fc.record({
  id: fc.string({ maxLength: 5 }),
  instrument: fc.constantFrom('fixed', 'zero', 'callable', 'frn'),
  dates,
  firstCouponDate: fc.option(date, { freq: 1, nil: null }).map((d) => (d !== null && d.endsWith('5') ? d : null)),
  coupon: fc.oneof({ weight: 5, arbitrary: fc.double({ min: 0, max: 0.2, noNaN: true }) }, { weight: 1, arbitrary: fc.constant(null) }),
  frequency: fc.constantFrom(1, 2, 4),
  dayCount: fc.constantFrom('30/360', 'ACT/ACT', 'ACT/360'),
  endOfMonth: fc.boolean(),
  redemption: fc.constantFrom(100, 101, 0.5),
  callSchedule: fc.array(fc.record({ date, price: fc.double({ min: 90, max: 110, noNaN: true }) }), { maxLength: 3 }),
  quote: fc.oneof(
    { weight: 4, arbitrary: wild.map((p) => ({ cleanPrice: p, yield: null, discountMargin: null })) },
    {
      weight: 4,
      arbitrary: fc
        .oneof(fc.double({ min: -0.5, max: 2, noNaN: true }), wild)
        .map((y) => ({ cleanPrice: null, yield: y, discountMargin: y })),
    },
    { weight: 1, arbitrary: fc.record({ cleanPrice: fc.option(wild), yield: fc.option(wild), discountMargin: fc.option(wild) }) },
  ),
  treasuryCurve: fc.option(
    fc.constant([
      { tenor: '1Y', years: 1, yield: 0.04 },
      { tenor: '10Y', years: 10, yield: 0.045 },
    ]),
  ),
  indexRate: fc.double({ min: -0.01, max: 0.2, noNaN: true }),
  quotedMargin: fc.double({ min: 0, max: 0.05, noNaN: true }),
  currentIndexFixing: fc.double({ min: 0, max: 0.2, noNaN: true }),
});

function allFinite(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(allFinite);
  if (value !== null && typeof value === 'object') return Object.values(value).every(allFinite);
  return true;
}

describe('robustness of analyzeBond', () => {
  it('returns finite numbers or throws a one-line AnalyticsInputError naming a field', () => {
    let ok = 0;
    fc.assert(
      fc.property(input, (raw) => {
        try {
          const { dates: keyDates, quote, ...fields } = raw;
          const out = analyzeBond({ ...fields, ...keyDates, ...quote } as Record<string, unknown>);
          expect(allFinite(out)).toBe(true);
          ok++;
        } catch (err) {
          if (!(err instanceof AnalyticsInputError)) throw err;
          expect(err.message).toMatch(/^[A-Za-z]+(\[\d+\])?(\.[a-z]+)?: \S/);
          expect(err.message).not.toMatch(/[\r\n]/);
        }
      }),
      { numRuns: 2000 },
    );
    expect(ok).toBeGreaterThan(100); // enough inputs get through validation to exercise the maths
  }, 30_000);
});
