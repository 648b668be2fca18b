/**
 * The simulator as a MarketDataProvider: batches are seeded universes (history), the live
 * stream is one tick of the simulated market per poll.
 */
import type { BatchRequest, BatchResult, LiveUpdate, MarketDataProvider } from '../provider';
import { DEFAULT_SEED, seedUniverse } from './index';
import { applyLiveTick } from './live';

export interface SimulatorProviderOptions {
  seed?: number;
  bonds?: number;
  historyDays?: number;
  tickMs: number;
  /** The demo clock (DEMO_CLOCK=always-open): a closed day trades as the last business day's session. */
  alwaysOpen?: boolean;
  /** The app's clock: a batch without an end date ends on the business day before its today. */
  now: () => number;
}

/** The simulator provider for a configuration (seed and size for batches, tick length for polls). */
export function simulatorProvider(opts: SimulatorProviderOptions): MarketDataProvider {
  return {
    id: 'simulator',
    supplies: ['reference', 'curves', 'trades', 'deals'],
    async loadBatch(db, request: BatchRequest): Promise<BatchResult> {
      const o = request.options ?? {};
      const summary = await seedUniverse(db, {
        seed: typeof o.seed === 'number' ? o.seed : (opts.seed ?? DEFAULT_SEED),
        bonds: typeof o.bonds === 'number' ? o.bonds : opts.bonds,
        historyDays: typeof o.historyDays === 'number' ? o.historyDays : opts.historyDays,
        endDate: request.to,
        price: o.price === false ? false : undefined,
        progress: request.progress,
        now: opts.now,
      });
      return {
        counts: { reference: summary.issuers + summary.bonds, curves: summary.days * 13, trades: summary.trades, deals: summary.deals },
        touchedBondIds: null,
        days: [],
      };
    },
    async poll(db, now): Promise<LiveUpdate> {
      const r = await applyLiveTick(db, now, opts.tickMs, { alwaysOpen: opts.alwaysOpen });
      return {
        applied: r.applied,
        events: r.events,
        touchedBondIds: r.touchedBondIds,
        finishedDays: r.finishedDays,
        marketNow: r.marketNow,
      };
    },
  };
}
