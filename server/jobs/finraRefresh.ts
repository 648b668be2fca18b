import type { Config } from '../config';
import { finraPublicProvider } from '../services/sources/finra/provider';
import type { RecurringJob } from './scheduler';

/**
 * FINRA's public corporate bond data, refreshed under the job's lease (one instance at a time):
 * each run resumes the day's universe pass and the end-of-day history where the last stopped, so
 * a run every minute does the day's work once (then asks FINRA only for the latest business
 * day's history until it is published), starts soon after a fresh start, and picks up late
 * publications. Only with
 * MARKET_SOURCE=public.
 */
export function finraRefreshJob(config: Config, intervalMs = 60_000): RecurringJob {
  return {
    name: 'finra-refresh',
    intervalMs,
    // A first load (the universe, 30 days of history) takes minutes: the lease must outlast it.
    leaseMs: 30 * 60_000,
    async run(db, { now }) {
      await finraPublicProvider(config.finra, { now }).loadBatch!(db, {});
    },
  };
}
