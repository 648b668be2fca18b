/**
 * /admin/bond…: one bond's every term as an admin edits it (versioned by its `updatedAt`, the
 * change history from the audit log, repriced after a change), bonds side by side to find
 * duplicates and errors, and the merge of duplicates into one survivor.
 */
import { z } from 'zod';
import { BOND_DAY_COUNTS, BOND_SENIORITIES, COUPON_TYPES, MOODY_RATINGS, SP_RATINGS } from '../market';
import { calendarDateSchema } from './dates';
import { decimalRate, positiveId } from './shared';
import { path } from './path';

export const ADMIN_BOND_PATHS = {
  search: '/admin/bond',
  bond: path('/admin/bond/:bondId'),
  compare: '/admin/bond-compare',
  merge: '/admin/bond-compare/merge',
  candidates: '/admin/bond-compare/candidates',
} as const;

/** The most bonds one comparison (or one merge) takes. */
export const COMPARE_MAX_BONDS = 6;
/** Recent trades shown per bond on its page and in a comparison. */
export const ADMIN_BOND_TRADES = 10;

/**
 * A row's `updated_at` as the server stores it, to the microsecond: the version an edit names (a
 * bond or curve point changed since — by another admin or an import — is refused 409).
 */
export const rowVersionSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/, 'must be the version the page read: reload it and try again');

export const callEntrySchema = z.object({ date: calendarDateSchema, price: z.number().min(50).max(200) });

/** Every term of a bond an admin may edit. Rates are decimals (0.05 = 5%), margins in basis points. */
export const adminBondTermsSchema = z.object({
  cusip: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z*@#]{9}$/, 'must be 9 letters or digits'),
  issuerId: z.number().int().positive(),
  description: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .regex(/^[^\r\n]*$/, 'must be one line'),
  couponType: z.enum(COUPON_TYPES),
  coupon: decimalRate(0, 0.3),
  frequency: z.union([z.literal(1), z.literal(2), z.literal(4)]),
  dayCount: z.enum(BOND_DAY_COUNTS),
  endOfMonth: z.boolean(),
  issueDate: calendarDateSchema,
  firstCouponDate: calendarDateSchema.nullable(),
  maturityDate: calendarDateSchema,
  amountIssued: z.number().positive().max(1e12),
  amountOutstanding: z.number().min(0).max(1e12),
  seniority: z.enum(BOND_SENIORITIES),
  callSchedule: z.array(callEntrySchema).max(200),
  floaterIndex: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9 ._-]{1,20}$/, 'must be an index name like SOFR')
    .nullable(),
  quotedMarginBp: z.number().min(-500).max(5_000).nullable(),
  ratingSp: z.enum(SP_RATINGS).nullable(),
  ratingMoody: z.enum(MOODY_RATINGS).nullable(),
  isBenchmark: z.boolean(),
});
export type AdminBondTerms = z.infer<typeof adminBondTermsSchema>;

/** PUT /admin/bond/{id}: every term, and the `updatedAt` the admin read. */
export const adminBondUpdateSchema = adminBondTermsSchema.extend({ updatedAt: rowVersionSchema }).strict();
export type AdminBondUpdate = z.infer<typeof adminBondUpdateSchema>;

export const bondIdParamsSchema = z.object({ bondId: positiveId });

const marketSchema = z.object({
  asOf: z.string(),
  price: z.number().nullable(),
  yieldToWorst: z.number().nullable(),
  gSpread: z.number().nullable(),
  duration: z.number().nullable(),
  confidence: z.number().nullable(),
  /** The Treasury curve date the figures were made on (null: before versions were kept). */
  curveDate: z.string().nullable(),
});

export const adminBondTradeSchema = z.object({
  executionTime: z.string(),
  /** True par (an admin view). */
  quantity: z.number(),
  price: z.number(),
  yield: z.number().nullable(),
  side: z.string(),
  source: z.string(),
});

export const bondHistoryEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type BondHistoryEntry = z.infer<typeof bondHistoryEntrySchema>;

