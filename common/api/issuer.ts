/**
 * API contract of issuers (server/routes/issuer, /v2/issuer): issuer search, one issuer's detail
 * with its outstanding bonds, and its curve (yield and spreads of its bonds by remaining tenor).
 *
 * Units and conventions (prices per 100 face, yields as decimals, spreads in bp, dates
 * `YYYY-MM-DD`, absent values null, Bearer auth, 400/404 answers): see the paragraph in shared.ts.
 */
import { z } from 'zod';
import { bondRowSchema } from './bond';
import { path } from './path';
import { issuerRefSchema, num, sectorRefSchema } from './shared';

export const ISSUER_PATHS = {
  /** GET ?q= : issuer search. */
  issuers: '/v2/issuer',
  issuer: path('/v2/issuer/:id'),
  issuerCurve: path('/v2/issuer/:id/curve'),
} as const;

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
