import type { Config } from '../config';
import type { MarketDataProvider } from '../services/market/provider';
import { simulatorProvider } from '../services/market/simulator/provider';
import { pollProvider } from '../services/market/simulator/tick';
import type { RecurringJob } from './scheduler';

/**
 * Live market: every LIVE_TICK_MS the live provider (the simulator unless another is given)
 * takes one step — new trades, today's curve, deals through their statuses, events — and the
 * touched bonds are repriced. The scheduler's lease runs it on one instance at a time, and the
 * simulator applies each tick slot at most once, so a second instance never doubles a tick.
 */
export function liveMarketJob(
  config: Pick<Config, 'liveTickMs'> & Partial<Pick<Config, 'demoClock'>>,
  provider?: MarketDataProvider,
): RecurringJob {
  const alwaysOpen = config.demoClock === 'always-open';
  return {
    name: 'live-market',
    intervalMs: config.liveTickMs,
    async run(db, { now }) {
      // The tick's slot and its trades' times are the scheduler's (the app's) time.
      const source = provider ?? simulatorProvider({ tickMs: config.liveTickMs, now, alwaysOpen });
      await pollProvider(db, source, { now: new Date(now()) });
    },
  };
}
