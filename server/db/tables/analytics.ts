import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Integrations' tables: product analytics and support requests. */

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

/** A "Contact support" request (integrations: support without a vendor widget). */
export interface SupportRequestsTable {
  id: Generated<string>;
  user_id: string;
  subject: string;
  message: string;
  page: string | null;
  status: ColumnType<'open' | 'closed', 'open' | 'closed' | undefined, 'open' | 'closed'>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  closed_at: ColumnType<Date | null, never, Date | string | null>;
  closed_by: ColumnType<string | null, never, string | null>;
}

/** A person's events of one arrival day (roll-up for the usage dashboards). */
export interface AnalyticsUserDaysTable {
  day: ColumnType<string, string, never>;
  user_id: string;
  organization_id: string | null;
  role_type: string | null;
  role_function: string | null;
  events: number;
}

/** A person's use of one page (route) or feature (name) on one arrival day (roll-up). */
export interface AnalyticsUsageDaysTable {
  day: ColumnType<string, string, never>;
  name: string;
  /** The route, for page views; null for other events. */
  route: string | null;
  user_id: string;
  events: number;
}

export interface AnalyticsTables {
  analytics_events: AnalyticsEventsTable;
  analytics_user_days: AnalyticsUserDaysTable;
  analytics_usage_days: AnalyticsUsageDaysTable;
  support_requests: SupportRequestsTable;
}
