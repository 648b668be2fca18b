/**
 * API contract of the new-issue calculator (`POST /v2/primary/calculator`, feature
 * `new_issue_calculator`): where new tranches of an issuer — or of a hypothetical one, by sector
 * and rating — should price today. Units as in the primary-market contract (primary.ts): spreads,
 * concessions and tightening in bp over the interpolated Treasury curve; yields and coupons as
 * decimals; sizes in USD millions here, as a banker types them. Every derived input can be
 * overridden per tranche; the answer says which ones were.
 */
import { z } from 'zod';
import { SECTOR_CODES, SP_RATINGS } from '../market';
import { decimalRate, positiveId } from './shared';

/** Tenors the calculator prices, in years. */
export const CALCULATOR_TENOR_YEARS = { min: 1, max: 50 } as const;
/** Tranches in one calculation. */
export const MAX_CALCULATOR_TRANCHES = 10;
/** The on-the-run Treasuries new issues are quoted against, in years. */
export const BENCHMARK_TENORS = [2, 3, 5, 7, 10, 20, 30] as const;

const spreadBp = z.number().min(-1_000).max(5_000);

export const calculatorTrancheInputSchema = z
  .object({
    tenorYears: z.number().min(CALCULATOR_TENOR_YEARS.min).max(CALCULATOR_TENOR_YEARS.max),
    sizeMm: z.number().positive().max(100_000),
    /** Overrides: fair-value spread, expected concession, IPT-to-pricing tightening (bp). */
    fairValueBp: spreadBp.optional(),
    concessionBp: z.number().min(-200).max(1_000).optional(),
    tighteningBp: z.number().min(-200).max(1_000).optional(),
    /** Override of the benchmark Treasury's yield (decimal). */
    benchmarkYield: decimalRate(-0.05, 0.5).optional(),
    /** Override of the coupon (decimal); otherwise the reoffer yield rounded down to 1/8. */
    coupon: decimalRate(0, 0.5).optional(),
  })
  .strict();

export const calculatorRequestSchema = z
  .object({
    /** An existing issuer, or `sector` and `rating` for a hypothetical one. */
    issuerId: positiveId.optional(),
    sector: z.enum(SECTOR_CODES).optional(),
    rating: z.enum(SP_RATINGS).optional(),
    tranches: z.array(calculatorTrancheInputSchema).min(1).max(MAX_CALCULATOR_TRANCHES),
  })
  .strict()
  .refine((r) => r.issuerId !== undefined || (r.sector !== undefined && r.rating !== undefined), {
    message: 'pick an issuer, or a sector and a rating for a hypothetical one',
    path: ['issuerId'],
  });
export type CalculatorRequest = z.input<typeof calculatorRequestSchema>;

const derived = <T extends z.ZodTypeAny>(value: T) => z.object({ value, overridden: z.boolean() });

export const calculatorTrancheSchema = z.object({
  tenorYears: z.number(),
  sizeMm: z.number(),
  settlementDate: z.string(),
  maturityDate: z.string(),
  /** The on-the-run benchmark: its tenor, its yield on today's curve, and the yield priced off (entered or that). */
  benchmark: z.object({ tenorYears: z.number().int(), marketYield: z.number(), yield: derived(z.number()) }),
  /** The Treasury curve at the tranche's own tenor (decimal). */
  treasuryAtTenor: z.number(),
  fairValue: z.object({
    spreadBp: z.number(),
    overridden: z.boolean(),
    /** How it was read: issuer curve, extended with the sector slope, or the sector and rating curve. */
    method: z.string(),
    issuerBonds: z.number().int(),
  }),
  concession: z.object({
    expectedBp: z.number(),
    /** The model's 80 % range (null when overridden). */
    lowBp: z.number().nullable(),
    highBp: z.number().nullable(),
    overridden: z.boolean(),
  }),
  tighteningBp: derived(z.number()),
  /** Fair value + concession + tightening: where to start the book. */
  iptSpreadBp: z.number(),
  /** Fair value + concession: where it should price. */
  reofferSpreadBp: z.number(),
  /** Reoffer yield − benchmark yield: the spread as the deal is quoted. */
  spreadToBenchmarkBp: z.number(),
  reofferYield: z.number(),
  coupon: derived(z.number()),
  /** Clean price of the coupon at the reoffer yield on the settlement date (30/360, semi-annual). */
  price: z.number(),
});
export type CalculatorTranche = z.infer<typeof calculatorTrancheSchema>;

export const concessionModelSchema = z.object({
  method: z.enum(['regression', 'median', 'no history']),
  /** Priced tranches the model was fitted on, and the window they come from. */
  observations: z.number().int(),
  from: z.string(),
  to: z.string(),
  coefficients: z.array(z.object({ name: z.string(), value: z.number() })),
  r2: z.number().nullable(),
  /** Residual standard deviation, bp. */
  residualBp: z.number(),
  /** Average book cover of the deals priced in the ten business days before today. */
  recentCover: z.number().nullable(),
  /** Today's 10-year Treasury yield volatility (bp/day over 20 curve days), a factor of the model. */
  marketVolBp: z.number().nullable(),
  typicalTighteningBp: z.object({ IG: z.number(), HY: z.number() }),
});
export type ConcessionModelSummary = z.infer<typeof concessionModelSchema>;

export const calculatorResponseSchema = z.object({
  pricingDay: z.string(),
  /** The close the secondary curves are read on. */
  curveDay: z.string(),
  /** `displayName` is how screens name it (an admin's display-name override wins); `name` the legal name. */
  issuer: z.object({ id: z.number().int(), name: z.string(), displayName: z.string(), ticker: z.string() }).nullable(),
  sector: z.string(),
  rating: z.string().nullable(),
  ratingClass: z.enum(['IG', 'HY']),
  tranches: z.array(calculatorTrancheSchema),
  model: concessionModelSchema,
});
export type CalculatorResponse = z.infer<typeof calculatorResponseSchema>;

/** `POST /v2/primary/calculator/deal` (feature new-issue-calculator-new-deal): a calculation announced as a deal. */
export const newDealRequestSchema = z
  .object({
    /** The calculation for an existing issuer; its tranches' tenors in whole years. */
    calculation: calculatorRequestSchema,
    bookrunners: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
    useOfProceeds: z.string().trim().min(1).max(500).optional(),
  })
  .strict();
export type NewDealRequest = z.input<typeof newDealRequestSchema>;
export const newDealResponseSchema = z.object({ id: z.number().int() });
export type NewDealResponse = z.infer<typeof newDealResponseSchema>;
