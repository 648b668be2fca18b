/**
 * API contract of the market data endpoints: paths, query parameters and
 * response bodies of /v2/bond, /v2/issuer, /v2/market, /v2/trade, /v2/primary/new-issue-volume
 * and /v2/download. The server's route schemas import these; the web screens use the same
 * schemas and types (request types are the zod INPUT types: what goes in the query string).
 *
 * Units, everywhere: prices per 100 face; coupons, yields and yield changes as decimals
 * (0.0465 = 4.65 %, a change of 0.0003 = 3 bp); spreads, spread changes and discount margins in
 * basis points; amounts and volumes in currency units (USD par); dates `YYYY-MM-DD`; times ISO
 * 8601 UTC. Absent values are null, never omitted (except unselected bond-list columns).
 * Every endpoint needs `Authorization: Bearer …` (401 without); bad parameters answer 400
 * `{ error }` naming the field; unknown ids answer 404.
 */
import { z } from 'zod';
import { BOND_TABLE_COLUMNS } from '../enums';
import { COUPON_TYPES, RATING_BUCKETS, RATING_CLASSES, SP_RATINGS, TENOR_BUCKET_IDS } from '../market';
import { boundedRange, calendarDateSchema, MAX_RANGE_DAYS } from './dates';

// ---- paths -----------------------------------------------------------------------------------

export const MARKET_PATHS = {
  /** GET: the bond table (sort, filter, columns, paging). */
  bonds: '/v2/bond',
  /** GET: the whole filtered bond list as CSV (same query as `bonds`, no paging). */
  bondsCsv: '/v2/download/bonds.csv',
  bond: (id: number | string) => `/v2/bond/${encodeURIComponent(String(id))}`,
  bondPriceHistory: (id: number | string) => `/v2/bond/${encodeURIComponent(String(id))}/price-history`,
  bondTrades: (id: number | string) => `/v2/bond/${encodeURIComponent(String(id))}/trades`,
  bondCashflows: (id: number | string) => `/v2/bond/${encodeURIComponent(String(id))}/cashflows`,
  /** GET ?ids=1,2,…&points= : the last closes of many bonds at once (the bond table's sparklines). */
  bondSparklines: '/v2/bond/sparklines',
  /** GET ?q= : issuer search. */
  issuers: '/v2/issuer',
  issuer: (id: number | string) => `/v2/issuer/${encodeURIComponent(String(id))}`,
  issuerCurve: (id: number | string) => `/v2/issuer/${encodeURIComponent(String(id))}/curve`,
  marketSummary: '/v2/market/summary',
  marketDetail: '/v2/market/detail',
  marketSectors: '/v2/market/sectors',
  termStructureChange: '/v2/market/term-structure-change',
  marketIndex: '/v2/market/index',
  marketMoves: '/v2/market/moves',
  /** GET: trades market-wide (or of one bond with bondId). */
  trades: '/v2/trade',
  newIssueVolume: '/v2/primary/new-issue-volume',
} as const;

// ---- query helpers ---------------------------------------------------------------------------

/** A multi-valued query parameter: repeated (`a=1&a=2`) or comma-separated (`a=1,2`). */
function multi<T extends z.ZodType<string>>(item: T) {
  return z
    .preprocess((v) => {
      if (v === undefined || v === '') return undefined;
      const list = Array.isArray(v) ? v : [v];
      return list
        .flatMap((s) => String(s).split(','))
        .map((s) => s.trim())
        .filter(Boolean);
    }, z.array(item).min(1))
    .optional();
}

/** `true`/`false` (also 1/0) in a query string. */
const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const isoDate = calendarDateSchema;
const positiveId = z.coerce.number().int().positive();

export const idParamsSchema = z.object({ id: positiveId });

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

const num = z.number().nullable();

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
  duration: num,
  dv01: num,
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

export const issuerRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  ticker: z.string(),
});
export type IssuerRef = z.infer<typeof issuerRefSchema>;

export const sectorRefSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type SectorRef = z.infer<typeof sectorRefSchema>;

/** One point of a Treasury par curve (yield decimal). */
export const treasuryPointSchema = z.object({ tenor: z.string(), years: z.number(), yield: z.number() });

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
    source: z.string(),
  }),
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

