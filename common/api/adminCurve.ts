/**
 * /admin/curve: the Treasury par curve by date (points, the dates around it, the bonds priced on
 * it, its corrections), a point corrected (versioned by the point's `updatedAt`, audited, the
 * bonds priced on that curve repriced), and two dates compared tenor by tenor. Files are imported
 * through the upload route (`/admin/upload/treasury`). Yields are decimals (0.0415 = 4.15%).
 */
import { z } from 'zod';
import { rowVersionSchema } from './adminBonds';
import { calendarDateSchema } from './dates';
import { path } from './path';

export const ADMIN_CURVE_PATHS = {
  curve: '/admin/curve',
  point: path('/admin/curve/:date/:tenor'),
  compare: '/admin/curve/compare',
} as const;

/** Curve dates listed around the one shown. */
export const CURVE_DATES_LISTED = 30;

/** A tenor as stored: a number and W, M or Y (6W, 1.5M, 10Y). */
export const curveTenorSchema = z.string().regex(/^\d{1,2}(\.\d)?[WMY]$/, 'must be a tenor like 3M or 10Y');

export const curveQuerySchema = z.object({ date: calendarDateSchema.optional() }).strict();

export const curvePointSchema = z.object({ tenor: z.string(), years: z.number(), yield: z.number(), updatedAt: z.string() });
export type CurvePoint = z.infer<typeof curvePointSchema>;

export const curveCorrectionSchema = z.object({
  at: z.string(),
  actor: z.string().nullable(),
  actorEmail: z.string().nullable(),
  tenor: z.string(),
  before: z.number().nullable(),
  after: z.number().nullable(),
});

export const adminCurveSchema = z.object({
  /** The curve shown: the one dated on or before the date asked (the latest when none was). */
  date: z.string(),
  asked: z.string().nullable(),
  points: z.array(curvePointSchema),
  previousDate: z.string().nullable(),
  nextDate: z.string().nullable(),
  latestDate: z.string(),
  /** The newest curve dates up to the one shown (newest first). */
  dates: z.array(z.string()),
  /** Bonds whose current figures were made on this date's curve. */
  bondsPriced: z.number().int(),
  corrections: z.array(curveCorrectionSchema),
});
export type AdminCurve = z.infer<typeof adminCurveSchema>;

export const curvePointParamsSchema = z.object({ date: calendarDateSchema, tenor: curveTenorSchema });

/** PUT /admin/curve/{date}/{tenor}: the corrected yield (decimal) and the point's `updatedAt` as read. */
export const curvePointUpdateSchema = z
  .object({
    yield: z.number().min(-0.05).max(0.5),
    updatedAt: rowVersionSchema,
  })
  .strict();
export type CurvePointUpdate = z.infer<typeof curvePointUpdateSchema>;

export const curvePointSavedSchema = z.object({
  point: curvePointSchema,
  bondsRepriced: z.number().int(),
  repriceError: z.string().optional(),
});
export type CurvePointSaved = z.infer<typeof curvePointSavedSchema>;

export const curveCompareQuerySchema = z.object({ a: calendarDateSchema, b: calendarDateSchema }).strict();

export const curveCompareSchema = z.object({
  a: z.string(),
  b: z.string(),
  points: z.array(
    z.object({
      tenor: z.string(),
      years: z.number(),
      yieldA: z.number().nullable(),
      yieldB: z.number().nullable(),
      /** b − a in basis points (null when a tenor is missing on either date). */
      changeBp: z.number().nullable(),
    }),
  ),
});
export type CurveCompare = z.infer<typeof curveCompareSchema>;
