/**
 * The accuracy tables, computed by SQL over trade_accuracy (backtest.ts): per credit class and
 * each dimension — rating bucket, tenor bucket, trade size (and every trade of 1MM or more),
 * liquidity, confidence band, week — the share of trades within the class's two thresholds, the
 * median, 95th-percentile and mean absolute error and the mean signed error (bias), for the
 * evaluated price and the two naive baselines; and the Spearman correlation between confidence
 * and absolute error.
 *
 * Every figure is over the same trades: active trades for which all three predictions exist
 * (the first print of a bond has no last trade, a bond's first day no previous close), so the
 * evaluated price and the baselines are compared on equal terms.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';
import {
  ACCURACY_PREDICTORS,
  ACCURACY_THRESHOLDS,
  BLOCK_SIZE_MIN,
  BLOCK_SIZE_ROW,
  CONFIDENCE_BANDS,
  LIQUIDITY_BUCKETS,
  SIZE_BUCKETS,
  type AccuracyPredictor,
} from '../../../common/accuracy';
import { RATING_BUCKETS, RATING_CLASSES, TENOR_BUCKET_IDS } from '../../../common/market';
import type { AccuracyReport, AccuracyRow, AccuracyStats } from '../../../common/api/accuracy';
import { ServiceRefusal } from '../refusal';

export interface AccuracyQuery {
  from?: string;
  to?: string;
}

const ERROR_COLUMN: Record<AccuracyPredictor, string> = {
  model: 'model_error',
  lastTrade: 'last_trade_error',
  previousClose: 'previous_close_error',
};

/** The dimensions of the tables: the column grouped by, and the report's field. */
const DIMENSIONS = [
  { field: 'byRating', column: 'rating_bucket' },
  { field: 'byTenor', column: 'tenor_bucket' },
  { field: 'bySize', column: 'size_bucket' },
  { field: 'byBlock', column: 'block' },
  { field: 'byLiquidity', column: 'liquidity_bucket' },
  { field: 'byConfidence', column: 'confidence_band' },
  { field: 'byWeek', column: 'week' },
] as const;

function statsSelect(predictor: AccuracyPredictor): RawBuilder<unknown> {
  const e = ERROR_COLUMN[predictor];
  const tight = `case when rating_class = 'HY' then ${ACCURACY_THRESHOLDS.HY[0]} else ${ACCURACY_THRESHOLDS.IG[0]} end`;
  const wide = `case when rating_class = 'HY' then ${ACCURACY_THRESHOLDS.HY[1]} else ${ACCURACY_THRESHOLDS.IG[1]} end`;
  return sql.raw(`avg(case when abs(${e}) <= ${tight} + 1e-9 then 1.0 else 0.0 end)::float8 as ${predictor}_tight,
    avg(case when abs(${e}) <= ${wide} + 1e-9 then 1.0 else 0.0 end)::float8 as ${predictor}_wide,
    percentile_cont(0.5) within group (order by abs(${e}))::float8 as ${predictor}_median,
    percentile_cont(0.95) within group (order by abs(${e}))::float8 as ${predictor}_p95,
    avg(abs(${e}))::float8 as ${predictor}_mae,
    avg(${e})::float8 as ${predictor}_bias`);
}

