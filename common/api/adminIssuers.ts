/**
 * /admin/issuers: the issuers admin (pages /bw/admin/issuers and /bw/admin/issuer/{issuerId}):
 * the list found and paged on the server, one issuer with its bonds and curve, an edit checked
 * against the version the admin read (409 when stale), and the merge of a duplicate into a
 * survivor (its bonds, deals and subsidiaries move over; asked for confirmation).
 */
import { z } from 'zod';
import { curvePointSchema } from './issuer';
import { issuerRefSchema, positiveId, sectorRefSchema } from './shared';
import { path } from './path';

export const ADMIN_ISSUER_PATHS = {
  list: '/admin/issuers',
  issuer: path('/admin/issuers/:issuerId'),
  merge: path('/admin/issuers/:issuerId/merge'),
} as const;

export const ISSUER_NAME_MAX = 200;
export const ISSUER_DISPLAY_NAME_MAX = 120;
export const ISSUER_TICKER_MAX = 12;

export const adminIssuersQuerySchema = z
  .object({
    /** Part of the name, display name or ticker, any case (wildcards taken literally). */
    q: z.string().trim().max(60).optional(),
    /** Only issuers of this industry, or of a sector's industries. */
    sectorId: positiveId.optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type AdminIssuersQuery = z.input<typeof adminIssuersQuerySchema>;

export const adminIssuerRowSchema = issuerRefSchema.extend({
  /** The admins' override of the display name in tables, if any (display-name page). */
  displayNameOverride: z.string().nullable(),
  countryOfRisk: z.string(),
  secCik: z.string().nullable(),
  industry: sectorRefSchema,
  sector: sectorRefSchema.nullable(),
  parent: issuerRefSchema.nullable(),
  bondCount: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type AdminIssuerRow = z.infer<typeof adminIssuerRowSchema>;

export const adminIssuersResponseSchema = z.object({
  issuers: z.array(adminIssuerRowSchema),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type AdminIssuersResponse = z.infer<typeof adminIssuersResponseSchema>;

export const adminIssuerBondSchema = z.object({
  id: z.number().int(),
  cusip: z.string(),
  description: z.string(),
  coupon: z.number(),
  maturityDate: z.string(),
  amountOutstanding: z.number(),
  matured: z.boolean(),
});

export const adminIssuerDetailSchema = adminIssuerRowSchema.extend({
  corporateStructure: z.string(),
  createdAt: z.string(),
  subsidiaries: z.array(issuerRefSchema),
  dealCount: z.number().int(),
  /** Every bond of the issuer, matured ones too, by maturity. */
  bonds: z.array(adminIssuerBondSchema),
  /** The issuer curve as the market screens show it (the bond-table snapshot). */
  curve: z.object({ asOf: z.string().nullable(), points: z.array(curvePointSchema) }),
});
export type AdminIssuerDetail = z.infer<typeof adminIssuerDetailSchema>;

const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** The fields an admin edits; each optional, at least one. */
export const adminIssuerUpdateSchema = z
  .object({
    /** The issuer's version as the admin read it (a newer one is a 409). */
    version: z.number().int().min(0),
    name: text(ISSUER_NAME_MAX).optional(),
    displayName: text(ISSUER_DISPLAY_NAME_MAX).optional(),
    ticker: z
      .string()
      .trim()
      .toUpperCase()
      .regex(
        new RegExp(`^[A-Z0-9][A-Z0-9./-]{0,${ISSUER_TICKER_MAX - 1}}$`),
        `must be letters, digits, . / - (at most ${ISSUER_TICKER_MAX})`,
      )
      .optional(),
    /** An industry (the second level of the taxonomy). */
    sectorId: z.number().int().positive().optional(),
    countryOfRisk: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'must be two letters (ISO 3166)')
      .optional(),
    parentIssuerId: z.number().int().positive().nullable().optional(),
    /** SEC Central Index Key: up to 10 digits, stored zero-padded to 10; null removes it. */
    secCik: z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, 'must be up to 10 digits')
      .transform((v) => v.padStart(10, '0'))
      .nullable()
      .optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).some((k) => k !== 'version'), { message: 'nothing to change', path: ['name'] });
export type AdminIssuerUpdate = z.input<typeof adminIssuerUpdateSchema>;

/** Merge `duplicateId` into the issuer of the path (the survivor). */
export const adminIssuerMergeSchema = z
  .object({
    duplicateId: z.number().int().positive(),
    /** The survivor's version and the duplicate's, as read. */
    version: z.number().int().min(0),
    duplicateVersion: z.number().int().min(0),
    /** The admin confirmed: the duplicate is deleted, its bonds, deals and subsidiaries move. */
    confirm: z.literal(true, { message: 'confirm the merge (true)' }),
  })
  .strict();
export type AdminIssuerMerge = z.input<typeof adminIssuerMergeSchema>;

export const adminIssuerMergeResponseSchema = z.object({
  survivorId: z.number().int(),
  mergedId: z.number().int(),
  bondsMoved: z.number().int(),
  dealsMoved: z.number().int(),
  subsidiariesMoved: z.number().int(),
  version: z.number().int(),
});
export type AdminIssuerMergeResponse = z.infer<typeof adminIssuerMergeResponseSchema>;
