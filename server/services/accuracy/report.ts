/**
 * The accuracy tables over trade_accuracy (backtest.ts): per credit class and each dimension —
 * rating bucket, tenor bucket, trade size (and every trade of 1MM or more), liquidity,
 * confidence band, week — the share of trades within the class's two thresholds, the median,
 * 95th-percentile and mean absolute error and the mean signed error (bias), for the evaluated
 * price and the two naive baselines; and the Spearman correlation between confidence and
 * absolute error.
 *
 * Every figure is over the same trades: active trades for which all three predictions exist
 * (the first print of a bond has no last trade, a bond's first day no previous close), so the
 * evaluated price and the baselines are compared on equal terms.
 *
 * SQL selects and labels the trades (the join with trades for their status, the week); the
 * groups' figures are computed here from one packed read. The same figures as ordered-set
 * aggregates over grouping sets (54 sorts of the year's 231k trades) kept PGlite's only backend
 * busy for ~58 s on the default seed under load, blocking every other query; this way the
 * database spends ~1–2 s on the read and the arithmetic is a few hundred ms of JavaScript.
 * Results are memoised per query until the evaluated trades change (count and newest id), and
 * concurrent callers share one computation.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import {
  ACCURACY_THRESHOLDS,
  BLOCK_SIZE_MIN,
  BLOCK_SIZE_ROW,
  CONFIDENCE_BANDS,
  LIQUIDITY_BUCKETS,
  SIZE_BUCKETS,
  type AccuracyPredictor,
} from '../../../common/accuracy';
import type { AccuracyReport, AccuracyRow, AccuracyStats } from '../../../common/api/accuracy';
import { RATING_BUCKETS, RATING_CLASSES, TENOR_BUCKET_IDS, type RatingClass } from '../../../common/market';
import { fetchPacked, packFields } from '../pricing/packed';
import { ServiceRefusal } from '../refusal';

export interface AccuracyQuery {
  from?: string;
  to?: string;
}

/** The report fields grouped by a dimension, and the field of the packed row that holds its key. */
const DIMENSIONS = [
  { field: 'byRating', index: 1 },
  { field: 'byTenor', index: 2 },
  { field: 'bySize', index: 3 },
  { field: 'byLiquidity', index: 5 },
  { field: 'byConfidence', index: 6 },
  { field: 'byWeek', index: 7 },
] as const;
type DimensionField = (typeof DIMENSIONS)[number]['field'];

/** Errors of one group of trades, per predictor, and the thresholds of each trade's class. */
class Group {
  readonly errors: Record<AccuracyPredictor, number[]> = { model: [], lastTrade: [], previousClose: [] };
  readonly tight: number[] = [];
  readonly wide: number[] = [];
  constructor(
    readonly ratingClass: RatingClass | null,
    readonly key: string,
  ) {}

  add(errors: readonly number[], tight: number, wide: number): void {
    this.errors.model.push(errors[0]!);
    this.errors.lastTrade.push(errors[1]!);
    this.errors.previousClose.push(errors[2]!);
    this.tight.push(tight);
    this.wide.push(wide);
  }

  row(): AccuracyRow {
    const stats = (p: AccuracyPredictor) => statsOf(this.errors[p], this.tight, this.wide);
    return {
      ratingClass: this.ratingClass,
      key: this.key,
      trades: this.tight.length,
      model: stats('model'),
      lastTrade: stats('lastTrade'),
      previousClose: stats('previousClose'),
    };
  }
}

