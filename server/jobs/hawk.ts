import type { Config } from '../config';
import { evaluateHawk } from '../services/hawk/evaluate';
import { EVENT_TYPES } from '../services/hawk/eventRules';
import type { RecurringJob } from './scheduler';

/**
 * How often market hawk evaluates when nothing wakes it: the events below wake it at once, the
 * interval catches what has no event (rating rows, reprices without a notable move). A pass with
 * nothing new is three small queries.
 */
export const HAWK_INTERVAL_MS = 2_000;

/**
 * What wakes a pass: the events the evaluator reads, and the reprices' events (`price.moved` after
 * a live tick's reprice, `pricing.closed` at the close), whose rewritten state the pass reads.
 */
export const HAWK_WAKE_EVENTS: readonly string[] = [...EVENT_TYPES, 'price.moved', 'pricing.closed'];

/**
 * Market hawk's evaluator under the scheduler's lease, woken by its events' NOTIFY (so an event
 * does not wait for the interval: docs/market-hawk.md, event → notification). Passes are safe on
 * any number of instances (firings are unique in the database); the lease only saves the duplicate work.
 */
export function hawkJob(config: Config): RecurringJob {
  return {
    name: 'market-hawk',
    intervalMs: HAWK_INTERVAL_MS,
    wakeOn: HAWK_WAKE_EVENTS,
    async run(db, { now }) {
      await evaluateHawk(db, config, new Date(now()));
    },
  };
}
