/**
 * Evaluated pricing with confidence, and the bond table's read model.
 *
 * - `repriceUniverse(db, asOf, opts)`: every bond (or `opts.bondIds`) priced from its recent
 *   trades blended with the issuer/sector spread-curve model; writes evaluated_prices (lineage in
 *   `inputs`), daily_bond_stats for the day, and every §3 column of bond_market_state. Call it on
 *   each live tick (kind 'intraday'), at the close (kind 'eod'), and after importing trades.
 * - `priceHistory(db, from, to, progress)`: end-of-day prices for a range of past business days
 *   (the seed's year of history).
 * - `sparklineSeries(db, bondIds, days)`, `explainPrice(db, bondId, date)`, `explainEvaluatedPrice(db, row)`: read helpers.
 *
 * The model, its formulas and figures are described in docs/market-data.md (§B).
 */
export { repriceUniverse, invalidatePricingCache, type RepriceOptions, type RepriceResult } from './reprice';
export { priceHistory, closeTime, type PriceHistoryResult } from './history';
export {
  sparklineSeries,
  explainPrice,
  explainEvaluatedPrice,
  type EvaluatedPriceRow,
  type SparkPoint,
  type PriceExplanation,
  type ExplainedTrade,
} from './series';
export type { CloseSnapshot } from './closes';
export type { Lineage } from './evaluate';
export { halfSpreadPoints, ratingBucket, TRADE_WINDOW_DAYS } from './conventions';
export { floaterPeriod, indexFixingOn, type FloaterPeriod } from './floaters';