/** Shares within each trade's thresholds, percentiles (linear interpolation, as percentile_cont), means. */
export function statsOf(errors: readonly number[], tight: readonly number[], wide: readonly number[]): AccuracyStats {
  const n = errors.length;
  const abs = new Float64Array(n);
  let inTight = 0;
  let inWide = 0;
  let sumAbs = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const e = errors[i]!;
    const a = Math.abs(e);
    abs[i] = a;
    // A hair of tolerance: 0.55 − 0.15 must count as within 0.40.
    if (a <= tight[i]! + 1e-9) inTight++;
    if (a <= wide[i]! + 1e-9) inWide++;
    sumAbs += a;
    sum += e;
  }
  abs.sort();
  return {
    withinTight: inTight / n,
    withinWide: inWide / n,
    medianError: percentile(abs, 0.5),
    p95Error: percentile(abs, 0.95),
    meanAbsError: sumAbs / n,
    bias: sum / n,
  };
}

function percentile(sorted: Float64Array, p: number): number {
  const pos = p * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (pos - lo) * (sorted[hi]! - sorted[lo]!);
}

/** Ranks 1…n, ties given their average rank. */
function averageRanks(values: readonly number[]): Float64Array {
  const order = values.map((_, i) => i).sort((a, b) => values[a]! - values[b]!);
  const ranks = new Float64Array(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && values[order[j + 1]!] === values[order[i]!]) j++;
    for (let k = i; k <= j; k++) ranks[order[k]!] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return ranks;
}

