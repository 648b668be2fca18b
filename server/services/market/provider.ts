/**
 * The market-data provider seam. Every source of market data — the built-in simulator, the file
 * importers (Treasury CSV, TRACE, bond reference), a licensed live feed later — supplies some of
 * reference data, curves, trades and deals into the same tables, in batches and/or as a live
 * stream. Screens and pricing only read the tables, so adding a source touches nothing else.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { DomainEvent } from '../events';

/** What a provider can supply. */
export type MarketDataKind = 'reference' | 'curves' | 'trades' | 'deals';

/** A batch load: a date range to fill, or an input (a file's text stream) to read. */
export interface BatchRequest {
  /** Inclusive ISO date range the batch covers, when the source is date-addressed. */
  from?: string;
  to?: string;
  /** The data to read, for file-based providers (chunks of text or bytes). */
  input?: AsyncIterable<string | Uint8Array>;
  /** Source-specific settings (e.g. skip bad rows, universe size). */
  options?: Record<string, unknown>;
  progress?: (label: string, done: number, total: number) => void;
}

export interface BatchResult {
  /** Rows written per kind. */
  counts: Partial<Record<MarketDataKind, number>>;
  /** Rows the source rejected (with reasons in the provider's own report). */
  rejected?: number;
  /** Bonds whose prices need recomputing; null = all. */
  touchedBondIds: number[] | null;
  /** Whole past days written, which need end-of-day prices. */
  days: string[];
}

/** What one step of a live stream wrote. */
export interface LiveUpdate {
  /** False when there was nothing to do (e.g. another instance already took this step). */
  applied: boolean;
  /** Events already recorded with the data (trade.new, curve.moved, deal.*). */
  events: DomainEvent[];
  /** Bonds whose price inputs changed (traded, newly issued). */
  touchedBondIds: number[];
  /** Whole days completed during this step (missed days filled, a day closed): need EOD prices. */
  finishedDays: string[];
  /**
   * The market instant the step stood for, when it is not the poll's `now` (the demo clock trades
   * a closed day as the last session): pricing catches up as of it.
   */
  marketNow?: Date;
}

/** A source of market data. Implement `loadBatch`, `poll`, or both. */
export interface MarketDataProvider {
  /** Stable id, also written to the `source` column of the rows it supplies. */
  readonly id: string;
  readonly supplies: readonly MarketDataKind[];
  /** Writes a batch (history, a file, a backfill) in the provider's own transaction(s). */
  loadBatch?(db: Kysely<Database>, request: BatchRequest): Promise<BatchResult>;
  /**
   * One step of the live stream at `now`: writes what arrived since the last step and records
   * its events. Must be safe to call from several instances (apply each step once).
   */
  poll?(db: Kysely<Database>, now: Date): Promise<LiveUpdate>;
}
