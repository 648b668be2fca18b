/**
 * API contract of trades (server/routes/trade, /v2/trade; and the trades of one bond,
 * /v2/bond/{id}/trades, served by server/routes/bond): TRACE-style trades as disseminated, their
 * queries and list response.
 *
 * Units and conventions (prices per 100 face, yields as decimals, spreads in bp, dates
 * `YYYY-MM-DD`, absent values null, Bearer auth, 400/404 answers): see the paragraph in shared.ts.
 */
import { z } from 'zod';
import { TRADE_FLAGS, TRADE_SIDES } from '../market';
import { boundedRange, MAX_RANGE_DAYS } from './dates';
import { dateRangeQuerySchema, num, positiveId } from './shared';

export const TRADE_PATHS = {
  /** GET: trades market-wide (or of one bond with bondId). */
  trades: '/v2/trade',
} as const;

/** A TRACE-style trade as disseminated (never the true size of a capped trade). */
export const tradeSchema = z.object({
  id: z.string(),
  bondId: z.number().int(),
  cusip: z.string(),
  description: z.string(),
  executionTime: z.string(),
  /** Disseminated size for display: `5MM+` / `1MM+` when capped, else the par amount. */
  quantity: z.string(),
  /** Disseminated par (the cap when capped). */
  reportedQuantity: z.number(),
  quantityCapped: z.boolean(),
  price: z.number(),
  yield: num,
  side: z.enum(TRADE_SIDES),
  reportingPartyType: z.string(),
  ats: z.boolean(),
  status: z.enum(['active', 'cancelled', 'corrected']),
  /**
   * Why the pricer does not believe this print, decided by the close of its day (null: it does, or
   * its day has not closed): shown as printed but not as a valid level, never priced from.
   */
  flag: z.enum(TRADE_FLAGS).nullable(),
});
export type Trade = z.infer<typeof tradeSchema>;

const tradeQueryFields = dateRangeQuerySchema.extend({
  /** Newest first; default 100, at most 1000. */
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const tradeListQuerySchema = boundedRange(tradeQueryFields.extend({ bondId: positiveId.optional() }), MAX_RANGE_DAYS.history);
export type TradeListQuery = z.input<typeof tradeListQuerySchema>;
export const bondTradesQuerySchema = boundedRange(tradeQueryFields, MAX_RANGE_DAYS.history);
export type BondTradesQuery = z.input<typeof bondTradesQuerySchema>;

export const tradeListResponseSchema = z.object({ trades: z.array(tradeSchema) });
export type TradeListResponse = z.infer<typeof tradeListResponseSchema>;
