import type { ColumnType } from 'kysely';

type DateOnly = ColumnType<string, string, string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

/**
 * One backtested trade (server/services/accuracy/backtest.ts): prices per 100 face, errors in
 * price points (prediction − the trade adjusted to mid; null when there was no prediction).
 */
export interface TradeAccuracyTable {
  trade_id: string;
  bond_id: number;
  execution_time: Timestamp;
  trade_day: DateOnly;
  side: string;
  /** Composite S&P-scale rating on the trade day (rating history), null when unrated. */
  rating: string | null;
  rating_bucket: string;
  rating_class: string;
  tenor_bucket: string;
  size_bucket: string;
  liquidity_bucket: string;
  /** Business days since the bond's previous trade (null: none known). */
  days_since_trade: number | null;
  half_spread: number;
  mid_price: number;
  model_price: number | null;
  model_as_of: NullableTimestamp;
  confidence: number | null;
  confidence_band: string | null;
  model_error: number | null;
  last_trade_error: number | null;
  previous_close_error: number | null;
  evaluated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AccuracyTables {
  trade_accuracy: TradeAccuracyTable;
}
