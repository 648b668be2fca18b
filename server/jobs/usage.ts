import type { Config } from '../config';
import { forwardEvents } from '../services/usage/forward';
import { ensureUsagePartitions } from '../services/usage/partitions';
import { rollUpUsage } from '../services/usage/rollup';
import type { RecurringJob } from './scheduler';

/**
 * Product usage tracking upkeep: daily partitions made ahead, closed days rolled up for the usage
 * dashboards, and forwarding when a vendor is configured.
 */
export function usageJobs(config: Pick<Config, 'usageForward'>): RecurringJob[] {
  const partitions: RecurringJob = {
    name: 'analytics-partitions',
    intervalMs: 3600_000,
    async run(db, { now }) {
      await ensureUsagePartitions(db, now());
    },
  };
  const rollup: RecurringJob = {
    name: 'analytics-rollup',
    intervalMs: 3600_000,
    async run(db, { now }) {
      await rollUpUsage(db, now());
    },
  };
  const forward = config.usageForward;
  if (!forward) return [partitions, rollup];
  return [
    partitions,
    rollup,
    {
      name: 'analytics-forward',
      intervalMs: 5_000,
      async run(db, { now }) {
        // Drain what piled up while the vendor was away, a chunk at a time, until none is left or one is refused.
        for (let i = 0; i < 20; i++) {
          const { processed } = await forwardEvents(db, forward, new Date(now()));
          if (processed === 0) return;
        }
      },
    },
  ];
}
