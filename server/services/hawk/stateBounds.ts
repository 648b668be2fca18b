/**
 * The loosest bounds of a bond's state rules, worked out once per index: a live tick rewrites
 * every bond's state, nearly none trips a rule, and comparing a row with a handful of bounds is
 * far cheaper than checking each of the bond's rules (100,000 rules over 30,000 bonds: ~370,000
 * checks a tick). `mayTrip` is false only when no rule of the set can fire on the state: each
 * bound is the threshold of checkState (rules.ts) that is easiest to cross. Moves over the
 * intraday and 1-week windows are measured from reference prices read separately: a set with
 * one of them is always checked. The same test runs in SQL on the bounds kept in the database
 * (boundsTable.ts, MAY_TRIP_SQL): a change here must be made there too (boundsTable.test.ts).
 */
import type { HawkMetric, HawkRule } from '../../../common/api/hawk';
import { type BondState, metricValue } from './rules';

const METRICS: readonly HawkMetric[] = ['price', 'yield', 'gSpread', 'tSpread'];

export interface StateBounds {
  /** Some rule needs reference prices (an intraday or 1-week move): always check. */
  always: boolean;
  /** Per metric (METRICS order): the lowest "above" level, the highest "below" level, the smallest 1-day move. */
  above: number[];
  below: number[];
  move: number[];
  /** The highest "confidence below", the lowest volume ratio. */
  confidenceBelow: number;
  volumeRatio: number;
}

export function stateBounds(rules: readonly HawkRule[]): StateBounds {
  const b: StateBounds = {
    always: false,
    above: METRICS.map(() => Infinity),
    below: METRICS.map(() => -Infinity),
    move: METRICS.map(() => Infinity),
    confidenceBelow: -Infinity,
    volumeRatio: Infinity,
  };
  for (const rule of rules) {
    if (rule.kind === 'level') {
      const m = METRICS.indexOf(rule.metric);
      if (rule.direction === 'above') b.above[m] = Math.min(b.above[m]!, rule.level);
      else b.below[m] = Math.max(b.below[m]!, rule.level);
    } else if (rule.kind === 'move') {
      if (rule.window !== '1d') b.always = true;
      else {
        const m = METRICS.indexOf(rule.metric);
        b.move[m] = Math.min(b.move[m]!, rule.threshold);
      }
    } else if (rule.kind === 'confidence') b.confidenceBelow = Math.max(b.confidenceBelow, rule.below);
    else if (rule.kind === 'volume') b.volumeRatio = Math.min(b.volumeRatio, rule.ratio);
  }
  return b;
}

/** Whether some rule of the set may fire on `state` (false: none can). */
export function mayTrip(b: StateBounds, state: BondState): boolean {
  if (b.always) return true;
  for (let m = 0; m < METRICS.length; m++) {
    const metric = METRICS[m]!;
    const v = metricValue(state, metric);
    if (v !== null && (v > b.above[m]! || v < b.below[m]!)) return true;
    const change = state.change[metric];
    if (change !== null && Math.abs(change) > b.move[m]!) return true;
  }
  if (state.confidence !== null && state.confidence < b.confidenceBelow) return true;
  return state.volumeRatio !== null && state.volumeRatio > b.volumeRatio;
}
