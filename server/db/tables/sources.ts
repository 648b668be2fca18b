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

export interface SourceTables {
  source_states: SourceStatesTable;
}
