/**
 * Points for the curve charts, whose x axis is months to maturity: the term structure's benchmark
 * tenors and the bonds of an issuer or a sector placed by remaining maturity.
 */
import type { TenorBucket } from '@common/market';

/** Months of a tenor bucket's benchmark point (the x axis of curve charts). */
export function tenorMonths(tenor: TenorBucket): number {
  return Number(tenor.replace('Y', '')) * 12;
}

/** Points by remaining maturity for a curve chart (x in months; the chart keeps bonds sharing a slot apart). */
export function monthPoints<T>(
  items: readonly T[],
  years: (t: T) => number,
  value: (t: T) => number | null,
): Array<{ time: number; value: number }> {
  const out: Array<{ time: number; value: number }> = [];
  for (const item of items) {
    const v = value(item);
    if (v !== null && Number.isFinite(v)) out.push({ time: Math.max(0, years(item) * 12), value: v });
  }
  return out.sort((a, b) => a.time - b.time);
}
