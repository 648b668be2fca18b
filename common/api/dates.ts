/**
 * Dates in requests: every date parameter is a real calendar day in a bounded range, and every
 * range has a maximum span, so no request can ask the server to walk to the year 9999.
 */
import { z } from 'zod';

/** The earliest and latest day any date parameter may name. */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2199-12-31';

/** True for a YYYY-MM-DD string that names a day of the Gregorian calendar. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A real calendar day, YYYY-MM-DD, between DATE_MIN and DATE_MAX. */
export const calendarDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(isCalendarDate, 'must be a real calendar date')
  .refine((d) => d >= DATE_MIN && d <= DATE_MAX, `must be between ${DATE_MIN} and ${DATE_MAX}`);

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Longest spans, per endpoint (docs/market-data.md lists them). */
export const MAX_RANGE_DAYS = {
  /** Price history, trades, market detail series: ten years. */
  history: 3_660,
  /** The bond market index re-ranks its baskets every month: five years. */
  marketIndex: 1_830,
  /** Term-structure change compares two days: any two days of the data. */
  termStructure: 36_600,
} as const;

/**
 * A range's refusals, in the same words wherever a range is checked (the contract, or a route once
 * its defaults are filled in): web/api/humaneError says "to" as "the end date".
 */
export const RANGE_REFUSAL = {
  reversed: (to: string) => `must not be after to (${to})`,
  tooLong: (maxDays: number) => `the range may span at most ${maxDays} days`,
} as const;

/**
 * Adds the range rules to a query schema with optional `from` and `to`: `from` not after `to`,
 * and at most `maxDays` between them (400 naming `to`).
 */
export function boundedRange<
  T extends z.ZodObject<{ from: z.ZodOptional<typeof calendarDateSchema>; to: z.ZodOptional<typeof calendarDateSchema> }>,
>(schema: T, maxDays: number) {
  return schema.superRefine((value, ctx) => {
    const { from, to } = value as { from?: string; to?: string };
    if (from && to && from > to) ctx.addIssue({ code: 'custom', path: ['from'], message: RANGE_REFUSAL.reversed(to) });
    else if (from && to && daysBetween(from, to) > maxDays) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: RANGE_REFUSAL.tooLong(maxDays) });
    }
  });
}
