import { type Kysely, sql } from 'kysely';
import { RETENTION_WEEKS, USAGE_TOP, type UsageResponse } from '../../../common/api/usage';
import { addDays } from '../../../common/calendar';
import type { Database } from '../../db/schema';
import { DAY_BIT, ROUTE_OF_EVENT, rolledThrough } from './rollup';

/** Events that are the product's own housekeeping, not something a person chose to do. */
const NOT_FEATURES = ['page.view', 'memory.usage'];
/** The event the alert pages record when someone creates an alert (the funnel's last step). */
export const ALERT_CREATED_EVENT = 'alert.created';

const n = (v: unknown) => Number(v ?? 0);

interface Figures {
  daily: Array<{ d: string; users: number; events: number }> | null;
  weekly: Array<{ w: string; users: number }> | null;
  orgs: Array<{ organization_id: string | null; name: string | null; users: number; events: number }> | null;
  roles: Array<{ role_type: string | null; role_function: string | null; users: number; events: number }> | null;
  pages: Array<{ route: string; views: number; users: number }> | null;
  features: Array<{ name: string; events: number; users: number }> | null;
  funnel: { signed_up: number; logged_in: number; created_alert: number };
  retention: Array<{ cohort: string; k: number; users: number }> | null;
}

/**
 * The admin's usage dashboards over the events that arrived on days `from`…`to` (inclusive):
 * active users by day and week, by organisation and role, page and feature use, the sign-up →
 * first login → first alert funnel, and weekly retention.
 *
 * Closed days come from the read model (rollup.ts), whose size is days × groups (events per day,
 * organisation, role, page, feature) and people × months (a mask of the days each person was
 * active, per organisation and role and per page or feature): a range's distinct people is a scan
 * of people, not of events or person-days. The days from the roll-up watermark on (today) are
 * read from the raw events once, in one CTE that every figure shares: one statement, one snapshot.
 */
export async function usageDashboards(db: Kysely<Database>, from: string, to: string): Promise<UsageResponse> {
  // Every event is in exactly one of the two halves: rolled days before the mark, raw from it on.
  // Raw events are never deleted and the read model is only read for days before this mark, so a
  // roll-up committing meanwhile cannot lose or double a day.
  const mark = (await rolledThrough(db)) ?? '1970-01-01';
  const figures = await db.transaction().execute(async (trx) => {
    // The statement's hash aggregates fit in memory with 64 MB (4 MB by default spills them to
    // disk), and its compile-once cost would have PostgreSQL spend ~0.5 s JIT-compiling it.
    await sql`set local work_mem = '64MB'`.execute(trx);
    await sql`set local jit = off`.execute(trx);
    return figuresQuery(from, to, mark).execute(trx);
  });
  const f = figures.rows[0]!;

  const cohorts = new Map<string, number[]>();
  for (const r of f.retention ?? []) {
    if (!cohorts.has(r.cohort))
      cohorts.set(
        r.cohort,
        Array.from({ length: RETENTION_WEEKS + 1 }, () => 0),
      );
    if (r.k >= 0 && r.k <= RETENTION_WEEKS) cohorts.get(r.cohort)![r.k] = n(r.users);
  }
  const daily = f.daily ?? [];
  return {
    from,
    to,
    events: daily.reduce((sum, r) => sum + n(r.events), 0),
    daily: daily.map((r) => ({ day: r.d, activeUsers: n(r.users), events: n(r.events) })),
    weekly: (f.weekly ?? []).map((r) => ({ week: r.w, activeUsers: n(r.users) })),
    byOrganization: (f.orgs ?? []).map((r) => ({
      organizationId: r.organization_id,
      name: r.name,
      activeUsers: n(r.users),
      events: n(r.events),
    })),
    byRole: (f.roles ?? []).map((r) => ({
      roleType: r.role_type,
      roleFunction: r.role_function,
      activeUsers: n(r.users),
      events: n(r.events),
    })),
    pages: (f.pages ?? []).map((r) => ({ route: r.route, views: n(r.views), users: n(r.users) })),
    features: (f.features ?? []).map((r) => ({ name: r.name, events: n(r.events), users: n(r.users) })),
    funnel: { signedUp: n(f.funnel.signed_up), loggedIn: n(f.funnel.logged_in), createdAlert: n(f.funnel.created_alert) },
    retention: [...cohorts.entries()].map(([cohort, counts]) => ({
      cohort,
      users: counts[0]!,
      active: counts.map((c) => (counts[0] ? Math.round((c / counts[0]) * 1000) / 1000 : 0)),
    })),
  };
}

/**
 * Every figure in one statement, so today's raw events are read once and all figures see one
 * snapshot: the read model for the range's days before `mark`, the raw events from it on.
 */