/** The backtest's figures over trades of [from, to] (trade days, inclusive). */
export async function accuracyReport(db: Kysely<Database>, query: AccuracyQuery = {}): Promise<AccuracyReport> {
  if (query.from && query.to && query.from > query.to) throw new ServiceRefusal('invalid', 'from must not be after to');
  const where = [sql`a.model_error is not null`, sql`a.last_trade_error is not null`, sql`a.previous_close_error is not null`];
  if (query.from) where.push(sql`a.trade_day >= ${query.from}::date`);
  if (query.to) where.push(sql`a.trade_day <= ${query.to}::date`);
  const compared = sql`select a.rating_class, a.rating_bucket, a.tenor_bucket, a.size_bucket,
      a.quantity_block as block, a.liquidity_bucket, a.confidence_band,
      to_char(date_trunc('week', a.trade_day), 'YYYY-MM-DD') as week, a.confidence,
      a.model_error, a.last_trade_error, a.previous_close_error
    from (select x.*, t.quantity >= ${BLOCK_SIZE_MIN} as quantity_block
          from trade_accuracy x join trades t on t.id = x.trade_id and t.status = 'active') a
    where ${sql.join(where, sql` and `)}`;

  const groupingSets = sql.raw(['()', '(rating_class)', ...DIMENSIONS.map((d) => `(rating_class, ${d.column})`)].join(', '));
  const dimensionFlags = sql.raw(DIMENSIONS.map((d) => `grouping(${d.column}) as g_${d.column}`).join(', '));
  const [grouped, spearman, coverage] = await Promise.all([
    sql<Record<string, unknown>>`select rating_class, grouping(rating_class) as g_class, ${dimensionFlags},
        ${sql.raw(DIMENSIONS.map((d) => `${d.column}::text as k_${d.column}`).join(', '))},
        count(*)::int as n,
        ${sql.join(ACCURACY_PREDICTORS.map(statsSelect), sql`, `)}
      from (${compared}) c
      group by grouping sets (${groupingSets})`.execute(db),
    sql<{ rating_class: string | null; rho: number | null }>`
      select rating_class, corr(rc, re)::float8 as rho from (
        select rating_class,
          rank() over (partition by rating_class order by confidence)
            + (count(*) over (partition by rating_class, confidence) - 1) / 2.0 as rc,
          rank() over (partition by rating_class order by abs(model_error))
            + (count(*) over (partition by rating_class, abs(model_error)) - 1) / 2.0 as re
        from (${compared}) c
        union all
        select null,
          rank() over (order by confidence) + (count(*) over (partition by confidence) - 1) / 2.0,
          rank() over (order by abs(model_error)) + (count(*) over (partition by abs(model_error)) - 1) / 2.0
        from (${compared}) c
      ) r group by rating_class`.execute(db),
    sql<{ trades: string; compared: string; first_day: string | null; last_day: string | null; evaluated_at: Date | null }>`
      select count(*) as trades,
        count(*) filter (where model_error is not null and last_trade_error is not null and previous_close_error is not null) as compared,
        to_char(min(trade_day), 'YYYY-MM-DD') as first_day, to_char(max(trade_day), 'YYYY-MM-DD') as last_day,
        max(evaluated_at) as evaluated_at
      from trade_accuracy a
      where true ${query.from ? sql`and a.trade_day >= ${query.from}::date` : sql``}
        ${query.to ? sql`and a.trade_day <= ${query.to}::date` : sql``}`.execute(db),
  ]);

  const report: AccuracyReport = {
    evaluatedAt: coverage.rows[0]?.evaluated_at ? new Date(coverage.rows[0].evaluated_at).toISOString() : null,
    from: coverage.rows[0]?.first_day ?? null,
    to: coverage.rows[0]?.last_day ?? null,
    evaluatedTrades: Number(coverage.rows[0]?.trades ?? 0),
    comparedTrades: Number(coverage.rows[0]?.compared ?? 0),
    thresholds: { IG: [...ACCURACY_THRESHOLDS.IG], HY: [...ACCURACY_THRESHOLDS.HY] },
    overall: [],
    byRating: [],
    byTenor: [],
    bySize: [],
    byLiquidity: [],
    byConfidence: [],
    byWeek: [],
    spearman: { all: null, IG: null, HY: null },
  };
  for (const r of grouped.rows) {
    // The grand total's grouping set answers a row even over no trades.
    if (Number(r.n) === 0) continue;
    const ratingClass = r.g_class === 0 ? (r.rating_class as 'IG' | 'HY') : null;
    const dimension = DIMENSIONS.find((d) => r[`g_${d.column}`] === 0);
    if (!dimension) {
      report.overall.push(rowOf(r, ratingClass, ratingClass ?? 'All'));
      continue;
    }
    const key = r[`k_${dimension.column}`] as string | null;
    if (dimension.field === 'byBlock') {
      if (key === 'true') report.bySize.push(rowOf(r, ratingClass, BLOCK_SIZE_ROW));
      continue;
    }
    report[dimension.field].push(rowOf(r, ratingClass, key ?? 'none'));
  }
  for (const list of [
    report.overall,
    report.byRating,
    report.byTenor,
    report.bySize,
    report.byLiquidity,
    report.byConfidence,
    report.byWeek,
  ]) {
    list.sort((a, b) => order(a.ratingClass) - order(b.ratingClass) || rank(a.key) - rank(b.key) || a.key.localeCompare(b.key));
  }
  for (const s of spearman.rows) {
    const key = s.rating_class === null ? 'all' : (s.rating_class as 'IG' | 'HY');
    report.spearman[key] = s.rho === null ? null : Number(s.rho);
  }
  return report;
}

function rowOf(r: Record<string, unknown>, ratingClass: 'IG' | 'HY' | null, key: string): AccuracyRow {
  const stats = (p: AccuracyPredictor): AccuracyStats => ({
    withinTight: Number(r[`${p.toLowerCase()}_tight`]),
    withinWide: Number(r[`${p.toLowerCase()}_wide`]),
    medianError: Number(r[`${p.toLowerCase()}_median`]),
    p95Error: Number(r[`${p.toLowerCase()}_p95`]),
    meanAbsError: Number(r[`${p.toLowerCase()}_mae`]),
    bias: Number(r[`${p.toLowerCase()}_bias`]),
  });
  return {
    ratingClass,
    key,
    trades: Number(r.n),
    model: stats('model'),
    lastTrade: stats('lastTrade'),
    previousClose: stats('previousClose'),
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
