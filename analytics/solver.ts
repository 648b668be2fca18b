/**
 * Root finding for strictly decreasing functions (price as a function of yield or margin).
 *
 * Newton's method converges in a handful of steps from a sensible guess, but on its own can
 * leave the domain or stall; so every step also tightens a bracket and any step that would leave
 * it is replaced by bisection (or by an upward expansion while no upper bound is known yet). The
 * result is guaranteed convergence for any price the model can produce, and a clear error for
 * those it cannot.
 */
import { AnalyticsInputError } from './errors';

/** Writes f(x) to out[0] and f'(x) to out[1]. */
export type Evaluator = (x: number, out: Float64Array) => void;

/** Absolute tolerance on the root: the contract asks for 1e-12 in yield, we stop well below. */
export const ROOT_TOLERANCE = 1e-14;

const scratch = new Float64Array(2);

/**
 * Finds the root of a strictly decreasing `f` on (lower, +∞) starting from `guess`.
 * Non-finite values of f (overflow near `lower`) count as positive. Throws an
 * {@link AnalyticsInputError} naming `field` when no root exists in a sane range.
 */
export function solveDecreasing(f: Evaluator, guess: number, lower: number, upperLimit: number, field: string): number {
  let lo = lower;
  let hi = Infinity;
  let x = guess > lower && guess < upperLimit ? guess : lower + Math.min(1, (upperLimit - lower) / 2);
  for (let iter = 0; iter < 400; iter++) {
    f(x, scratch);
    const fx = scratch[0]!;
    const dfx = scratch[1]!;
    if (fx === 0) return x;
    if (fx > 0 || Number.isNaN(fx)) lo = x;
    else hi = x;
    let next = Number.isFinite(fx) && Number.isFinite(dfx) && dfx < 0 ? x - fx / dfx : NaN;
    if (!(next > lo && next < hi)) {
      if (hi === Infinity) {
        if (x >= upperLimit) break;
        next = Math.min(upperLimit, x + Math.max(1, Math.abs(x)));
      } else {
        next = lo + (hi - lo) / 2;
      }
    }
    if (Math.abs(next - x) <= ROOT_TOLERANCE * Math.max(1, Math.abs(x))) return next;
    if (hi - lo <= ROOT_TOLERANCE * Math.max(1, Math.abs(lo))) return lo + (hi - lo) / 2;
    x = next;
  }
  if (hi === Infinity) throw new AnalyticsInputError(field, `too low: implies a rate above ${upperLimit * 100}%`);
  throw new AnalyticsInputError(field, 'no solution in range: the price cannot be reproduced by any reasonable yield or margin');
}
