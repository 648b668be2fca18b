/**
 * The accuracy report for one range, read off the model (readModel.ts): each group's trades of
 * the range are a slice; shares and means are one pass over it in (day, id) order, percentiles
 * and ranks a walk of the group's sorted orders that keeps the slice's positions. The arithmetic
 * is the direct computation's (reportByScan.ts), in the same order, so the figures are the same.
 */
import { ACCURACY_THRESHOLDS } from '../../../common/accuracy';
import type { AccuracyReport, AccuracyRow, AccuracyStats } from '../../../common/api/accuracy';

import { dayNumber, firstAbove, firstAtLeast, type ModelGroup, select } from './modelGroup';
import type { AccuracyModel, GroupFamily } from './readModel';
import type { AccuracyQuery } from './report';
import { pearsonOfRanks, percentileOf, sortedRows } from './reportFigures';

const FAMILIES: readonly GroupFamily[] = ['overall', 'byRating', 'byTenor', 'bySize', 'byLiquidity', 'byConfidence', 'byWeek'];

export async function reportFromModel(model: AccuracyModel, query: AccuracyQuery): Promise<AccuracyReport> {
  const rows = new Map<GroupFamily, AccuracyRow[]>(FAMILIES.map((f) => [f, []]));
  const spearman: AccuracyReport['spearman'] = { all: null, IG: null, HY: null };
  const from = query.from ? dayNumber(query.from) : -Infinity;
  const to = query.to ? dayNumber(query.to) : Infinity;
  // Slices and coverage taken at once: an update appends to the columns while this yields, and
  // what it appends lies past every slice taken here.
  const slices = [...model.groups.values()].map((g) => ({ g, slice: g.slice(from, to) }));
  const coverage = coverageOf(model, query);
  let compared = 0;
  for (const { g, slice } of slices) {
    const n = slice.hi - slice.lo;
    if (n <= 0) continue;
    // The event loop runs between groups: the largest (all trades) is the longest block.
    await new Promise((resolve) => setImmediate(resolve));
    rows.get(g.family as GroupFamily)!.push({
      ratingClass: g.ratingClass,
      key: g.key,
      trades: n,
      model: sliceStats(g, slice, 0),
      lastTrade: sliceStats(g, slice, 1),
      previousClose: sliceStats(g, slice, 2),
    });
    if (g.family === 'overall') {
      if (g.ratingClass === null) compared = n;
      spearman[g.ratingClass ?? 'all'] = n < 2 ? null : sliceSpearman(g, slice.lo, slice.hi);
    }
  }
  const out = (f: GroupFamily) => sortedRows(rows.get(f)!);
  return {
    evaluatedAt: coverage.evaluatedAt === null ? null : new Date(coverage.evaluatedAt).toISOString(),
    from: coverage.first,
    to: coverage.last,
    evaluatedTrades: coverage.trades,
    comparedTrades: compared,
    thresholds: { IG: [...ACCURACY_THRESHOLDS.IG], HY: [...ACCURACY_THRESHOLDS.HY] },
    overall: out('overall'),
    byRating: out('byRating'),
    byTenor: out('byTenor'),
    bySize: out('bySize'),
    byLiquidity: out('byLiquidity'),
    byConfidence: out('byConfidence'),
    byWeek: out('byWeek'),
    spearman,
  };
}

/** statsOf (report.ts) over the slice: the same sums in the same order; percentiles by selection. */
function sliceStats(g: ModelGroup, s: { lo: number; hi: number }, k: 0 | 1 | 2): AccuracyStats {
  const n = s.hi - s.lo;
  const { inTight, inWide, sumAbs, sum } = g.sums(k, s.lo, s.hi);
  const abs = g.absErrors(k, s.lo, s.hi);
  // Ranks asked in increasing order: after selecting rank r nothing smaller lies beyond it.
  let selected = 0;
  const found = new Map<number, number>();
  const at = (r: number) => {
    let v = found.get(r);
    if (v === undefined) {
      found.set(r, (v = select(abs, r, r >= selected ? selected : 0)));
      selected = r;
    }
    return v;
  };
  return {
    withinTight: inTight / n,
    withinWide: inWide / n,
    medianError: percentileOf(n, 0.5, at),
    p95Error: percentileOf(n, 0.95, at),
    meanAbsError: sumAbs / n,
    bias: sum / n,
  };
}

/** Spearman's ρ of confidence against the evaluated price's |error| over the slice, ranks as averageRanks gives them. */
function sliceSpearman(g: ModelGroup, lo: number, hi: number): number | null {
  const confidence = g.confidence.data.subarray(lo, hi);
  const modelError = Float64Array.from(g.errors[0].data.subarray(lo, hi), Math.abs);
  return pearsonOfRanks(averageRanksOf(confidence), averageRanksOf(modelError));
}

/** Ranks 1…n, ties given their average rank ((i + j) / 2 + 1 over the tie's sorted positions i…j). */
function averageRanksOf(values: Float64Array): Float64Array {
  const sorted = Float64Array.from(values).sort();
  const ranks = new Float64Array(values.length);
  for (let x = 0; x < values.length; x++) {
    const i = firstAtLeast(sorted, values[x]!);
    const j = firstAbove(sorted, values[x]!) - 1;
    ranks[x] = (i + j) / 2 + 1;
  }
  return ranks;
}

/** Evaluated trades of the range (compared or not): count, first and last day, newest evaluation. */
function coverageOf(model: AccuracyModel, query: AccuracyQuery) {
  let trades = 0;
  let first: string | null = null;
  let last: string | null = null;
  let evaluatedAt: number | null = null;
  for (const [day, d] of model.days) {
    if ((query.from && day < query.from) || (query.to && day > query.to)) continue;
    trades += d.trades;
    if (first === null || day < first) first = day;
    if (last === null || day > last) last = day;
    evaluatedAt = evaluatedAt === null ? d.evaluatedAt : Math.max(evaluatedAt, d.evaluatedAt);
  }
  return { trades, first, last, evaluatedAt };
}
