import { type Kysely, sql } from 'kysely';

/**
 * The usage dashboards' read model, sized by people and days rather than by events (issue 17:
 * under 1 s over 10 million events; docs/integrations.md). Per closed arrival day:
 * - `analytics_days`: the day's distinct active people and events (the daily chart);
 * - `analytics_group_days`: events per organisation and role (days × groups);
 * - `analytics_use_days`: events per page route / feature name (days × things).
 * Per month and person, the days of the month they were active as a 31-bit mask (bit d-1 is day d),
 * so a range's distinct people is one row per person and month, not one per person-day:
 * - `analytics_member_months`: per organisation and role (active users, by organisation and role,
 *   weeks, retention);
 * - `analytics_use_months`: per page route / feature name (their users; the funnel's first alert).
 * The old per person-day tables are converted, so days already rolled up stay rolled up under the
 * same watermark (`analytics.rolledThrough`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table analytics_days (day date primary key, users integer not null, events bigint not null)`.execute(db);
  await sql`
    create table analytics_group_days (
      day date not null,
      organization_id text,
      role_type text,
      role_function text,
      events bigint not null
    )`.execute(db);
  await sql`create index analytics_group_days_day_idx on analytics_group_days (day)`.execute(db);
  await sql`create table analytics_use_days (day date not null, name text not null, route text, events bigint not null)`.execute(db);
  await sql`create index analytics_use_days_day_idx on analytics_use_days (day, name)`.execute(db);
  await sql`
    create table analytics_member_months (
      month date not null,
      user_id text not null,
      organization_id text,
      role_type text,
      role_function text,
      days integer not null
    )`.execute(db);
  // nulls not distinct: a person without organisation or role still has one row a month (the
  // roll-up merges a day's bit into it with on conflict).
  await sql`create unique index analytics_member_months_key on analytics_member_months
    (month, user_id, organization_id, role_type, role_function) nulls not distinct`.execute(db);
  await sql`
    create table analytics_use_months (
      month date not null,
      name text not null,
      route text,
      user_id text not null,
      days integer not null
    )`.execute(db);
  await sql`create unique index analytics_use_months_key on analytics_use_months (month, name, route, user_id) nulls not distinct`.execute(
    db,
  );
  await sql`create index analytics_use_months_user_idx on analytics_use_months (user_id, name)`.execute(db);

  const bit = sql`(1 << (extract(day from day)::int - 1))`;
  await sql`insert into analytics_days select day, count(distinct user_id), sum(events) from analytics_user_days group by day`.execute(db);
  await sql`insert into analytics_group_days select day, organization_id, role_type, role_function, sum(events)
    from analytics_user_days group by 1, 2, 3, 4`.execute(db);
  await sql`insert into analytics_use_days select day, name, route, sum(events) from analytics_usage_days group by 1, 2, 3`.execute(db);
  await sql`insert into analytics_member_months select date_trunc('month', day)::date, user_id, organization_id, role_type, role_function, bit_or(${bit})
    from analytics_user_days group by 1, 2, 3, 4, 5`.execute(db);
  await sql`insert into analytics_use_months select date_trunc('month', day)::date, name, route, user_id, bit_or(${bit})
    from analytics_usage_days group by 1, 2, 3, 4`.execute(db);
  await sql`drop table analytics_usage_days`.execute(db);
  await sql`drop table analytics_user_days`.execute(db);
}

/** Back to the per person-day tables, empty, with the watermark cleared: the roll-up job rebuilds them from the raw events. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['analytics_use_months', 'analytics_member_months', 'analytics_use_days', 'analytics_group_days', 'analytics_days'])
    await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`create table analytics_user_days (day date not null, user_id text not null, organization_id text, role_type text, role_function text, events integer not null)`.execute(
    db,
  );
  await sql`create index analytics_user_days_day_idx on analytics_user_days (day)`.execute(db);
  await sql`create table analytics_usage_days (day date not null, name text not null, route text, user_id text not null, events integer not null)`.execute(
    db,
  );
  await sql`create index analytics_usage_days_day_idx on analytics_usage_days (day, name)`.execute(db);
  await sql`create index analytics_usage_days_user_idx on analytics_usage_days (user_id, name)`.execute(db);
  await sql`delete from app_settings where key = 'analytics.rolledThrough'`.execute(db);
}
