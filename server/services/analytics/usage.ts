import { type Kysely, sql } from 'kysely';
import { RETENTION_WEEKS, USAGE_TOP, type UsageResponse } from '../../../common/api/analytics';
import { addDays } from '../../../common/calendar';
import type { Database } from '../../db/schema';
import { ROUTE_OF_EVENT, rolledThrough } from './rollup';

/** Events that are the product's own housekeeping, not something a person chose to do. */
const NOT_FEATURES = ['page.view', 'memory.usage'];
/** The event the alert pages record when someone creates an alert (the funnel's last step). */
export const ALERT_CREATED_EVENT = 'alert.created';

const n = (v: unknown) => Number(v ?? 0);
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/**
 * The admin's usage dashboards over the events that arrived on days `from`…`to` (inclusive),
 * computed by SQL over the daily roll-ups of closed days and the raw events of the days after
 * them (today), so a range reads summaries rather than millions of events: active users by day and week, by organisation and role, page and feature use, the
 * sign-up → first login → first alert funnel, and weekly retention.
 */
export async function usageDashboards(db: Kysely<Database>, from: string, to: string): Promise<UsageResponse> {
  const start = `${from}T00:00:00Z`;
  const end = `${addDays(to, 1)}T00:00:00Z`;
  // Closed days come from the daily roll-ups (rollup.ts), the days after them (today) from the
  // raw events: every event is in exactly one of the two. Raw events are never deleted, so a
  // roll-up committing while these queries run cannot lose or double a day read with this mark.
  const mark = (await rolledThrough(db)) ?? '0001-01-01';
  const rawFrom = `${mark > from ? mark : from}T00:00:00Z`;
  const rawRange = sql`received_at >= ${rawFrom}::timestamptz and received_at < ${end}::timestamptz`;
  /** A person's events per arrival day, with their organisation and role. */
  const userDays = sql`(
    select day, user_id, organization_id, role_type, role_function, events from analytics_user_days
    where day >= ${from}::date and day <= ${to}::date and day < ${mark}::date
    union all
    select (received_at at time zone 'UTC')::date, user_id, organization_id, role_type, role_function, count(*)
    from analytics_events where ${rawRange} group by 1, 2, 3, 4, 5)`;
  /** A person's use of each page (route) and feature (name) per arrival day. */
  const usageDays = (names: ReturnType<typeof sql>) => sql`(
    select name, route, user_id, events from analytics_usage_days
    where day >= ${from}::date and day <= ${to}::date and day < ${mark}::date and ${names}
    union all
    select name, ${ROUTE_OF_EVENT}, user_id, count(*)
    from analytics_events where ${rawRange} and ${names} group by 1, 2, 3)`;

  const [daily, weekly, byOrganization, byRole, pages, features, funnel, retention] = await Promise.all([
    sql<{ d: string; users: string; events: string }>`
      select to_char(day, 'YYYY-MM-DD') as d, count(distinct user_id) as users, sum(events) as events
      from ${userDays} u group by day order by day`.execute(db),
    sql<{ w: Date; users: string }>`
      select date_trunc('week', day::timestamp) as w, count(distinct user_id) as users
      from ${userDays} u group by 1 order by 1`.execute(db),
    sql<{ organization_id: string | null; name: string | null; users: string; events: string }>`
      select u.organization_id, o.name, count(distinct u.user_id) as users, sum(u.events) as events
      from ${userDays} u left join organizations o on o.id = u.organization_id
      group by 1, 2 order by users desc, events desc limit ${USAGE_TOP}`.execute(db),
    sql<{ role_type: string | null; role_function: string | null; users: string; events: string }>`
      select role_type, role_function, count(distinct user_id) as users, sum(events) as events
      from ${userDays} u group by 1, 2 order by users desc, events desc limit ${USAGE_TOP}`.execute(db),
    sql<{ route: string; views: string; users: string }>`
      select route, sum(events) as views, count(distinct user_id) as users
      from ${usageDays(sql`name = 'page.view'`)} p group by 1 order by views desc limit ${USAGE_TOP}`.execute(db),
    sql<{ name: string; events: string; users: string }>`
      select name, sum(events) as events, count(distinct user_id) as users
      from ${usageDays(sql`name not in (${sql.join(NOT_FEATURES)})`)} f
      group by 1 order by events desc limit ${USAGE_TOP}`.execute(db),
    sql<{ signed_up: string; logged_in: string; created_alert: string }>`
      with cohort as (select id from users where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz)
      select
        (select count(*) from cohort) as signed_up,
        (select count(*) from cohort c where exists (
          select 1 from events v where v.type = 'user.logged_in' and v.subject_id = c.id)) as logged_in,
        (select count(*) from cohort c where exists (
            select 1 from analytics_usage_days a where a.user_id = c.id and a.name = ${ALERT_CREATED_EVENT} and a.day < ${mark}::date)
          or exists (
            select 1 from analytics_events a where a.user_id = c.id and a.name = ${ALERT_CREATED_EVENT}
              and a.received_at >= ${`${mark}T00:00:00Z`}::timestamptz)) as created_alert`.execute(db),
    sql<{ cohort: Date; k: number; users: string }>`
      with days as ${userDays},
      first_week as (
        select user_id, date_trunc('week', min(day)::timestamp) as cohort from days group by user_id),
      active as (
        select distinct user_id, date_trunc('week', day::timestamp) as week from days)
      select f.cohort, (extract(epoch from (a.week - f.cohort)) / 604800)::int as k, count(*) as users
      from first_week f join active a on a.user_id = f.user_id
      group by 1, 2 order by 1, 2`.execute(db),
  ]);

  const cohorts = new Map<string, number[]>();
  for (const r of retention.rows) {
    const key = day(r.cohort);
    if (!cohorts.has(key))
      cohorts.set(
        key,
        Array.from({ length: RETENTION_WEEKS + 1 }, () => 0),
      );
    if (r.k >= 0 && r.k <= RETENTION_WEEKS) cohorts.get(key)![r.k] = n(r.users);
  }
  const funnelRow = funnel.rows[0];
  return {
    from,
    to,
    events: daily.rows.reduce((sum, r) => sum + n(r.events), 0),
    daily: daily.rows.map((r) => ({ day: day(r.d), activeUsers: n(r.users), events: n(r.events) })),
    weekly: weekly.rows.map((r) => ({ week: day(r.w), activeUsers: n(r.users) })),
    byOrganization: byOrganization.rows.map((r) => ({
      organizationId: r.organization_id,
      name: r.name,
      activeUsers: n(r.users),
      events: n(r.events),
    })),
    byRole: byRole.rows.map((r) => ({
      roleType: r.role_type,
      roleFunction: r.role_function,
      activeUsers: n(r.users),
      events: n(r.events),
    })),
    pages: pages.rows.map((r) => ({ route: r.route, views: n(r.views), users: n(r.users) })),
    features: features.rows.map((r) => ({ name: r.name, events: n(r.events), users: n(r.users) })),
    funnel: { signedUp: n(funnelRow?.signed_up), loggedIn: n(funnelRow?.logged_in), createdAlert: n(funnelRow?.created_alert) },
    retention: [...cohorts.entries()].map(([cohort, counts]) => ({
      cohort,
      users: counts[0]!,
      active: counts.map((c) => (counts[0] ? Math.round((c / counts[0]) * 1000) / 1000 : 0)),
    })),
  };
}
