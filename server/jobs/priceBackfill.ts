import { runPriceBackfill } from '../services/market/simulator/backfill';
import type { RecurringJob } from './scheduler';

/**
 * Prices the seeded history's older days in the background, a chunk of business days per run,
 * oldest first (each chunk carrying on from the close before it), until the pending range in
 * app_settings is empty (then each run is one read).
 */
export function priceBackfillJob(intervalMs = 3000, daysPerRun = 20): RecurringJob {
  return {
    name: 'price-backfill',
    intervalMs,
    async run(db, { now }) {
      await runPriceBackfill(db, new Date(now()), daysPerRun);
    },
  };
}
