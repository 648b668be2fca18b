import { type Kysely, sql } from 'kysely';
import { RETENTION_WEEKS, USAGE_TOP, type UsageResponse } from '../../../common/api/analytics';
import { addDays } from '../../../common/calendar';
import type { Database } from '../../db/schema';

/** Events that are the product's own housekeeping, not something a person chose to do. */
const NOT_FEATURES = ['page.view', 'memory.usage'];
/** The event the alert pages record when someone creates an alert (the funnel's last step). */
export const ALERT_CREATED_EVENT = 'alert.created';

const n = (v: unknown) => Number(v ?? 0);
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/**
 * The admin's usage dashboards over the events that arrived on days `from`…`to` (inclusive),
 * computed by SQL over the analytics table (its arrival-day partitions keep a range's scan to
 * its days): active users by day and week, by organisation and role, page and feature use, the
 * sign-up → first login → first alert funnel, and weekly retention.
 */
export async function usageDashboards(db: Kysely<Database>, from: string, to: string): Promise<UsageResponse> {
  const start = `${from}T00:00:00Z`;
  const end = `${addDays(to, 1)}T00:00:00Z`;
  const inRange = sql`received_at >= ${start}::timestamptz and received_at < ${end}::timestamptz`;

  const [daily, weekly, byOrganization, byRole, pages, features, funnel, retention] = await Promise.all([
    sql<{ d: Date; users: string; events: string }>`
      select date_trunc('day', received_at at time zone 'UTC') as d, count(distinct user_id) as users, count(*) as events
      from analytics_events where ${inRange} group by 1 order by 1`.execute(db),
    sql<{ w: Date; users: string }>`
      select date_trunc('week', received_at at time zone 'UTC') as w, count(distinct user_id) as users
      from analytics_events where ${inRange} group by 1 order by 1`.execute(db),
    sql<{ organization_id: string | null; name: string | null; users: string; events: string }>`
      select e.organization_id, o.name, count(distinct e.user_id) as users, count(*) as events
      from analytics_events e left join organizations o on o.id = e.organization_id
      where ${inRange} group by 1, 2 order by users desc, events desc limit ${USAGE_TOP}`.execute(db),
    sql<{ role_type: string | null; role_function: string | null; users: string; events: string }>`
      select role_type, role_function, count(distinct user_id) as users, count(*) as events
      from analytics_events where ${inRange} group by 1, 2 order by users desc, events desc limit ${USAGE_TOP}`.execute(db),
    sql<{ route: string; views: string; users: string }>`
      select coalesce(properties->>'route', path, '(unknown)') as route, count(*) as views, count(distinct user_id) as users
      from analytics_events where ${inRange} and name = 'page.view' group by 1 order by views desc limit ${USAGE_TOP}`.execute(db),
    sql<{ name: string; events: string; users: string }>`
      select name, count(*) as events, count(distinct user_id) as users
      from analytics_events where ${inRange} and name not in (${sql.join(NOT_FEATURES)})
      group by 1 order by events desc limit ${USAGE_TOP}`.execute(db),
    sql<{ signed_up: string; logged_in: string; created_alert: string }>`
      with cohort as (select id from users where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz)
      select
        (select count(*) from cohort) as signed_up,
        (select count(*) from cohort c where exists (
          select 1 from events v where v.type = 'user.logged_in' and v.subject_id = c.id)) as logged_in,
        (select count(*) from cohort c where exists (
          select 1 from analytics_events a where a.name = ${ALERT_CREATED_EVENT} and a.user_id = c.id)) as created_alert`.execute(db),
    sql<{ cohort: Date; k: number; users: string }>`
      with first_week as (
        select user_id, date_trunc('week', min(received_at) at time zone 'UTC') as cohort
        from analytics_events where ${inRange} group by user_id),
      active as (
        select distinct user_id, date_trunc('week', received_at at time zone 'UTC') as week
        from analytics_events where ${inRange})
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
