/**
 * The words for a market answer's `weighting` (common/api/market.ts MARKET_WEIGHTINGS), one set
 * for every screen that shows an average or the index: on public data (FINRA publishes no issue
 * size) the server weights equally, and the screen must say so.
 */
import type { MarketWeighting } from '@common/api/market';

export const WEIGHTED_BY_SIZE = 'weighted by amount outstanding';
export const WEIGHTED_EQUALLY = 'each bond weighted equally (amount outstanding not known for every bond)';

/** How an average (a summary cell, a sector, a tenor bucket) weighted its bonds. */
export function averagedBy(weighting: MarketWeighting | null | undefined): string {
  return weighting === 'equal' ? WEIGHTED_EQUALLY : WEIGHTED_BY_SIZE;
}

/** How the bond market index weighted its daily returns. */
export function indexWeightingText(weighting: MarketWeighting): string {
  return weighting === 'equal'
    ? 'each bond weighted by price alone (amount outstanding not known for every bond)'
    : 'weighted by market value (amount outstanding × price)';
}
