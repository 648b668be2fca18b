/**
 * API contract of the evaluated-price backtest (server/routes/accuracy): `GET /v2/market/accuracy`
 * — how close the product's evaluated price just before each trade came to the trade (adjusted
 * to mid), beside two naive baselines, by credit class and dimension. Method and caveats:
 * docs/market-data.md "Accuracy". Errors are in price points (per 100 face); shares are 0–1.
 */
import { z } from 'zod';
import { RATING_CLASSES } from '../market';
import { boundedRange, calendarDateSchema, MAX_RANGE_DAYS } from './dates';
import { num } from './shared';

export const ACCURACY_PATHS = {
  accuracy: '/v2/market/accuracy',
} as const;

/** Trade days to include (inclusive); default: every evaluated trade. */
export const accuracyQuerySchema = boundedRange(
  z.object({ from: calendarDateSchema.optional(), to: calendarDateSchema.optional() }),
  MAX_RANGE_DAYS.history,
);
export type AccuracyQuery = z.input<typeof accuracyQuerySchema>;

/** One predictor's figures over a group of trades. */
export const accuracyStatsSchema = z.object({
  /** Share of trades within the class's tighter threshold (IG 0.40, HY 0.60 pt). */
  withinTight: z.number(),
  /** Share within the wider threshold (IG 0.55, HY 0.82 pt). */
  withinWide: z.number(),
  /** Median and 95th percentile of |prediction − trade mid|, points. */
  medianError: z.number(),
  p95Error: z.number(),
  meanAbsError: z.number(),
  /** Mean signed error (prediction − mid): positive = priced too high. */
  bias: z.number(),
});
export type AccuracyStats = z.infer<typeof accuracyStatsSchema>;

export const accuracyRowSchema = z.object({
  /** IG or HY; null on the row of all trades. */
  ratingClass: z.enum(RATING_CLASSES).nullable(),
  /** The bucket: a rating bucket, tenor bucket, size, liquidity, confidence band or week start (YYYY-MM-DD). */
  key: z.string(),
  trades: z.number().int(),
  model: accuracyStatsSchema,
  lastTrade: accuracyStatsSchema,
  previousClose: accuracyStatsSchema,
});
export type AccuracyRow = z.infer<typeof accuracyRowSchema>;

export const accuracyReportSchema = z.object({
  /** When the newest trade was evaluated by the backtest job (null: nothing evaluated yet). */
  evaluatedAt: z.string().nullable(),
  /** First and last trade day covered. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  evaluatedTrades: z.number().int(),
  /** Trades with all three predictions: the ones every figure is over. */
  comparedTrades: z.number().int(),
  thresholds: z.object({ IG: z.array(z.number()), HY: z.array(z.number()) }),
  /** All trades, then IG and HY. */
  overall: z.array(accuracyRowSchema),
  byRating: z.array(accuracyRowSchema),
  byTenor: z.array(accuracyRowSchema),
  /** Size buckets, and `1MM+` (every trade of 1MM or more). */
  bySize: z.array(accuracyRowSchema),
  /** Business days since the bond's previous trade. */
  byLiquidity: z.array(accuracyRowSchema),
  byConfidence: z.array(accuracyRowSchema),
  /** Weeks (Monday), oldest first. */
  byWeek: z.array(accuracyRowSchema),
  /** Spearman rank correlation of the evaluated price's confidence and its absolute error (negative: confidence ranks error). */
  spearman: z.object({ all: num, IG: num, HY: num }),
});
export type AccuracyReport = z.infer<typeof accuracyReportSchema>;
