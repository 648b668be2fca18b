/**
 * API contract of bonds (server/routes/bond, /v2/bond and /v2/download): the bond table with its
 * filters, sort, columns and paging, its CSV download, one bond's detail, price history, trades
 * path and cash flows, and the bond table's sparklines. The server's route schemas import these;
 * the web screens use the same schemas and types (request types are the zod INPUT types: what
 * goes in the query string).
 *
 * Units and conventions (prices per 100 face, yields as decimals, spreads in bp, dates
 * `YYYY-MM-DD`, absent values null, Bearer auth, 400/404 answers): see the paragraph in shared.ts.
 */
import { z } from 'zod';
import { BOND_TABLE_COLUMNS } from '../enums';
import { COUPON_TYPES, RATING_BUCKETS, RATING_CLASSES, SP_RATINGS, TENOR_BUCKET_IDS } from '../market';
import { boundedRange, MAX_RANGE_DAYS } from './dates';
import { dateRangeQuerySchema, issuerRefSchema, multi, num, queryBoolean, sectorRefSchema, treasuryPointSchema } from './shared';
import { path } from './path';

// ---- paths -----------------------------------------------------------------------------------

export const BOND_PATHS = {
  /** GET: the bond table (sort, filter, columns, paging). */
  bonds: '/v2/bond',
  /** GET: the whole filtered bond list as CSV (same query as `bonds`, no paging). */
  bondsCsv: '/v2/download/bonds.csv',
  bond: path('/v2/bond/:id'),
  bondPriceHistory: path('/v2/bond/:id/price-history'),
  bondTrades: path('/v2/bond/:id/trades'),
  bondCashflows: path('/v2/bond/:id/cashflows'),
  /** GET ?ids=1,2,…&points= : the last closes of many bonds at once (the bond table's sparklines). */
  bondSparklines: '/v2/bond/sparklines',
} as const;

// ---- bond list -------------------------------------------------------------------------------

/** A bond-table column; the 400 for anything else names the value given. */
export const bondColumnSchema = z.enum(BOND_TABLE_COLUMNS, {
  error: (issue) => `unknown column ${JSON.stringify(issue.input)}`,
});

/**
 * Rating filter values: an S&P rating (`BBB+`), a letter bucket (`BBB` = BBB+, BBB, BBB-; `CCC`
 * = CCC+ down to D) or a class (`IG`, `HY`); by the S&P rating.
 */
export const RATING_FILTER_VALUES = [...new Set([...RATING_CLASSES, ...RATING_BUCKETS, ...SP_RATINGS])] as [string, ...string[]];

/** Filters shared by the bond list, its CSV and the market moves. */
export const bondFilterQuerySchema = z.object({
  /** Sector or industry codes (an industry's bonds match its sector's code too). */
  sector: multi(z.string().min(1).max(40)),
  rating: multi(z.enum(RATING_FILTER_VALUES)),
  /** Seniority texts as stored, e.g. `Senior Unsecured`. */
  seniority: multi(z.string().min(1).max(60)),
  /** Remaining-maturity buckets of common/market.ts TENOR_BUCKETS. */
  tenor: multi(z.enum(TENOR_BUCKET_IDS)),
  issuerId: multi(z.string().regex(/^\d+$/, 'must be issuer ids')),
  /** true: only bonds with a call schedule; false: only bullets. */
  callable: queryBoolean.optional(),
  /** Case-insensitive: CUSIP/ISIN/ticker prefix, or text contained in the description. */
  q: z.string().trim().min(1).max(60).optional(),
});