export const dateRangeQuerySchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });

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

/** A TRACE-style trade as disseminated (never the true size of a capped trade). */
export const tradeSchema = z.object({
  id: z.string(),
  bondId: z.number().int(),
  cusip: z.string(),
  description: z.string(),
  executionTime: z.string(),
  /** Disseminated size for display: `5MM+` / `1MM+` when capped, else the par amount. */
  quantity: z.string(),
  /** Disseminated par (the cap when capped). */
  reportedQuantity: z.number(),
  quantityCapped: z.boolean(),
  price: z.number(),
  yield: num,
  side: z.enum(['customer_buy', 'customer_sell', 'inter_dealer']),
  reportingPartyType: z.string(),
  ats: z.boolean(),
  status: z.enum(['active', 'cancelled', 'corrected']),
});
export type Trade = z.infer<typeof tradeSchema>;

const tradeQueryFields = dateRangeQuerySchema.extend({
  /** Newest first; default 100, at most 1000. */
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const tradeListQuerySchema = boundedRange(tradeQueryFields.extend({ bondId: positiveId.optional() }), MAX_RANGE_DAYS.history);
export type TradeListQuery = z.input<typeof tradeListQuerySchema>;
export const bondTradesQuerySchema = boundedRange(tradeQueryFields, MAX_RANGE_DAYS.history);
export type BondTradesQuery = z.input<typeof bondTradesQuerySchema>;

export const tradeListResponseSchema = z.object({ trades: z.array(tradeSchema) });
export type TradeListResponse = z.infer<typeof tradeListResponseSchema>;

export const cashflowsResponseSchema = z.object({
  bondId: z.number().int(),
  settlementDate: z.string(),
  /** Per 100 face; floaters are projected at the current index level (`assumedIndexRate`). */
  cashflows: z.array(z.object({ date: z.string(), coupon: z.number(), principal: z.number(), total: z.number() })),
  assumedIndexRate: num,
});
export type CashflowsResponse = z.infer<typeof cashflowsResponseSchema>;

// ---- issuers ---------------------------------------------------------------------------------

export const issuerSearchQuerySchema = z.object({
  /** Name, display name or ticker (case-insensitive; ticker prefix ranks first). */
  q: z.string().trim().max(60).optional(),
  /** Only issuers in this sector or industry (code; a sector covers its industries). */
  sector: z.string().min(1).max(40).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type IssuerSearchQuery = z.input<typeof issuerSearchQuerySchema>;

export const issuerSearchResponseSchema = z.object({
  issuers: z.array(issuerRefSchema.extend({ sectorCode: z.string(), bondCount: z.number().int() })),
});
export type IssuerSearchResponse = z.infer<typeof issuerSearchResponseSchema>;

export const issuerDetailResponseSchema = issuerRefSchema.extend({
  countryOfRisk: z.string(),
  corporateStructure: z.string(),
  secCik: z.string().nullable(),
  parent: issuerRefSchema.nullable(),
  sector: sectorRefSchema.nullable(),
  industry: sectorRefSchema,
  bondCount: z.number().int(),
  amountOutstanding: z.number(),
  /** The issuer's outstanding bonds, shortest maturity first. */
  bonds: z.array(bondRowSchema),
});
export type IssuerDetailResponse = z.infer<typeof issuerDetailResponseSchema>;

export const curvePointSchema = z.object({
  bondId: z.number().int(),
  cusip: z.string(),
  description: z.string(),
  maturityDate: z.string(),
  /** Remaining years to maturity. */
  tenor: z.number(),
  yieldToWorst: num,
  gSpread: num,
  tSpread: num,
  price: num,
  amountOutstanding: z.number(),
  isBenchmark: z.boolean(),
});
export type CurvePoint = z.infer<typeof curvePointSchema>;

export const issuerCurveResponseSchema = z.object({
  issuerId: z.number().int(),
  asOf: z.string().nullable(),
  points: z.array(curvePointSchema),
});
export type IssuerCurveResponse = z.infer<typeof issuerCurveResponseSchema>;

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
