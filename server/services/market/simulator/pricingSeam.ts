/**
 * The seam to the evaluated pricing (server/services/pricing): the seed fills the
 * end-of-day price history and bond_market_state through it, live ticks reprice through it.
 * The simulator itself never writes evaluated prices: they come from trades and curves alone.
 */
import { closeTime, priceHistory, repriceUniverse } from '../../pricing/index';

export interface PricingApi {
  priceHistory: typeof priceHistory;
  repriceUniverse: typeof repriceUniverse;
  closeTime: typeof closeTime;
}

/** B's pricing functions (kept behind one function so callers can switch pricing off). */
export async function pricingApi(): Promise<PricingApi | null> {
  return { priceHistory, repriceUniverse, closeTime };
}
