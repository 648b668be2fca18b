import { type Kysely, sql } from 'kysely';

/**
 * Daily roll-ups of product analytics for the usage dashboards (docs/integrations.md): once an
 * arrival day is over, its events are summarised per person and day (for active users,
 * organisations, roles, retention) and per person, day and thing used (pages by route, feature
 * events), so the dashboards read summaries instead of scanning millions of events. The raw
 * events stay; days not rolled up yet (today) are read raw. `app_settings` key
 * `analytics.rolledThrough` holds the first day not rolled up.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table analytics_user_days (
      day date not null,
      user_id text not null,
      organization_id text,
      role_type text,
      role_function text,
      events integer not null
    )`.execute(db);
  await sql`create index analytics_user_days_day_idx on analytics_user_days (day)`.execute(db);
  await sql`
    create table analytics_usage_days (
      day date not null,
      name text not null,
      route text,
      user_id text not null,
      events integer not null
    )`.execute(db);
  await sql`create index analytics_usage_days_day_idx on analytics_usage_days (day, name)`.execute(db);
  await sql`create index analytics_usage_days_user_idx on analytics_usage_days (user_id, name)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table analytics_usage_days`.execute(db);
  await sql`drop table analytics_user_days`.execute(db);
}
