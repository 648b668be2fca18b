import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Key/value settings shared by every server instance (maintenance mode lives here). */
export interface AppSettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: string | null;
}

/** Every change an admin or user makes to shared data, written in the same transaction. */
export interface AuditLogTable {
  id: Generated<string>;
  actor_user_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  details: JSONColumnType<Record<string, unknown>>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** The client's address of the request that made the change (null: a background job, or before it was kept). */
  client_address: ColumnType<string | null, string | null | undefined, never>;
}

/**
 * Domain events (trades, price moves, deal status changes, …) recorded for consumers such as
 * market-hawk alerts and notifications; every instance can read them, NOTIFY wakes listeners.
 */
export interface EventsTable {
  id: Generated<string>;
  type: string;
  subject_id: string | null;
  payload: JSONColumnType<Record<string, unknown>>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Leases so that exactly one instance runs a recurring background job at a time. */
export interface JobLeasesTable {
  name: string;
  owner: string;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  last_run_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  last_started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_duration_ms: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  runs: ColumnType<string, string | number | undefined, string | number>;
  failures: ColumnType<string, string | number | undefined, string | number>;
  paused: ColumnType<boolean, boolean | undefined, boolean>;
}

/** Errors reported by browsers through the default client error reporter. */
export interface ClientErrorsTable {
  id: Generated<string>;
  message: string;
  stack: string | null;
  url: string | null;
  user_agent: string | null;
  user_id: string | null;
  request_id: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** 'browser' (a report to /v2/client-errors) or 'server' (a 5xx of our own). */
  source: ColumnType<string, string | undefined, never>;
  /** Groups occurrences of one error: message shape + top stack frame (errorStore.ts). */
  fingerprint: string | null;
  release: string | null;
}

/**
 * Per-route request counters of the rate limits that must hold across server instances (the
 * auth endpoints): one row per route and client address, a fixed window each.
 */
export interface RateLimitHitsTable {
  key: string;
  window_started_at: ColumnType<Date, Date | string | undefined, Date | string>;
  hits: number;
}

export interface CoreTables {
  app_settings: AppSettingsTable;
  rate_limit_hits: RateLimitHitsTable;
  audit_log: AuditLogTable;
  events: EventsTable;
  job_leases: JobLeasesTable;
  client_errors: ClientErrorsTable;
}
