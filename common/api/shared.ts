/**
 * Pieces the API contract files (common/api/*) share: the error and message bodies, the query-string
 * helpers (multi-valued and boolean parameters, ids, date ranges), and the references (issuer,
 * sector, Treasury point) several market-data resources embed.
 *
 * Units of the market-data contracts (bond.ts, issuer.ts, market.ts, trade.ts), everywhere:
 * prices per 100 face; coupons, yields and yield changes as decimals (0.0465 = 4.65 %, a change
 * of 0.0003 = 3 bp); spreads, spread changes and discount margins in basis points; amounts and
 * volumes in currency units (USD par); dates `YYYY-MM-DD`; times ISO 8601 UTC. Absent values are
 * null, never omitted (except unselected bond-list columns). Every market-data endpoint needs
 * `Authorization: Bearer …` (401 without); bad parameters answer 400 `{ error }` naming the
 * field; unknown ids answer 404.
 */
import { z } from 'zod';
import { calendarDateSchema } from './dates';

// ---- bodies every endpoint may answer ------------------------------------------------------

/** Error body of every failure. */
export const errorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/**
 * A refusal of one field in the validator's form, `Invalid <part>.<field>: <message>`, for a rule
 * only the server can check (a default filled in, a row that must exist): clients read it as the
 * contract's own refusal, and web/api/humaneError as a sentence naming the field ("Start date must
 * not be after the end date (2026-11-20)."), which a form puts on that field. `field` is a dotted
 * path ("tranches.0.fairValueBp"); `message` a predicate the field's name completes.
 */
export const queryRefusal = (field: string, message: string): string => `Invalid querystring.${field}: ${message}`;
/** The same for a request body's field (see `queryRefusal`). */
export const bodyRefusal = (field: string, message: string): string => `Invalid body.${field}: ${message}`;

/** Message of a successful call that has nothing else to say. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

// ---- query helpers ---------------------------------------------------------------------------

/** A multi-valued query parameter: repeated (`a=1&a=2`) or comma-separated (`a=1,2`). */
export function multi<T extends z.ZodType<string>>(item: T) {
  return z
    .preprocess((v) => {
      if (v === undefined || v === '') return undefined;
      const list = Array.isArray(v) ? v : [v];
      return list
        .flatMap((s) => String(s).split(','))
        .map((s) => s.trim())
        .filter(Boolean);
    }, z.array(item).min(1))
    .optional();
}

/** `true`/`false` (also 1/0) in a query string. */
export const queryBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const isoDate = calendarDateSchema;
export const positiveId = z.coerce.number().int().positive();

export const idParamsSchema = z.object({ id: positiveId });

export const dateRangeQuerySchema = z.object({ from: isoDate.optional(), to: isoDate.optional() });

/** A number that may be absent: null, never omitted. */
export const num = z.number().nullable();

/** A decimal rate as a percent, to the precision it was written: 0.3 → "30%", -0.05 → "-5%". */
const percentOf = (rate: number): string => `${Number((rate * 100).toPrecision(12))}%`;

/**
 * A rate carried as a decimal (0.0525 is 5.25%) between `min` and `max`. Its refusal names the
 * decimal and its percent ("must be a decimal rate of at most 0.5 (50%)"), so a value sent in
 * percent (5.25) reads as the unit mistake it is, not as the validator's "<=0.5"; a form that has
 * the rate typed in percent says the percent alone (web/api/humaneError).
 */
export function decimalRate(min: number, max: number) {
  return z
    .number()
    .min(min, `must be a decimal rate of at least ${min} (${percentOf(min)})`)
    .max(max, `must be a decimal rate of at most ${max} (${percentOf(max)})`);
}

// ---- references embedded by several resources ------------------------------------------------

export const issuerRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  ticker: z.string(),
});
export type IssuerRef = z.infer<typeof issuerRefSchema>;

export const sectorRefSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type SectorRef = z.infer<typeof sectorRefSchema>;

/** One point of a Treasury par curve (yield decimal). */
export const treasuryPointSchema = z.object({ tenor: z.string(), years: z.number(), yield: z.number() });
