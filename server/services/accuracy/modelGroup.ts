/**
 * One group of the accuracy read model (a class and a bucket of one dimension, or a whole class):
 * its trades in (day, id) order as columns of typed arrays, with where each day starts. A range
 * of days is then a slice of the columns, its sums one pass and its percentiles a selection (no
 * sort) over a copy of the slice's |errors|: exact, linear in the slice.
 */
import type { RatingClass } from '../../../common/market';

export const DAY_MS = 86_400_000;
export const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

export interface ModelTrade {
  day: number;
  errors: readonly [number, number, number];
  tight: number;
  wide: number;
  confidence: number;
}

class Column {
  data: Float64Array;
  constructor(capacity: number) {
    this.data = new Float64Array(capacity);
  }
  grow(capacity: number) {
    const next = new Float64Array(capacity);
    next.set(this.data);
    this.data = next;
  }
}

export class ModelGroup {
  length = 0;
  private readonly days = new Column(16);
  readonly errors = [new Column(16), new Column(16), new Column(16)] as const;
  private readonly tight = new Column(16);
  private readonly wide = new Column(16);
  readonly confidence = new Column(16);
  /** Distinct days in order, and where each starts in the columns. */
  private readonly dayKeys: number[] = [];
  private readonly dayStarts: number[] = [];
  constructor(
    readonly family: string,
    readonly ratingClass: RatingClass | null,
    readonly key: string,
  ) {}

  /** Appends a trade: its (day, id) is never before the last one's. */
  push(t: ModelTrade): void {
    if (this.length === this.days.data.length) for (const c of this.columns()) c.grow(this.length * 2);
    const i = this.length++;
    this.days.data[i] = t.day;
    for (let k = 0; k < 3; k++) this.errors[k]!.data[i] = t.errors[k]!;
    this.tight.data[i] = t.tight;
    this.wide.data[i] = t.wide;
    this.confidence.data[i] = t.confidence;
    if (this.dayKeys[this.dayKeys.length - 1] !== t.day) {
      this.dayKeys.push(t.day);
      this.dayStarts.push(i);
    }
  }

  private columns(): Column[] {
    return [this.days, ...this.errors, this.tight, this.wide, this.confidence];
  }

  /** The slice [lo, hi) of trades from `from` to `to` (day numbers, inclusive). */
  slice(from: number, to: number): { lo: number; hi: number } {
    const start = (d: number) => (d < this.dayStarts.length ? this.dayStarts[d]! : this.length);
    return { lo: start(firstAtLeast(this.dayKeys, from)), hi: start(firstAtLeast(this.dayKeys, to + 1)) };
  }

  /** Shares within each trade's thresholds and the means, over the slice in order (statsOf's sums). */
  sums(k: number, lo: number, hi: number): { inTight: number; inWide: number; sumAbs: number; sum: number } {
    const e = this.errors[k]!.data;
    const tight = this.tight.data;
    const wide = this.wide.data;
    let inTight = 0;
    let inWide = 0;
    let sumAbs = 0;
    let sum = 0;
    for (let i = lo; i < hi; i++) {
      const a = Math.abs(e[i]!);
      // A hair of tolerance: 0.55 − 0.15 must count as within 0.40.
      if (a <= tight[i]! + 1e-9) inTight++;
      if (a <= wide[i]! + 1e-9) inWide++;
      sumAbs += a;
      sum += e[i]!;
    }
    return { inTight, inWide, sumAbs, sum };
  }

  /** |errors| of predictor k over the slice, a copy to select in. */
  absErrors(k: number, lo: number, hi: number): Float64Array {
    const e = this.errors[k]!.data;
    const out = new Float64Array(hi - lo);
    for (let i = lo; i < hi; i++) out[i - lo] = Math.abs(e[i]!);
    return out;
  }
}

/**
 * The r-th smallest of `values` (0-based), moving it to index r with nothing larger before it and
 * nothing smaller after (Hoare's selection, median-of-three pivots), looking only from `from` on.
 */
export function select(values: Float64Array, r: number, from = 0): number {
  let lo = from;
  let hi = values.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const a = values[lo]!;
    const b = values[mid]!;
    const c = values[hi]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i++] = values[j]!;
        values[j--] = t;
      }
    }
    if (r <= j) hi = j;
    else if (r >= i) lo = i;
    else break;
  }
  return values[r]!;
}

/** Index of the first key >= value in ascending keys. */
export function firstAtLeast(keys: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** How many of the ascending values are <= v. */
export function firstAbove(values: ArrayLike<number>, v: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! <= v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
