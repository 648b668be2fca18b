import type { Config } from '../config';
import type { RecurringJob } from './scheduler';
import { accountsCleanupJob } from '../services/accounts/cleanup';
import { outboxJob } from '../services/accounts/outboxKick';
import { liveMarketJob } from './liveMarket';
import { priceBackfillJob } from './priceBackfill';
import { usageJobs } from './usage';
import { accuracyBacktestJob } from './accuracyBacktest';
import { hawkJob } from './hawk';
import { pushDeliveryJob } from '../services/notifications/push';
import { digestJob } from '../services/notifications/digest';
import { finraRefreshJob } from './finraRefresh';
import { publicSourceJobs } from './publicSources';

/** The recurring background jobs this configuration runs (live market ticks, outbox, alerts…). */
export function recurringJobs(config: Config): RecurringJob[] {
  return [
    outboxJob(config),
    accountsCleanupJob,
    ...(config.liveMarket ? [liveMarketJob(config)] : []),
    priceBackfillJob(),
    ...usageJobs(config),
    accuracyBacktestJob(),
    hawkJob(config),
    pushDeliveryJob(config),
    digestJob(config),
    ...(config.marketSource === 'public' ? [finraRefreshJob(config)] : []),
    ...publicSourceJobs(config),
  ];
}
