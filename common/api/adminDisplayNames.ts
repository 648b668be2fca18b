/**
 * /admin/display-names: the admins' overrides of how issuers and bonds are named in tables (page
 * /bw/admin/display-name). An issuer's override replaces its display name (the bond table's
 * "Display name" and "Issuer" columns, issuer search and pages); a bond's replaces its description.
 * Kept apart from the reference data, so a re-import does not undo them; previewed before saving.
 */
import { z } from 'zod';
import { positiveId } from './shared';
import { path } from './path';

export const DISPLAY_NAME_SUBJECTS = ['issuer', 'bond'] as const;
export type DisplayNameSubject = (typeof DISPLAY_NAME_SUBJECTS)[number];
export const DISPLAY_NAME_MAX = 120;

export const ADMIN_DISPLAY_NAME_PATHS = {
  list: '/admin/display-names',
  subjects: '/admin/display-names/subjects',
  preview: '/admin/display-names/preview',
  override: path('/admin/display-names/:subjectType/:subjectId'),
} as const;

const subjectType = z.enum(DISPLAY_NAME_SUBJECTS);
export const displayNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(DISPLAY_NAME_MAX, `must be at most ${DISPLAY_NAME_MAX} characters`)
  .regex(/^[^\p{Cc}]*$/u, 'must have no control characters');

export const displayNameOverrideSchema = z.object({
  subjectType,
  subjectId: z.number().int(),
  /** Ticker (issuer) or CUSIP (bond). */
  label: z.string(),
  /** The name from the reference data (issuer display name, bond description). */
  referenceName: z.string(),
  displayName: z.string(),
  version: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type DisplayNameOverride = z.infer<typeof displayNameOverrideSchema>;

export const displayNamesQuerySchema = z
  .object({
    type: subjectType.optional(),
    /** Part of the override, the reference name or the label. */
    q: z.string().trim().max(60).optional(),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const displayNamesResponseSchema = z.object({ overrides: z.array(displayNameOverrideSchema), total: z.number().int() });
export type DisplayNamesResponse = z.infer<typeof displayNamesResponseSchema>;

export const displayNameSubjectsQuerySchema = z
  .object({
    type: subjectType,
    /** Ticker or name (issuer), CUSIP prefix or description (bond). */
    q: z.string().trim().min(1).max(60),
  })
  .strict();

export const displayNameSubjectSchema = z.object({
  subjectId: z.number().int(),
  label: z.string(),
  referenceName: z.string(),
  /** The override in force, with its version (null: none). */
  override: z.string().nullable(),
  version: z.number().int().nullable(),
});
export type DisplayNameSubjectRow = z.infer<typeof displayNameSubjectSchema>;
export const displayNameSubjectsResponseSchema = z.object({ subjects: z.array(displayNameSubjectSchema) });
export type DisplayNameSubjectsResponse = z.infer<typeof displayNameSubjectsResponseSchema>;

export const displayNamePreviewSchema = z
  .object({ subjectType, subjectId: z.number().int().positive(), displayName: displayNameSchema })
  .strict();
export type DisplayNamePreviewBody = z.input<typeof displayNamePreviewSchema>;

const tableNames = z.object({ issuer: z.string(), displayName: z.string(), description: z.string() });
export const displayNamePreviewResponseSchema = z.object({
  subjectType,
  subjectId: z.number().int(),
  referenceName: z.string(),
  currentName: z.string(),
  proposedName: z.string(),
  /** Up to 10 bond-table rows the change touches, as they read now and would read after. */
  rows: z.array(z.object({ bondId: z.number().int(), cusip: z.string(), before: tableNames, after: tableNames })),
  /** How many bond-table rows the change touches in all. */
  bondCount: z.number().int(),
});
export type DisplayNamePreview = z.infer<typeof displayNamePreviewResponseSchema>;

export const displayNameParamsSchema = z.object({ subjectType, subjectId: positiveId });

export const displayNamePutSchema = z
  .object({
    displayName: displayNameSchema,
    /** The override's version as read; null when there was none (then one made since is a 409). */
    version: z.number().int().min(0).nullable(),
  })
  .strict();

export const displayNameDeleteQuerySchema = z.object({ version: z.coerce.number().int().min(0) }).strict();
