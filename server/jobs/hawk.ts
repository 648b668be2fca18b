import type { Config } from '../config';
import { evaluateHawk } from '../services/hawk/evaluate';
import type { RecurringJob } from './scheduler';

/** How often market hawk evaluates (a pass with nothing new is three small queries). */
export const HAWK_INTERVAL_MS = 2_000;

/**
 * Market hawk's evaluator under the scheduler's lease. Passes are safe on any number of instances
 * (firings are unique in the database); the lease only saves the duplicate work.
 */
export function hawkJob(config: Config): RecurringJob {
  return {
    name: 'market-hawk',
    intervalMs: HAWK_INTERVAL_MS,
    async run(db) {
      await evaluateHawk(db, config, new Date());
    },
  };
}
