import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Per public source and dataset: where the next run resumes and what the last one did. */
export interface SourceStatesTable {
  source: string;
  dataset: string;
  /** The source's own resume point (an offset, a date, a file name): opaque text to everyone else. */
  cursor: ColumnType<string | null, string | null | undefined, string | null>;
  last_started_at: NullableTimestamp;
  last_finished_at: NullableTimestamp;
  last_rows: ColumnType<number, number | undefined, number>;
  /** bigint: comes back as text. */
  total_rows: ColumnType<string, string | number | undefined, string | number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  /** The latest market date the loaded data covers (YYYY-MM-DD). */
  data_through: ColumnType<string | null, string | null | undefined, string | null>;
  runs: ColumnType<string, string | number | undefined, string | number>;
  failures: ColumnType<string, string | number | undefined, string | number>;
  updated_at: Timestamp;
}

type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
/** numeric: comes back as text. */
type NullableNumeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;

/** A Treasury security as FINRA's `treasurySecurities` describes it (docs/data-sources.md). */
export interface TreasurySecuritiesTable {
  cusip: string;
  /** bigint: comes back as text. */
  finra_security_id: ColumnType<string, number | string, number | string>;
  symbol: NullableText;
  description: NullableText;
  /** FINRA's productSubTypeCode: BILL, NOTE, BOND, TIPS, FRN… */
  sub_type: NullableText;
  /** The on-the-run benchmark this security is (e.g. 10Y), else null. */
  benchmark_term: NullableText;
  coupon_type: NullableText;
  /** Percent, as FINRA gives it. */
  coupon: ColumnType<string, number | string, number | string>;
  maturity_date: ColumnType<string, string, string>;
  last_sale_price: NullableNumeric;
  /** Percent. */
  last_sale_yield: NullableNumeric;
  last_trade_date: ColumnType<string | null, string | null | undefined, string | null>;
  source: ColumnType<string, string | undefined, string>;
  updated_at: Timestamp;
}

/** One Treasury security's end-of-day last sale (FINRA's `treasuryEndOfDayPriceYield`). */
export interface TreasuryEodPricesTable {
  cusip: string;
  trade_date: ColumnType<string, string, string>;
  price: ColumnType<string, number | string, number | string>;
  /** Percent. */
  yield: NullableNumeric;
  source: ColumnType<string, string | undefined, string>;
}

export interface SourceTables {
  source_states: SourceStatesTable;
  treasury_securities: TreasurySecuritiesTable;
  treasury_eod_prices: TreasuryEodPricesTable;
}
