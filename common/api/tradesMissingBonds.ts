/**
 * /admin/trades-missing-bonds: trades whose identifier matched no bond when they were imported,
 * grouped by identifier; create the bond from the identifier (the bond reference template's
 * fields) or map the identifier to an existing bond — either way the trades attach and the bond
 * is repriced.
 */
import { z } from 'zod';
import { path } from './path';

export const MISSING_BONDS_PATHS = {
  groups: '/admin/trades-missing-bonds',
  trades: path('/admin/trades-missing-bonds/:identifier'),
  map: path('/admin/trades-missing-bonds/:identifier/map'),
  createBond: '/admin/trades-missing-bonds/bond',
} as const;

/** An identifier as TRACE files carry it: a CUSIP (9) or similar code, letters and digits. */
export const missingIdentifierSchema = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9*@#]+$/, 'must be letters and digits');

export const missingGroupsQuerySchema = z
  .object({
    /** Identifier prefix. */
    q: z.string().trim().max(20).optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const missingGroupSchema = z.object({
  identifier: z.string(),
  trades: z.number().int(),
  /** Par traded, USD (true sizes; this is an admin view). */
  quantity: z.number(),
  firstTradeAt: z.string(),
  lastTradeAt: z.string(),
  sources: z.array(z.string()),
  /** Bonds whose CUSIP shares the identifier's issuer prefix (first six characters): likely the same issuer. */
  sameIssuerBonds: z.array(z.object({ id: z.number().int(), cusip: z.string(), description: z.string() })),
});
export type MissingGroup = z.infer<typeof missingGroupSchema>;

export const missingGroupsResponseSchema = z.object({
  groups: z.array(missingGroupSchema),
  total: z.number().int(),
  totalTrades: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type MissingGroupsResponse = z.infer<typeof missingGroupsResponseSchema>;

export const missingTradesResponseSchema = z.object({
  identifier: z.string(),
  trades: z.array(
    z.object({
      executionTime: z.string(),
      quantity: z.number(),
      price: z.number(),
      side: z.string(),
      source: z.string(),
    }),
  ),
});
export type MissingTradesResponse = z.infer<typeof missingTradesResponseSchema>;

/** POST …/{identifier}/map: the bond the identifier's trades belong to. */
export const mapIdentifierBodySchema = z.object({ bondId: z.number().int().positive() });

/** What attaching did: trades moved to the bond (and the bond repriced). */
export const attachResultSchema = z.object({
  bondId: z.number().int(),
  tradesAttached: z.number().int(),
  /** Set when the bond could not be repriced after (no Treasury curve loaded, say); the trades are attached all the same. */
  repriceError: z.string().optional(),
});
export type AttachResult = z.infer<typeof attachResultSchema>;

/**
 * The bond reference template's columns (samples/bonds-template.csv), as a form sends them: text,
 * validated by the reference importer itself (CUSIP check digit, dates in order, call schedule).
 */
export const BOND_REFERENCE_FIELDS = [
  'cusip',
  'isin',
  'issuer_name',
  'issuer_ticker',
  'sector_code',
  'country_of_risk',
  'coupon_type',
  'coupon_pct',
  'frequency',
  'day_count',
  'issue_date',
  'first_coupon_date',
  'maturity_date',
  'amount_issued',
  'amount_outstanding',
  'seniority',
  'rating_sp',
  'rating_moody',
  'call_schedule',
  'floater_index',
  'quoted_margin_bp',
  'is_benchmark',
  'description',
] as const;
export type BondReferenceField = (typeof BOND_REFERENCE_FIELDS)[number];

const fieldText = z
  .string()
  .trim()
  .max(300)
  .regex(/^[^\r\n"]*$/, 'must be one line without double quotes');
export const createBondBodySchema = z.object(
  Object.fromEntries(BOND_REFERENCE_FIELDS.map((f) => [f, fieldText.optional()])) as Record<
    BondReferenceField,
    z.ZodOptional<typeof fieldText>
  >,
);
export type CreateBondBody = z.infer<typeof createBondBodySchema>;
