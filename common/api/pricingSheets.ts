/**
 * API contract of pricing sheets (`/v2/primary/pricing-sheet`, feature `new_issue_calculator`):
 * a banker's saved new-issue calculator worksheets — issuer (or sector and rating), tranches with
 * their overrides, notes. Owner-only (another user's sheet is 404). Every save keeps the state
 * it replaced as a version, so an overwrite can be undone by restoring the previous version; a
 * save names the version it was made on and is refused (409) when the sheet has moved on since,
 * as when two tabs edit one sheet.
 */
import { z } from 'zod';
import { SECTOR_CODES, SP_RATINGS } from '../market';
import { MAX_CALCULATOR_TRANCHES, calculatorTrancheInputSchema } from './newIssueCalculator';
import { positiveId } from './shared';
import { sharedWithCallerSchema } from './shares';
import { path } from './path';

export const PRICING_SHEET_PATHS = {
  sheets: '/v2/primary/pricing-sheet',
  sheet: path('/v2/primary/pricing-sheet/:id'),
  versions: path('/v2/primary/pricing-sheet/:id/versions'),
  duplicate: path('/v2/primary/pricing-sheet/:id/duplicate'),
  restore: path('/v2/primary/pricing-sheet/:id/restore'),
  xlsx: path('/v2/primary/pricing-sheet/:id/xlsx'),
} as const;

export const PRICING_SHEET_NAME_MAX = 100;
export const PRICING_SHEET_NOTES_MAX = 5_000;
export const PRICING_SHEETS_PER_USER_MAX = 200;
/** Versions kept per sheet (the oldest are dropped). */
export const PRICING_SHEET_VERSIONS_KEPT = 50;

/** What a sheet holds: the calculator's request, which may still be incomplete (no issuer yet). */
export const pricingSheetContentSchema = z
  .object({
    issuerId: positiveId.optional(),
    sector: z.enum(SECTOR_CODES).optional(),
    rating: z.enum(SP_RATINGS).optional(),
    tranches: z.array(calculatorTrancheInputSchema).min(1).max(MAX_CALCULATOR_TRANCHES),
  })
  .strict();
export type PricingSheetContent = z.infer<typeof pricingSheetContentSchema>;

const name = z.string().trim().min(1).max(PRICING_SHEET_NAME_MAX);
const notes = z.string().max(PRICING_SHEET_NOTES_MAX);

export const pricingSheetCreateSchema = z.object({ name, notes: notes.default(''), content: pricingSheetContentSchema }).strict();
export type PricingSheetCreate = z.input<typeof pricingSheetCreateSchema>;

export const pricingSheetUpdateSchema = z
  .object({
    /** The version the change was made on (409 when the sheet has moved on). */
    baseVersion: z.number().int().min(1),
    name: name.optional(),
    notes: notes.optional(),
    content: pricingSheetContentSchema.optional(),
  })
  .strict()
  .refine((b) => b.name !== undefined || b.notes !== undefined || b.content !== undefined, {
    message: 'Nothing to change: give a name, notes or content.',
    path: ['name'],
  });
export type PricingSheetUpdate = z.input<typeof pricingSheetUpdateSchema>;

export const pricingSheetRestoreSchema = z.object({ version: z.number().int().min(1), baseVersion: z.number().int().min(1) }).strict();

export const pricingSheetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  notes: z.string(),
  content: pricingSheetContentSchema,
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Present when the sheet is someone else's, shared with the caller (common/api/shares.ts). */
  shared: sharedWithCallerSchema.optional(),
});
export type PricingSheet = z.infer<typeof pricingSheetSchema>;

export const pricingSheetListSchema = z.object({
  sheets: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      version: z.number().int(),
      tranches: z.number().int(),
      updatedAt: z.string(),
      shared: sharedWithCallerSchema.optional(),
    }),
  ),
});
export type PricingSheetList = z.infer<typeof pricingSheetListSchema>;

export const pricingSheetVersionsSchema = z.object({
  /** Earlier states, newest first: what each save replaced. */
  versions: z.array(z.object({ version: z.number().int(), name: z.string(), tranches: z.number().int(), savedAt: z.string() })),
});
export type PricingSheetVersions = z.infer<typeof pricingSheetVersionsSchema>;
