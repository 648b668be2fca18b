import { runAccuracyBacktest } from '../services/accuracy/backtest';
import type { RecurringJob } from './scheduler';

/**
 * Evaluates the trades the backtest has not seen yet (a batch per run, oldest id first): it
 * catches up on a seeded or imported history in a few minutes, then follows live trades. Every
 * 3 s, like the price backfill: a run with nothing new is three small reads.
 */
export function accuracyBacktestJob(intervalMs = 3_000): RecurringJob {
  return {
    name: 'accuracy-backtest',
    intervalMs,
    async run(db) {
      await runAccuracyBacktest(db);
    },
  };
}
