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

/** One closed arrival day's distinct active people and events (usage dashboards' read model). */
export interface AnalyticsDaysTable {
  day: ColumnType<string, string, never>;
  users: number;
  events: ColumnType<string, number, number>;
}

/** Events of one closed arrival day per organisation and role. */
export interface AnalyticsGroupDaysTable {
  day: ColumnType<string, string, never>;
  organization_id: string | null;
  role_type: string | null;
  role_function: string | null;
  events: ColumnType<string, number, number>;
}

/** Events of one closed arrival day per page (route) or feature (name). */
export interface AnalyticsUseDaysTable {
  day: ColumnType<string, string, never>;
  name: string;
  /** The route, for page views; null for other events. */
  route: string | null;
  events: ColumnType<string, number, number>;
}

/** The days of a month (bit d-1 for day d) a person was active with an organisation and role. */
export interface AnalyticsMemberMonthsTable {
  month: ColumnType<string, string, never>;
  user_id: string;
  organization_id: string | null;
  role_type: string | null;
  role_function: string | null;
  days: number;
}

/** The days of a month (bit d-1 for day d) a person used a page (route) or feature (name). */
export interface AnalyticsUseMonthsTable {
  month: ColumnType<string, string, never>;
  name: string;
  route: string | null;
  user_id: string;
  days: number;
}

export interface AnalyticsTables {
  analytics_events: AnalyticsEventsTable;
  analytics_days: AnalyticsDaysTable;
  analytics_group_days: AnalyticsGroupDaysTable;
  analytics_use_days: AnalyticsUseDaysTable;
  analytics_member_months: AnalyticsMemberMonthsTable;
  analytics_use_months: AnalyticsUseMonthsTable;
  support_requests: SupportRequestsTable;
}
