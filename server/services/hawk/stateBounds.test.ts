import { describe, expect, it } from 'vitest';
import type { HawkRule } from '../../../common/api/hawk';
import { type BondState, checkState } from './rules';
import { mayTrip, stateBounds } from './stateBounds';

/** Rules around the same thresholds, every metric and direction. */
const RULES: HawkRule[] = [
  { kind: 'level', metric: 'price', direction: 'above', level: 101 },
  { kind: 'level', metric: 'price', direction: 'below', level: 95 },
  { kind: 'level', metric: 'yield', direction: 'above', level: 6 },
  { kind: 'level', metric: 'gSpread', direction: 'below', level: 50 },
  { kind: 'level', metric: 'tSpread', direction: 'above', level: 300 },
  { kind: 'move', metric: 'price', threshold: 1, window: '1d' },
  { kind: 'move', metric: 'yield', threshold: 10, window: '1d' },
  { kind: 'move', metric: 'gSpread', threshold: 10, window: '1d' },
  { kind: 'move', metric: 'tSpread', threshold: 20, window: '1d' },
  { kind: 'confidence', below: 50 },
  { kind: 'volume', ratio: 3 },
];

/** States on, just inside and just beyond each threshold, and null, one field at a time. */
function states(): BondState[] {
  const base: BondState = {
    price: 100,
    yieldPct: 5,
    gSpread: 150,
    tSpread: 150,
    change: { price: 0, yield: 0, gSpread: 0, tSpread: 0 },
    confidence: 80,
    volumeRatio: 1,
  };
  const out: BondState[] = [base];
  const around = (x: number) => [x - 0.001, x, x + 0.001, -x - 0.001, -x, -x + 0.001];
  const vary = <K extends keyof BondState>(key: K, values: (BondState[K] | null)[]) => {
    for (const v of values) out.push({ ...base, [key]: v });
  };
  vary('price', [...around(101), ...around(95), null]);
  vary('yieldPct', [...around(6), null]);
  vary('gSpread', [...around(50), null]);
  vary('tSpread', [...around(300), null]);
  vary('confidence', [...around(50), null]);
  vary('volumeRatio', [...around(3), null]);
  for (const metric of ['price', 'yield', 'gSpread', 'tSpread'] as const)
    for (const v of [...around(1), ...around(10), ...around(20), null]) out.push({ ...base, change: { ...base.change, [metric]: v } });
  return out;
}

describe('state bounds: the cheap pre-check of a bond’s state rules', () => {
  it('says "may trip" exactly when some 1-day rule of the set fires, for every subset of one or two rules', () => {
    const sets: HawkRule[][] = [[], ...RULES.map((r) => [r])];
    for (let i = 0; i < RULES.length; i++) for (let j = i + 1; j < RULES.length; j++) sets.push([RULES[i]!, RULES[j]!]);
    sets.push(RULES);
    let tripped = 0;
    for (const rules of sets) {
      const bounds = stateBounds(rules);
      for (const state of states()) {
        const fires = rules.some((r) => checkState(r, state) !== null);
        expect(mayTrip(bounds, state), JSON.stringify({ rules, state })).toBe(fires);
        if (fires) tripped++;
      }
    }
    expect(tripped).toBeGreaterThan(100); // the grid does cross thresholds
  });

  it('always checks a set with an intraday or week move (measured from reference prices read later)', () => {
    const quiet: BondState = {
      price: 100,
      yieldPct: 5,
      gSpread: 150,
      tSpread: 150,
      change: { price: 0, yield: 0, gSpread: 0, tSpread: 0 },
      confidence: 80,
      volumeRatio: 1,
    };
    expect(mayTrip(stateBounds([{ kind: 'confidence', below: 50 }]), quiet)).toBe(false);
    expect(
      mayTrip(
        stateBounds([
          { kind: 'confidence', below: 50 },
          { kind: 'move', metric: 'price', threshold: 1, window: 'intraday' },
        ]),
        quiet,
      ),
    ).toBe(true);
    expect(mayTrip(stateBounds([{ kind: 'move', metric: 'gSpread', threshold: 5, window: '1w' }]), quiet)).toBe(true);
  });
});
