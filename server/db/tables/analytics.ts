import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** One product-analytics event (append-only; partitioned by arrival day). */
export interface AnalyticsEventsTable {
  id: Generated<string>;
  received_at: ColumnType<Date, Date | string | undefined, never>;
  occurred_at: ColumnType<Date, Date | string, never>;
  user_id: string;
  organization_id: string | null;
  role_type: string | null;
  role_function: string | null;
  device_id: string;
  name: string;
  path: string | null;
  properties: JSONColumnType<Record<string, string | number | boolean | null>>;
  /** Whether the user's `mixpanel` feature allowed forwarding it to the configured vendor. */
  forward: boolean;
}

export interface AnalyticsTables {
  analytics_events: AnalyticsEventsTable;
}