export const bondListQuerySchema = bondFilterQuerySchema.extend({
  /** Primary sort column (default volume, descending). Nulls always last; ties by id. */
  sort: bondColumnSchema.optional(),
  sortDesc: queryBoolean.optional(),
  sort2: bondColumnSchema.optional(),
  sort2Desc: queryBoolean.optional(),
  /** Columns to return (id is always returned); default all. */
  columns: multi(bondColumnSchema),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type BondListQuery = z.input<typeof bondListQuerySchema>;
export type BondFilterQuery = z.input<typeof bondFilterQuerySchema>;

/**
 * One bond-table row: every §3 column. `issuer` is the issuer group (the parent issuer's display
 * name, or the issuer's own), `entityName` the legal issuing entity, `displayName` its short
 * name. `tenor` is remaining years to maturity. `treasury` names the benchmark Treasury point.
 */
export const bondRowSchema = z.object({
  id: z.number().int(),
  amountIssued: z.number(),
  bondIdentifier: z.string().describe('CUSIP'),
  changeConfidence: num,
  changeGSpread: num,
  changePrice: num,
  changeTSpread: num,
  changeYTC: num,
  changeYTM: num,
  changeYTW: num,
  confidence: num,
  corpStruct: z.string(),
  countryOfRisk: z.string(),
  coupon: z.number(),
  currentYield: num,
  description: z.string(),
  discountMargin: num,
  displayName: z.string(),
  /** Modified duration and DV01 to maturity (floaters: to the next reset). */
  duration: num,
  durationToWorst: num.describe('Modified duration to the workout date (a callable: its yield-to-worst date)'),
  dv01: num,
  dv01ToWorst: num.describe('DV01 to the workout date (a callable: its yield-to-worst date)'),
  convexityToWorst: num.describe('Convexity to the workout date (a callable: its yield-to-worst date); null for floaters'),
  entityName: z.string(),
  gSpread: num,
  isBenchmark: z.boolean(),
  issueDate: z.string(),
  issuer: z.string(),
  maturityDate: z.string(),
  moneyMarketYield360: num,
  nextCallDate: z.string().nullable(),
  price: num,
  ratingMoody: z.string().nullable(),
  ratingSP: z.string().nullable(),
  seniority: z.string(),
  source: z.string().describe("Where the bond's terms and prints come from: simulator, import, finra-public (sourceLabel names them)"),
  startConfidence: num,
  tSpread: num,
  tenor: z.number(),
  ticker: z.string(),
  treasury: z.string().nullable(),
  volume: z.number(),
  volumePercentChange: num,
  yieldToCall: num,
  yieldToMaturity: num,
  yieldToWorst: num,
});
export type BondRow = z.infer<typeof bondRowSchema>;

/** A list row: `id` plus the selected columns (all when `columns` is absent). */
export const bondListRowSchema = bondRowSchema.partial().required({ id: true });
export type BondListRow = z.infer<typeof bondListRowSchema>;

export const bondListResponseSchema = z.object({
  rows: z.array(bondListRowSchema),
  /** Bonds matching the filters. */
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  /** Time of the market state shown (latest reprice); null before the first. */
  asOf: z.string().nullable(),
});
export type BondListResponse = z.infer<typeof bondListResponseSchema>;

// ---- bond detail -----------------------------------------------------------------------------

export const bondDetailResponseSchema = z.object({
  id: z.number().int(),
  cusip: z.string(),
  isin: z.string(),
  description: z.string(),
  terms: z.object({
    couponType: z.enum(COUPON_TYPES),
    coupon: z.number(),
    frequency: z.number().int(),
    dayCount: z.string(),
    endOfMonth: z.boolean(),
    issueDate: z.string(),
    firstCouponDate: z.string().nullable(),
    maturityDate: z.string(),
    amountIssued: z.number(),
    amountOutstanding: z.number(),
    seniority: z.string(),
    floaterIndex: z.string().nullable(),
    quotedMargin: num,
    isBenchmark: z.boolean(),
    tenorAtIssue: z.number(),
    currency: z.string(),
    /** Where the bond's terms and prints come from: simulator, import, finra-public (sourceLabel names them). */
    source: z.string(),
    /** Why the bond has no evaluated price (a coupon structure not modelled); null: it is priced. */
    notPricedReason: z.string().nullable(),
  }),
  /**
   * The date today's analytics settle on: US corporate T+1, the next settlement day of the SIFMA
   * calendar after their pricing day (`analyticsCurve.pricingDay`, else the market day), never
   * before issue. The pricing calculator starts from it.
   */
  settlementDate: z.string(),
  /**
   * Floaters: the coupon period holding the analytics' settlement date — its last and next resets,
   * the index fixed at the last reset (the 3-month Treasury point of that day's curve) and the
   * current coupon it pays (fixing + quoted margin). Null for other bonds.
   */
  floater: z.object({ lastResetDate: z.string(), nextResetDate: z.string(), indexFixing: num, currentCoupon: num }).nullable(),
  issuer: issuerRefSchema.extend({
    countryOfRisk: z.string(),
    corporateStructure: z.string(),
    sector: sectorRefSchema.nullable(),
    industry: sectorRefSchema,
  }),
  ratings: z.object({
    sp: z.string().nullable(),
    moody: z.string().nullable(),
    /** Newest first. */
    history: z.array(z.object({ agency: z.enum(['sp', 'moody']), rating: z.string(), effectiveDate: z.string() })),
  }),
  callSchedule: z.array(z.object({ date: z.string(), price: z.number() })),
  /**
   * The make-whole call, as a term sheet states it (bonds from EDGAR filings): callable before
   * `until` at the present value of its remaining payments discounted at Treasuries plus
   * `spreadBp`; `until` is the par call date (the call schedule's entry at 100), else the maturity.
   * Null when no make-whole is held. Not priced: the evaluated analytics model only the call schedule.
   */
  makeWhole: z
    .object({
      spreadBp: z.number().describe('Spread over Treasuries of the make-whole redemption price, bp ("T+20" is 20)'),
      until: z.string().describe('Last day of the make-whole window: the par call date, else the maturity'),
    })
    .nullable(),
  /** Today's analytics: the bond-table row (null before the bond was first priced). */
  analytics: bondRowSchema.nullable(),
  /**
   * The Treasury par curve `analytics` were computed on: the latest curve dated on or before
   * their pricing day (`pricingDay`, the UTC day of their as-of). A client re-pricing the bond
   * (the pricing calculator) uses it so it agrees with `analytics`; the market's latest curve may
   * have moved since. Null before the bond was first priced.
   */
  analyticsCurve: z.object({ pricingDay: z.string(), date: z.string(), points: z.array(treasuryPointSchema) }).nullable(),
  /** The latest evaluated price and what produced it (trades, curve, model). */
  lineage: z
    .object({
      priceDate: z.string(),
      kind: z.enum(['eod', 'intraday']),
      asOf: z.string(),
      price: z.number(),
      yield: num,
      gSpread: num,
      confidence: z.number(),
      inputs: z.record(z.string(), z.unknown()),
      /** Human-readable explanation when the pricing service provides one. */
      explanation: z.unknown().optional(),
    })
    .nullable(),
});
export type BondDetailResponse = z.infer<typeof bondDetailResponseSchema>;

// ---- price history and sparklines ------------------------------------------------------------

/** Default range: one year back from the latest price; at most ten years. */
export const priceHistoryQuerySchema = boundedRange(dateRangeQuerySchema, MAX_RANGE_DAYS.history);
export type PriceHistoryQuery = z.input<typeof priceHistoryQuerySchema>;

/** Bonds per sparkline request: a block of the bond table's rows. */
export const SPARKLINE_IDS_MAX = 200;
/** Closes in a sparkline by default: about a month of business days. */
export const SPARKLINE_POINTS_DEFAULT = 22;

export const sparklinesQuerySchema = z.object({
  ids: z.preprocess(
    (v) => (v === undefined || v === '' ? undefined : (Array.isArray(v) ? v : [v]).flatMap((s) => String(s).split(',')).filter(Boolean)),
    z.array(z.coerce.number().int().positive('must be bond ids')).min(1).max(SPARKLINE_IDS_MAX, `at most ${SPARKLINE_IDS_MAX} bonds`),
  ),
  /** The last this many closes of each bond. */
  points: z.coerce.number().int().min(2).max(260).default(SPARKLINE_POINTS_DEFAULT),
});
export type SparklinesQuery = z.input<typeof sparklinesQuerySchema>;

export const sparklinesResponseSchema = z.object({
  /** One entry per asked id, in the order asked (repeats dropped): closing clean prices, oldest first; empty when none. */
  series: z.array(z.object({ id: z.number().int(), prices: z.array(z.number()) })),
});
export type SparklinesResponse = z.infer<typeof sparklinesResponseSchema>;

export const priceHistoryResponseSchema = z.object({
  bondId: z.number().int(),
  /** End-of-day evaluated prices, oldest first; volume from the day's trades. */
  points: z.array(
    z.object({
      date: z.string(),
      price: z.number(),
      yield: num,
      gSpread: num,
      confidence: z.number(),
      volume: z.number(),
      tradeCount: z.number().int(),
    }),
  ),
});
export type PriceHistoryResponse = z.infer<typeof priceHistoryResponseSchema>;

// ---- cash flows ------------------------------------------------------------------------------

export const cashflowsResponseSchema = z.object({
  bondId: z.number().int(),
  settlementDate: z.string(),
  /**
   * Per 100 face; a floater's current period pays the index fixed at its last reset + margin, later
   * periods are projected at the current index level (`assumedIndexRate`).
   */
  cashflows: z.array(z.object({ date: z.string(), coupon: z.number(), principal: z.number(), total: z.number() })),
  assumedIndexRate: num,
});
export type CashflowsResponse = z.infer<typeof cashflowsResponseSchema>;