export function figuresQuery(from: string, to: string, mark: string) {
  const lastRolled = addDays(mark, -1) < to ? addDays(mark, -1) : to;
  const rawFrom = `${mark > from ? mark : from}T00:00:00Z`;
  const end = `${addDays(to, 1)}T00:00:00Z`;
  const rolledDays = sql`day >= ${from}::date and day <= ${lastRolled}::date`;
  const features = sql`name not in (${sql.join(NOT_FEATURES)})`;
  /** People's uses of pages or features (`which`) on the range's rolled days: one row per person, thing and month. */
  const usesIn = (which: ReturnType<typeof sql>) => sql`(
    select u.name, u.route, u.user_id from analytics_use_months u join months x on x.month = u.month
    where ${which} and u.days & x.mask <> 0)`;
  /**
   * Events and distinct people per group from rows of (group, user_id or null, events): deduplicated
   * per group and person first (a hash aggregate) rather than by count(distinct) (a sort).
   */
  const perGroup = (keys: string[], rows: ReturnType<typeof sql>) => {
    const k = sql.join(keys.map((key) => sql.ref(key)));
    return sql`(
      select ${k}, sum(events) as events, count(user_id)::int as users from (
        select ${k}, user_id, sum(events) as events from (${rows}) a group by ${k}, user_id) b
      group by ${k})`;
  };
  return sql<Figures>`
    with
    rdays as (
      select d::date as day from generate_series(${from}::date, ${lastRolled}::date, interval '1 day') d),
    -- The rolled days of the range as masks over each month's days, and over each week's days in a month.
    months as (
      select date_trunc('month', day)::date as month, bit_or(${DAY_BIT}) as mask from rdays group by 1),
    week_months as (
      select date_trunc('week', day)::date as week, date_trunc('month', day)::date as month, bit_or(${DAY_BIT}) as mask
      from rdays group by 1, 2),
    raw as (
      select (received_at at time zone 'UTC')::date as day, user_id, organization_id, role_type, role_function,
        name, ${ROUTE_OF_EVENT} as route, count(*) as events
      from analytics_events where received_at >= ${rawFrom}::timestamptz and received_at < ${end}::timestamptz
      group by 1, 2, 3, 4, 5, 6, 7),
    members as (
      select m.user_id, m.organization_id, m.role_type, m.role_function
      from analytics_member_months m join months x on x.month = m.month where m.days & x.mask <> 0),
    user_weeks as (
      select distinct user_id, week from (
        select m.user_id, w.week from analytics_member_months m join week_months w on w.month = m.month where m.days & w.mask <> 0
        union all
        select user_id, date_trunc('week', day)::date from raw) a),
    first_weeks as (select user_id, min(week) as cohort from user_weeks group by user_id),
    cohort as (select id from users where created_at >= ${`${from}T00:00:00Z`}::timestamptz and created_at < ${end}::timestamptz)
    select
      (select json_agg(t order by t.d) from (
        select to_char(day, 'YYYY-MM-DD') as d, users, events from analytics_days where ${rolledDays}
        union all
        select to_char(day, 'YYYY-MM-DD'), count(distinct user_id), sum(events) from raw group by day) t) as daily,
      (select json_agg(t order by t.w) from (
        select to_char(week, 'YYYY-MM-DD') as w, count(*) as users from user_weeks group by week) t) as weekly,
      (select json_agg(t order by t.users desc, t.events desc, t.organization_id) from (
        select g.organization_id, o.name, g.users, g.events from ${perGroup(
          ['organization_id'],
          sql`select organization_id, user_id, 0 as events from members
            union all
            select organization_id, null, events from analytics_group_days where ${rolledDays}
            union all
            select organization_id, user_id, events from raw`,
        )} g left join organizations o on o.id = g.organization_id
        order by users desc, events desc, 1 limit ${USAGE_TOP}) t) as orgs,
      (select json_agg(t order by t.users desc, t.events desc, t.role_type, t.role_function) from (
        select * from ${perGroup(
          ['role_type', 'role_function'],
          sql`select role_type, role_function, user_id, 0 as events from members
            union all
            select role_type, role_function, null, events from analytics_group_days where ${rolledDays}
            union all
            select role_type, role_function, user_id, events from raw`,
        )} g order by users desc, events desc, 1, 2 limit ${USAGE_TOP}) t) as roles,
      (select json_agg(t order by t.views desc, t.route) from (
        select route, events as views, users from ${perGroup(
          ['route'],
          sql`select route, user_id, 0 as events from ${usesIn(sql`name = 'page.view'`)} u
            union all
            select route, null, events from analytics_use_days where ${rolledDays} and name = 'page.view'
            union all
            select route, user_id, events from raw where name = 'page.view'`,
        )} g order by views desc, 1 limit ${USAGE_TOP}) t) as pages,
      (select json_agg(t order by t.events desc, t.name) from (
        select * from ${perGroup(
          ['name'],
          sql`select name, user_id, 0 as events from ${usesIn(features)} u
            union all
            select name, null, events from analytics_use_days where ${rolledDays} and ${features}
            union all
            select name, user_id, events from raw where ${features}`,
        )} g order by events desc, 1 limit ${USAGE_TOP}) t) as features,
      (select json_build_object(
        'signed_up', (select count(*) from cohort),
        'logged_in', (select count(*) from cohort c where exists (
          select 1 from events v where v.type = 'user.logged_in' and v.subject_id = c.id)),
        -- The first alert at any time, not only in the range: rolled months, then raw from the mark on.
        'created_alert', (select count(*) from cohort c where exists (
            select 1 from analytics_use_months a where a.user_id = c.id and a.name = ${ALERT_CREATED_EVENT})
          or exists (
            select 1 from analytics_events a where a.user_id = c.id and a.name = ${ALERT_CREATED_EVENT}
              and a.received_at >= ${`${mark}T00:00:00Z`}::timestamptz))
      )) as funnel,
      (select json_agg(t order by t.cohort, t.k) from (
        select to_char(f.cohort, 'YYYY-MM-DD') as cohort, (w.week - f.cohort) / 7 as k, count(*) as users
        from first_weeks f join user_weeks w on w.user_id = f.user_id group by f.cohort, w.week) t) as retention`;
}
