/**
 * API contract of the market overview (server/routes/market, /v2/market and
 * /v2/primary/new-issue-volume): the summary grid by segment and tenor, one cell's history
 * (detail), sectors, term structure change, the active bond indexes, the biggest moves and the
 * weekly new-issue volume. The server's route schemas import these; the web screens use the same
 * schemas and types (request types are the zod INPUT types: what goes in the query string).
 *
 * Units and conventions (prices per 100 face, yields as decimals, spreads in bp, dates
 * `YYYY-MM-DD`, absent values null, Bearer auth, 400/404 answers): see the paragraph in shared.ts.
 */
import { z } from 'zod';
import { TENOR_BUCKET_IDS } from '../market';
import { bondFilterQuerySchema, bondRowSchema } from './bond';
import { boundedRange, MAX_RANGE_DAYS } from './dates';
import { dateRangeQuerySchema, multi, num, positiveId, sectorRefSchema, treasuryPointSchema } from './shared';

// ---- paths -----------------------------------------------------------------------------------

export const MARKET_PATHS = {
  marketSummary: '/v2/market/summary',
  marketDetail: '/v2/market/detail',
  marketSectors: '/v2/market/sectors',
  termStructureChange: '/v2/market/term-structure-change',
  marketIndex: '/v2/market/index',
  marketMoves: '/v2/market/moves',
  newIssueVolume: '/v2/primary/new-issue-volume',
} as const;

// ---- market ----------------------------------------------------------------------------------

export const MARKET_METRICS = ['yield', 'spread', 'price', 'volume'] as const;
export type MarketMetric = (typeof MARKET_METRICS)[number];

/**
 * Segments: `all`, `IG`, `HY`, `rating:<bucket>` (AAA…CCC) and `sector:<code>` (sector or
 * industry code). Yield = yield to worst, spread = G-spread (bp), price = clean price; levels
 * are averages weighted by amount outstanding; volume is a sum.
 */
export const segmentSchema = z
  .string()
  .regex(
    /^(all|IG|HY|rating:(AAA|AA|A|BBB|BB|B|CCC)|sector:[A-Za-z0-9_.&-]{1,40})$/,
    'must be all, IG, HY, rating:<bucket> or sector:<code>',
  );

export const marketSummaryQuerySchema = z.object({
  metric: z.enum(MARKET_METRICS).default('spread'),
  /** Default: all, IG, HY, every rating bucket and every top-level sector. */
  segments: multi(segmentSchema),
});
export type MarketSummaryQuery = z.input<typeof marketSummaryQuerySchema>;

export const summaryCellSchema = z.object({
  tenor: z.enum(TENOR_BUCKET_IDS),
  /** Today's level (null: no priced bond in the cell). */
  value: num,
  /** Change versus the previous close (same units). */
  change: num,
  bondCount: z.number().int(),
});
export type SummaryCell = z.infer<typeof summaryCellSchema>;

/**
 * How a market figure weights its bonds: by amount outstanding (the index: by market value,
 * outstanding × price), or equally (the index: by price, as if each bond were held at the same
 * face) when amount outstanding is not known for every bond of the set (FINRA's public data has
 * no issue size). One rule per answer, so its figures compare.
 */
export const MARKET_WEIGHTINGS = ['amountOutstanding', 'equal'] as const;
export type MarketWeighting = (typeof MARKET_WEIGHTINGS)[number];

export const marketSummaryResponseSchema = z.object({
  metric: z.enum(MARKET_METRICS),
  asOf: z.string().nullable(),
  tenors: z.array(z.enum(TENOR_BUCKET_IDS)),
  rows: z.array(
    z.object({ segment: z.string(), label: z.string(), cells: z.array(summaryCellSchema), total: summaryCellSchema.omit({ tenor: true }) }),
  ),
  treasury: z.object({
    date: z.string().nullable(),
    previousDate: z.string().nullable(),
    points: z.array(treasuryPointSchema.extend({ previousYield: num, change: num })),
  }),
  /** Today's most traded bonds. */
  mostActive: z.array(bondRowSchema),
  /**
   * How the levels and changes are averaged: by amount outstanding when every priced bond has
   * one; otherwise (FINRA's public data has no issue size) each priced bond counts once.
   */
  weighting: z.enum(MARKET_WEIGHTINGS),
});
export type MarketSummaryResponse = z.infer<typeof marketSummaryResponseSchema>;

export const marketDetailQuerySchema = boundedRange(
  dateRangeQuerySchema.extend({
    metric: z.enum(MARKET_METRICS).default('spread'),
    tenor: z.enum(TENOR_BUCKET_IDS).optional(),
    segment: segmentSchema.default('all'),
  }),
  MAX_RANGE_DAYS.history,
);
export type MarketDetailQuery = z.input<typeof marketDetailQuerySchema>;

export const marketDetailResponseSchema = z.object({
  metric: z.enum(MARKET_METRICS),
  tenor: z.enum(TENOR_BUCKET_IDS).nullable(),
  segment: z.string(),
  /** Daily, oldest first; from end-of-day evaluated prices (volume from daily trade stats). */
  points: z.array(z.object({ date: z.string(), value: z.number(), bondCount: z.number().int() })),
  /**
   * How each day's level averages its bonds: by amount outstanding when every bond of the series
   * has one, else equally; the last point, the summary's cell now, follows the summary's rule, and
   * `equal` is said when either used it. Null for volume, a sum.
   */
  weighting: z.enum(MARKET_WEIGHTINGS).nullable(),
});
export type MarketDetailResponse = z.infer<typeof marketDetailResponseSchema>;

const sectorStatsSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  bondCount: z.number().int(),
  /** Weighted G-spread (bp) and its daily change. */
  spread: num,
  spreadChange: num,
  /** Weighted yield to worst and its daily change. */
  yield: num,
  yieldChange: num,
  volume: z.number(),
});
export const marketSectorsResponseSchema = z.object({
  asOf: z.string().nullable(),
  sectors: z.array(sectorStatsSchema.extend({ industries: z.array(sectorStatsSchema) })),
  /** How the spreads and yields average their bonds: the summary's rule, over the same bonds. */
  weighting: z.enum(MARKET_WEIGHTINGS),
});
export type MarketSectorsResponse = z.infer<typeof marketSectorsResponseSchema>;

export const termStructureChangeQuerySchema = boundedRange(
  dateRangeQuerySchema.extend({
    issuerId: positiveId.optional(),
    sector: z.string().min(1).max(40).optional(),
    metric: z.enum(['spread', 'yield']).default('spread'),
  }),
  MAX_RANGE_DAYS.termStructure,
);
export type TermStructureChangeQuery = z.input<typeof termStructureChangeQuerySchema>;

export const termStructureChangeResponseSchema = z.object({
  metric: z.enum(['spread', 'yield']),
  /** The end-of-day dates used (the latest on or before each asked date). */
  fromDate: z.string().nullable(),
  toDate: z.string().nullable(),
  buckets: z.array(z.object({ tenor: z.enum(TENOR_BUCKET_IDS), from: num, to: num, change: num, bondCount: z.number().int() })),
  bonds: z.array(
    z.object({
      bondId: z.number().int(),
      description: z.string(),
      tenor: z.number(),
      from: num,
      to: num,
      change: num,
    }),
  ),
  /**
   * How the buckets average their bonds (those with a value on both dates): by amount outstanding
   * when each has one, else every bucket equally, so the buckets compare.
   */
  weighting: z.enum(MARKET_WEIGHTINGS),
});
export type TermStructureChangeResponse = z.infer<typeof termStructureChangeResponseSchema>;

export const marketIndexQuerySchema = boundedRange(dateRangeQuerySchema, MAX_RANGE_DAYS.marketIndex);
export type MarketIndexQuery = z.input<typeof marketIndexQuerySchema>;

/**
 * Active bond indexes: each month the 100 IG and 100 HY bonds with the most volume over the
 * trailing 30 days form the basket; daily total return (price change plus coupon accrual) of
 * the basket weighted by market value (outstanding × price), chained from 100 at `from`.
 */
export const marketIndexResponseSchema = z.object({
  points: z.array(z.object({ date: z.string(), ig: num, hy: num, igConstituents: z.number().int(), hyConstituents: z.number().int() })),
  /**
   * `amountOutstanding`: weighted by market value; `equal`: some priced basket bond of the range
   * has no amount outstanding, so every return is weighted by price alone (each bond the same face).
   */
  weighting: z.enum(MARKET_WEIGHTINGS),
});
export type MarketIndexResponse = z.infer<typeof marketIndexResponseSchema>;

export const marketMovesQuerySchema = bondFilterQuerySchema.extend({
  metric: z.enum(['price', 'yield', 'spread']).default('price'),
  period: z.enum(['1d', '1w', '1m']).default('1d'),
  /** Biggest absolute moves first; default 20. */
  limit: z.coerce.number().int().min(1).max(200).default(20),
});
export type MarketMovesQuery = z.input<typeof marketMovesQuerySchema>;

export const marketMovesResponseSchema = z.object({
  metric: z.enum(['price', 'yield', 'spread']),
  period: z.enum(['1d', '1w', '1m']),
  /** The end-of-day date compared against. */
  baseDate: z.string().nullable(),
  moves: z.array(
    z.object({
      bondId: z.number().int(),
      cusip: z.string(),
      description: z.string(),
      ticker: z.string(),
      ratingSP: z.string().nullable(),
      ratingMoody: z.string().nullable(),
      tenor: z.number(),
      value: z.number(),
      previous: z.number(),
      change: z.number(),
    }),
  ),
});
export type MarketMovesResponse = z.infer<typeof marketMovesResponseSchema>;

export const newIssueVolumeQuerySchema = z.object({
  weeks: z.coerce.number().int().min(1).max(104).default(12),
});
export type NewIssueVolumeQuery = z.input<typeof newIssueVolumeQuerySchema>;

export const newIssueVolumeResponseSchema = z.object({
  /** Monday of each week, oldest first, with the amount issued per top-level sector code. */
  weeks: z.array(
    z.object({ weekStart: z.string(), total: z.number(), bondCount: z.number().int(), bySector: z.record(z.string(), z.number()) }),
  ),
  sectors: z.array(sectorRefSchema),
});
export type NewIssueVolumeResponse = z.infer<typeof newIssueVolumeResponseSchema>;