export const adminBondSchema = adminBondTermsSchema.extend({
  id: z.number().int(),
  isin: z.string(),
  issuer: z.object({ id: z.number().int(), name: z.string(), ticker: z.string() }),
  currency: z.string(),
  tenorAtIssue: z.number().int(),
  source: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  market: marketSchema.nullable(),
  tradeCount: z.number().int(),
  trades: z.array(adminBondTradeSchema),
  /** The audit log's entries about this bond, newest first (edits with before/after, merges). */
  history: z.array(bondHistoryEntrySchema),
});
export type AdminBond = z.infer<typeof adminBondSchema>;

export const adminBondSavedSchema = z.object({
  bond: adminBondSchema,
  /** The terms that changed (none: nothing was written). */
  changed: z.array(z.string()),
  repriced: z.boolean(),
  /** Why the reprice did not run (the change is kept all the same). */
  repriceError: z.string().optional(),
});
export type AdminBondSaved = z.infer<typeof adminBondSavedSchema>;

/** GET /admin/bond?q=: bonds by CUSIP/ISIN prefix, issuer ticker or description, to pick for a comparison. */
export const bondSearchQuerySchema = z
  .object({
    q: z.string().trim().min(1).max(40),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .strict();
export const bondSearchResponseSchema = z.object({
  bonds: z.array(
    z.object({ id: z.number().int(), cusip: z.string(), description: z.string(), ticker: z.string(), maturityDate: z.string() }),
  ),
});
export type BondSearchResponse = z.infer<typeof bondSearchResponseSchema>;

/** `1,2,3`: two to COMPARE_MAX_BONDS distinct bond ids. */
export const bondIdListSchema = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9})*$/, 'must be bond ids separated by commas')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((ids) => ids.every((id) => id > 0), 'must be positive bond ids')
  .refine((ids) => ids.length >= 2 && ids.length <= COMPARE_MAX_BONDS, `must name 2 to ${COMPARE_MAX_BONDS} different bonds`);

export const compareQuerySchema = z.object({ ids: bondIdListSchema }).strict();

export const compareResponseSchema = z.object({
  bonds: z.array(adminBondSchema.omit({ history: true })),
  /** The terms whose values are not the same on every bond. */
  differences: z.array(z.string()),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;

/**
 * POST /admin/bond-compare/merge: the merged bonds' trades and references move to the survivor and
 * they are deleted, in one transaction. `confirm` must be true (the page asks); `versions` are the
 * `updatedAt` of each bond as compared (a bond changed since is refused 409).
 */
export const mergeBodySchema = z
  .object({
    survivorId: z.number().int().positive(),
    mergedIds: z
      .array(z.number().int().positive())
      .min(1)
      .max(COMPARE_MAX_BONDS - 1),
    versions: z.record(z.string().regex(/^\d{1,9}$/, 'must be keyed by bond id'), rowVersionSchema),
    confirm: z.literal(true, { message: 'must be true: merging deletes the merged bonds' }),
  })
  .strict();
export type MergeBody = z.infer<typeof mergeBodySchema>;

export const mergeResultSchema = z.object({
  survivorId: z.number().int(),
  mergedIds: z.array(z.number().int()),
  moved: z.object({ trades: z.number().int(), tranches: z.number().int(), ratings: z.number().int() }),
  repriceError: z.string().optional(),
});
export type MergeResult = z.infer<typeof mergeResultSchema>;

/** GET /admin/bond-compare/candidates: likely duplicates — bonds of one issuer with the same coupon type, coupon and maturity. */
export const candidatesQuerySchema = z
  .object({
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
export const candidatesResponseSchema = z.object({
  groups: z.array(
    z.object({
      issuer: z.object({ id: z.number().int(), ticker: z.string(), name: z.string() }),
      couponType: z.string(),
      coupon: z.number(),
      maturityDate: z.string(),
      bonds: z.array(z.object({ id: z.number().int(), cusip: z.string(), description: z.string() })),
    }),
  ),
  total: z.number().int(),
});
export type CandidatesResponse = z.infer<typeof candidatesResponseSchema>;
