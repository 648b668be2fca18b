/**
 * The command's hand-written output line must be exactly JSON.stringify of the contract object
 * analyzeBond returns: same keys, same order, same digits, for every kind of bond and id.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeAnalysis } from './analyze';
import { analyzeBond } from './index';
import { processLine } from './jsonl';
import { formatAnalysis } from './jsonlFormat';
import { exampleBond } from './testBonds';

/** What the command wrote before it had its own serialiser: the obvious path. */
function viaStringify(input: Record<string, unknown>): string {
  let id: unknown = null;
  try {
    id = input.id ?? null;
    const result = analyzeBond(input);
    if (result.id === undefined) result.id = null;
    return JSON.stringify(result);
  } catch (err) {
    return JSON.stringify({ id, error: (err as Error).message.replace(/[\r\n]+/g, ' ') });
  }
}

interface Fixture {
  cases: { input: Record<string, unknown> }[];
}
const fixture = JSON.parse(readFileSync(new URL('./fixtures/quantlib-fixture.json', import.meta.url), 'utf8')) as Fixture;
const callsFixture = JSON.parse(readFileSync(new URL('./fixtures/quantlib-calls-fixture.json', import.meta.url), 'utf8')) as Fixture;

const CURVE = [
  { tenor: '1Y', years: 1, yield: 0.04 },
  { tenor: '10Y "on-the-run" é', years: 10, yield: 0.045 },
  { tenor: '30Y', years: 30, yield: 0.0461 },
];

// Generous limits: the shared machine runs at load averages of 20–40 (no timing is asserted).
describe('the bondcalc output line', () => {
  it('every QuantLib fixture case (fixed, zero, callable, FRN) reads byte for byte as JSON.stringify of analyzeBond', () => {
    expect(fixture.cases.length).toBeGreaterThan(300);
    // The call-schedule fixture adds off-cycle calls, risk to the workout date and warnings.
    for (const c of [...fixture.cases, ...callsFixture.cases]) {
      const line = JSON.stringify(c.input);
      // Twice: the second line reuses the cached curve and flow prefixes.
      expect(processLine(line)).toBe(viaStringify(c.input));
      expect(processLine(line)).toBe(viaStringify(c.input));
    }
  }, 60_000);

  it('ids of every JSON type, escapes and missing ids are echoed exactly as JSON.stringify writes them', () => {
    const ids: unknown[] = [
      'plain',
      'quote " and \\ backslash',
      'tab\tnew\nline',
      'é ü 漢字 😀',
      '\ud800 lone',
      42,
      -0,
      1.5e300,
      true,
      null,
      { a: [1, 'x'] },
      [1, 2],
    ];
    for (const id of ids) {
      const input = { id, ...exampleBond({ yield: 0.065, treasuryCurve: CURVE }) } as Record<string, unknown>;
      expect(processLine(JSON.stringify(input))).toBe(viaStringify(input));
    }
    const noId = { ...exampleBond({ cleanPrice: 98, treasuryCurve: CURVE }) } as Record<string, unknown>;
    expect(processLine(JSON.stringify(noId))).toBe(viaStringify(noId));
    expect(JSON.parse(processLine(JSON.stringify(noId))).id).toBeNull();
  });

  it('random bonds of every kind, priced from a price or a yield, with and without a curve, match JSON.stringify', () => {
    const iso = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
    const bond = fc
      .record({
        kind: fc.constantFrom('fixed', 'zero', 'callable', 'frn'),
        issue: fc.integer({ min: 15_000, max: 20_000 }),
        settleAfter: fc.integer({ min: 0, max: 4_000 }),
        life: fc.integer({ min: 1, max: 11_000 }),
        coupon: fc.double({ min: 0, max: 0.15, noNaN: true }),
        frequency: fc.constantFrom(1, 2, 4),
        act: fc.boolean(),
        eom: fc.boolean(),
        redemption: fc.constantFrom(100, 101.5),
        price: fc.option(fc.double({ min: 1, max: 250, noNaN: true }), { nil: null }),
        yieldValue: fc.double({ min: -0.01, max: 0.4, noNaN: true }),
        callEvery: fc.integer({ min: 1, max: 6 }),
        curve: fc.boolean(),
      })
      .map((p) => {
        const settlement = p.issue + p.settleAfter;
        const maturity = settlement + p.life;
        const frn = p.kind === 'frn';
        const calls = [];
        // Calls on anniversaries of the maturity: on the grid for every frequency.
        for (let y = p.callEvery; y * 365 < p.life + p.settleAfter && p.kind === 'callable'; y += p.callEvery) {
          const d = new Date(maturity * 86_400_000);
          d.setUTCFullYear(d.getUTCFullYear() - y);
          if (d.getUTCDate() === new Date(maturity * 86_400_000).getUTCDate())
            calls.unshift({ date: d.toISOString().slice(0, 10), price: 100 + y / 4 });
        }
        return {
          id: `r${p.issue}`,
          instrument: p.kind,
          issueDate: iso(p.issue),
          maturityDate: iso(maturity),
          settlementDate: iso(settlement),
          firstCouponDate: null,
          coupon: frn ? null : p.kind === 'zero' ? 0 : p.coupon,
          frequency: p.kind === 'zero' ? 2 : p.frequency,
          dayCount: frn ? 'ACT/360' : p.act ? 'ACT/ACT' : '30/360',
          endOfMonth: p.eom,
          redemption: p.redemption,
          callSchedule: calls,
          cleanPrice: p.price,
          ...(frn
            ? {
                discountMargin: p.price === null ? p.yieldValue / 10 : null,
                indexRate: 0.043,
                quotedMargin: 0.01,
                currentIndexFixing: 0.041,
              }
            : { yield: p.price === null ? p.yieldValue : null }),
          treasuryCurve: p.curve ? CURVE : null,
        } as Record<string, unknown>;
      });
    const analysed = new Set<string>();
    fc.assert(
      fc.property(bond, (input) => {
        const line = processLine(JSON.stringify(input));
        expect(line).toBe(viaStringify(input));
        if (!line.includes('"error"')) analysed.add(String(input.instrument) + (input.treasuryCurve ? '+curve' : ''));
      }),
      { numRuns: 1_000 },
    );
    // The generator must reach the serialiser for every kind, not only the error path.
    expect([...analysed].sort()).toEqual(['callable', 'callable+curve', 'fixed', 'fixed+curve', 'frn', 'frn+curve', 'zero', 'zero+curve']);
  }, 60_000);

  it('a result with a number that is not finite is not written by hand, so the object path can name it', () => {
    const analysis = computeAnalysis(exampleBond({ yield: 0.065 }) as unknown as Record<string, unknown>);
    expect(formatAnalysis(analysis)).toBe(viaStringify(exampleBond({ yield: 0.065 }) as unknown as Record<string, unknown>));
    analysis.convexity = Number.POSITIVE_INFINITY;
    expect(formatAnalysis(analysis)).toBeNull();
  });
});