/** Spearman's ρ: Pearson's correlation of the average ranks; null under two pairs or without spread. */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length;
  if (n < 2) return null;
  const rx = averageRanks(x);
  const ry = averageRanks(y);
  const mean = (n + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = rx[i]! - mean;
    const dy = ry[i]! - mean;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

const cache = new WeakMap<Kysely<Database>, Map<string, { fingerprint: string; report: Promise<AccuracyReport> }>>();

/** The backtest's figures over trades of [from, to] (trade days, inclusive). */
export async function accuracyReport(db: Kysely<Database>, query: AccuracyQuery = {}): Promise<AccuracyReport> {
  if (query.from && query.to && query.from > query.to) throw new ServiceRefusal('invalid', 'from must not be after to');
  // What was evaluated, in two index reads: the report is reused until it changes.
  const state = await sql<{ n: string; last: string | null }>`select count(*) as n, max(trade_id) as last from trade_accuracy`.execute(db);
  const fingerprint = `${state.rows[0]?.n}|${state.rows[0]?.last}`;
  let entries = cache.get(db);
  if (!entries) cache.set(db, (entries = new Map()));
  const key = `${query.from ?? ''}|${query.to ?? ''}`;
  const hit = entries.get(key);
  if (hit && hit.fingerprint === fingerprint) return hit.report;
  if (entries.size > 50) entries.clear();
  const report = computeReport(db, query);
  entries.set(key, { fingerprint, report });
  report.catch(() => entries.delete(key));
  return report;
}

async function computeReport(db: Kysely<Database>, query: AccuracyQuery): Promise<AccuracyReport> {
  const range = [];
  if (query.from) range.push(sql`a.trade_day >= ${query.from}::date`);
  if (query.to) range.push(sql`a.trade_day <= ${query.to}::date`);
  const inRange = range.length > 0 ? sql.join(range, sql` and `) : sql`true`;
  const [records, coverage] = await Promise.all([
    fetchPacked(
      db,
      sql`select ${packFields([
        'a.rating_class',
        'a.rating_bucket',
        'a.tenor_bucket',
        'a.size_bucket',
        `case when t.quantity >= ${BLOCK_SIZE_MIN} then 1 else 0 end`,
        'a.liquidity_bucket',
        'a.confidence_band',
        "to_char(date_trunc('week', a.trade_day), 'YYYY-MM-DD')",
        'a.confidence',
        'a.model_error',
        'a.last_trade_error',
        'a.previous_close_error',
      ])}
      from trade_accuracy a join trades t on t.id = a.trade_id and t.status = 'active'
      where a.model_error is not null and a.last_trade_error is not null and a.previous_close_error is not null and ${inRange}`,
    ),
    sql<{ trades: string; first_day: string | null; last_day: string | null; evaluated_at: Date | null }>`
      select count(*) as trades, to_char(min(trade_day), 'YYYY-MM-DD') as first_day,
        to_char(max(trade_day), 'YYYY-MM-DD') as last_day, max(evaluated_at) as evaluated_at
      from trade_accuracy a where ${inRange}`.execute(db),
  ]);

  const overall = new Map<string, Group>();
  const byDimension = new Map<DimensionField, Map<string, Group>>(DIMENSIONS.map((d) => [d.field, new Map()]));
  const groupIn = (map: Map<string, Group>, ratingClass: RatingClass | null, key: string) => {
    const id = `${ratingClass ?? ''}|${key}`;
    let g = map.get(id);
    if (!g) map.set(id, (g = new Group(ratingClass, key)));
    return g;
  };
  const confidence: Record<'all' | RatingClass, [number[], number[]]> = { all: [[], []], IG: [[], []], HY: [[], []] };
  for (const f of records) {
    const ratingClass: RatingClass = f[0] === 'HY' ? 'HY' : 'IG';
    const [tight, wide] = ACCURACY_THRESHOLDS[ratingClass];
    const errors = [Number(f[9]), Number(f[10]), Number(f[11])];
    groupIn(overall, null, 'All').add(errors, tight, wide);
    groupIn(overall, ratingClass, ratingClass).add(errors, tight, wide);
    for (const d of DIMENSIONS) groupIn(byDimension.get(d.field)!, ratingClass, f[d.index] || 'none').add(errors, tight, wide);
    if (f[4] === '1') groupIn(byDimension.get('bySize')!, ratingClass, BLOCK_SIZE_ROW).add(errors, tight, wide);
    for (const k of ['all', ratingClass] as const) {
      confidence[k][0].push(Number(f[8]));
      confidence[k][1].push(Math.abs(errors[0]!));
    }
  }

  const sorted = (groups: Map<string, Group>) =>
    [...groups.values()]
      .map((g) => g.row())
      .sort((a, b) => order(a.ratingClass) - order(b.ratingClass) || rank(a.key) - rank(b.key) || a.key.localeCompare(b.key));
  const cover = coverage.rows[0];
  return {
    evaluatedAt: cover?.evaluated_at ? new Date(cover.evaluated_at).toISOString() : null,
    from: cover?.first_day ?? null,
    to: cover?.last_day ?? null,
    evaluatedTrades: Number(cover?.trades ?? 0),
    comparedTrades: records.length,
    thresholds: { IG: [...ACCURACY_THRESHOLDS.IG], HY: [...ACCURACY_THRESHOLDS.HY] },
    overall: sorted(overall),
    byRating: sorted(byDimension.get('byRating')!),
    byTenor: sorted(byDimension.get('byTenor')!),
    bySize: sorted(byDimension.get('bySize')!),
    byLiquidity: sorted(byDimension.get('byLiquidity')!),
    byConfidence: sorted(byDimension.get('byConfidence')!),
    byWeek: sorted(byDimension.get('byWeek')!),
    spearman: {
      all: spearman(...confidence.all),
      IG: spearman(...confidence.IG),
      HY: spearman(...confidence.HY),
    },
  };
}

const order = (c: 'IG' | 'HY' | null) => (c === null ? 0 : c === 'IG' ? 1 : 2);
/** Buckets in their natural order (ratings best first, tenors short first, sizes small first…). */
const KEY_ORDER: string[] = [
  'All',
  ...RATING_CLASSES,
  ...RATING_BUCKETS,
  'NR',
  ...TENOR_BUCKET_IDS,
  ...SIZE_BUCKETS.map((b) => b.id),
  BLOCK_SIZE_ROW,
  ...LIQUIDITY_BUCKETS.map((b) => b.id),
  'none',
  ...CONFIDENCE_BANDS.map((b) => b.id),
];
const rank = (key: string) => {
  const i = KEY_ORDER.indexOf(key);
  return i < 0 ? KEY_ORDER.length : i;
};
