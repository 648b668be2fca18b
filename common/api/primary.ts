/**
 * API contract of the primary market: the new-issue calendar (/v2/primary/deal), a deal's page
 * (/v2/primary/deal/{id}) and the weekly record of past deals (/v2/primary/deal/weekly).
 *
 * Units as in the market data contract: spreads, tightening and concessions in basis points over
 * the interpolated Treasury curve (the G-spread convention of the secondary screens); yields and
 * coupons as decimals; sizes and books in USD; dates `YYYY-MM-DD`; times ISO 8601 UTC.
 * Fair value and concession are the product's own: the issuer's secondary curve at the last close
 * before pricing, read at the tranche's tenor (docs/primary-markets.md).
 */
import { z } from 'zod';
import { DEAL_STATUSES, RATING_CLASSES, SECTOR_CODES } from '../market';
import { boundedRange, calendarDateSchema } from './dates';
import { idParamsSchema, num } from './shared';
import { path } from './path';

export const PRIMARY_PATHS = {
  /** GET: deals announced in a date range (default: this market week), newest first. */
  deals: '/v2/primary/deal',
  /** GET: past deals by week with their averages. */
  dealWeeks: '/v2/primary/deal/weekly',
  deal: path('/v2/primary/deal/:id'),
  /** GET: new-issue volume by week or month, split by credit class, sector or rating, with year to date. */
  volume: '/v2/primary/volume',
  /** POST: the new-issue calculator (common/api/newIssueCalculator.ts). */
  calculator: '/v2/primary/calculator',
  /** POST: the same calculation as an Excel workbook with live formulas. */
  calculatorXlsx: '/v2/primary/calculator/xlsx',
  /** POST: announce a calculation as a deal, seen by its creator and their organisation. */
  calculatorDeal: '/v2/primary/calculator/deal',
} as const;

/** Longest range of the deal list, in days (a year of deals is a few hundred rows). */
export const MAX_DEAL_RANGE_DAYS = 366;
/** Weeks of the weekly record at most. */
export const MAX_DEAL_WEEKS = 104;

/** Filters shared by the calendar and the weekly record. */
const dealFilterFields = {
  /** Investment grade or high yield, by the issuer's S&P rating at the deal. */
  rating: z.enum(RATING_CLASSES).optional(),
  /** Top-level sector code. */
  sector: z.enum(SECTOR_CODES).optional(),
  /** Smallest total deal size, USD. */
  minSize: z.coerce.number().positive().max(1e12).optional(),
};

export const dealListQuerySchema = boundedRange(
  z.object({
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
    status: z.enum(DEAL_STATUSES).optional(),
    ...dealFilterFields,
  }),
  MAX_DEAL_RANGE_DAYS,
);
export type DealListQuery = z.input<typeof dealListQuerySchema>;

export const dealWeeksQuerySchema = z.object({
  weeks: z.coerce.number().int().min(1).max(MAX_DEAL_WEEKS).default(12),
  ...dealFilterFields,
});
export type DealWeeksQuery = z.input<typeof dealWeeksQuerySchema>;

export const dealIdParamsSchema = idParamsSchema;

export const trancheSchema = z.object({
  id: z.number().int(),
  tenorYears: z.number(),
  size: z.number(),
  /** Coupon once priced. */
  coupon: num,
  iptSpreadBp: num,
  guidanceSpreadBp: num,
  launchSpreadBp: num,
  pricedSpreadBp: num,
  /** IPT − final (or latest) spread: how far the deal tightened. */
  tighteningBp: num,
  orderBook: num,
  /** Order book ÷ size. */
  cover: num,
  /** Treasury yield at the tenor on the pricing day + priced spread. */
  reofferYield: num,
  /** Clean price of the coupon at the reoffer yield, settling on the issue date. */
  reofferPrice: num,
  /** Fair value at pricing time (the issuer curve at the tenor), bp. */
  fairValueBp: num,
  /**
   * How the fair value was read (issuer curve, extended, the senior curve notched for rank, or the
   * sector and rating curve) — or, without one, why none is credible ("none: …").
   */
  fairValueMethod: z.string().nullable(),
  /** Priced (or latest) spread − fair value, bp. */
  concessionBp: num,
  /** The bond the tranche became, once priced. */
  bondId: z.number().int().nullable(),
  cusip: z.string().nullable(),
});
export type Tranche = z.infer<typeof trancheSchema>;

export const dealSummarySchema = z.object({
  id: z.number().int(),
  issuer: z.object({ id: z.number().int(), name: z.string(), displayName: z.string(), ticker: z.string() }),
  sector: z.object({ code: z.string(), name: z.string() }),
  ratingSp: z.string().nullable(),
  ratingMoody: z.string().nullable(),
  ratingClass: z.enum(RATING_CLASSES).nullable(),
  status: z.enum(DEAL_STATUSES),
  announcedAt: z.string(),
  pricedAt: z.string().nullable(),
  /** When the deal reached each stage so far, oldest first. */
  timeline: z.array(z.object({ status: z.enum(DEAL_STATUSES), at: z.string() })),
  bookrunners: z.array(z.string()),
  useOfProceeds: z.string().nullable(),
  totalSize: z.number(),
  tranches: z.array(trancheSchema),
});
export type DealSummary = z.infer<typeof dealSummarySchema>;

export const dealListResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  deals: z.array(dealSummarySchema),
});
export type DealListResponse = z.infer<typeof dealListResponseSchema>;

export const dealWeekSchema = z.object({
  /** Monday of the week. */
  weekStart: z.string(),
  deals: z.number().int(),
  tranches: z.number().int(),
  volume: z.number(),
  /** Averages over the week's priced tranches (null without any). */
  avgConcessionBp: num,
  avgTighteningBp: num,
  avgCover: num,
});
export const dealWeeksResponseSchema = z.object({ weeks: z.array(dealWeekSchema) });
export type DealWeeksResponse = z.infer<typeof dealWeeksResponseSchema>;

/** One point of the issuer's secondary curve at the close before pricing. */
export const issuerCurvePointSchema = z.object({
  bondId: z.number().int(),
  cusip: z.string(),
  description: z.string(),
  tenor: z.number(),
  spreadBp: z.number(),
  amountOutstanding: z.number(),
});

export const trancheAfterPricingSchema = z.object({
  trancheId: z.number().int(),
  bondId: z.number().int(),
  /** Day by day since pricing: the size-weighted average of the day's trades, and its change against reoffer. */
  points: z.array(z.object({ day: z.string(), spreadBp: num, price: num, spreadChangeBp: num, priceChange: num })),
  day1: z.object({ spreadChangeBp: num, priceChange: num }).nullable(),
  week1: z.object({ spreadChangeBp: num, priceChange: num }).nullable(),
  toDate: z.object({ spreadChangeBp: num, priceChange: num }).nullable(),
});

export const dealDetailResponseSchema = z.object({
  deal: dealSummarySchema,
  /** The close the fair values were read at (the last one before pricing, or before today). */
  curveDay: z.string().nullable(),
  issuerCurve: z.object({
    points: z.array(issuerCurvePointSchema),
    /** The fair-value curve (the issuer fit, extended with the sector and rating slope) at whole tenors 1–30 years. */
    fitted: z.array(z.object({ tenor: z.number(), spreadBp: z.number() })),
  }),
  /** The spread at each stage, per tranche (announced has none). */
  spreadPath: z.array(
    z.object({
      trancheId: z.number().int(),
      points: z.array(z.object({ status: z.enum(DEAL_STATUSES), at: z.string(), spreadBp: z.number() })),
    }),
  ),
  /** Priced deals of the same sector and credit class in the 90 days before this one. */
  comparables: z.array(dealSummarySchema),
  afterPricing: z.array(trancheAfterPricingSchema),
});
export type DealDetailResponse = z.infer<typeof dealDetailResponseSchema>;

// ---- new-issue volume --------------------------------------------------------------------------

export const VOLUME_PERIODS = ['week', 'month'] as const;
export const VOLUME_SPLITS = ['class', 'sector', 'rating'] as const;
export type VolumeSplit = (typeof VOLUME_SPLITS)[number];

export const volumeQuerySchema = z.object({
  period: z.enum(VOLUME_PERIODS).default('week'),
  /** Split each period by credit class (IG/HY), top-level sector or S&P letter bucket. */
  by: z.enum(VOLUME_SPLITS).default('class'),
  /** How many periods, ending with the current one. */
  periods: z.coerce.number().int().min(1).max(104).default(12),
});
export type VolumeQuery = z.input<typeof volumeQuerySchema>;

export const volumeResponseSchema = z.object({
  /** The market day the figures run to. */
  asOf: z.string(),
  /** The split's keys in display order, with labels (e.g. FINL → Financials); NR for unrated. */
  keys: z.array(z.object({ key: z.string(), label: z.string() })),
  /** Oldest first; every period present, empty ones with zeros. */
  periods: z.array(
    z.object({
      start: z.string(),
      /** Par issued (bonds by issue date), USD. */
      volume: z.number(),
      bonds: z.number().int(),
      /** Deals priced in the period. */
      deals: z.number().int(),
      byKey: z.record(z.string(), z.number()),
    }),
  ),
  /** Year to date against the same span of the year before. */
  yearToDate: z.object({
    year: z.number().int(),
    volume: z.number(),
    bonds: z.number().int(),
    deals: z.number().int(),
    priorVolume: z.number(),
    priorBonds: z.number().int(),
    priorDeals: z.number().int(),
  }),
});
export type VolumeResponse = z.infer<typeof volumeResponseSchema>;
