import { type Kysely, sql } from 'kysely';
import { addDays, isoDate } from '../../../common/calendar';
import type { Database } from '../../db/schema';

/** app_settings key: the first arrival day not rolled up yet (every earlier day is in the roll-ups). */
export const ROLLED_THROUGH_KEY = 'analytics.rolledThrough';
/** Days one run rolls up at most (a first run over a long history catches up over a few runs). */
const DAYS_PER_RUN = 31;

/**
 * The route a page view counts for on the dashboards; null for other events. One definition for
 * the roll-up and the raw read, so both count alike.
 */
export const ROUTE_OF_EVENT = sql`case when name = 'page.view' then coalesce(properties->>'route', path, '(unknown)') end`;

/** A day's bit in its month's mask of days (bit d-1 for day d of the month), for a date column `day`. */
export const DAY_BIT = sql`(1 << (extract(day from day)::int - 1))`;

/**
 * Summarises one closed arrival day into the read model (migration 20261215100000): its events are
 * read once, grouped per person, organisation, role and page or feature, and every table is filled
 * from that (data-modifying CTEs, one statement); the day's bit is or-ed into each person's month
 * rows, so a person is one row a month however many days they came.
 */
async function rollUpDay(db: Kysely<Database>, day: string): Promise<void> {
  const start = `${day}T00:00:00Z`;
  const end = `${addDays(day, 1)}T00:00:00Z`;
  await sql`
    with e as (
      select ${day}::date as day, date_trunc('month', ${day}::date)::date as month, user_id, organization_id, role_type, role_function,
        name, ${ROUTE_OF_EVENT} as route, count(*) as events
      from analytics_events where received_at >= ${start}::timestamptz and received_at < ${end}::timestamptz
      group by user_id, organization_id, role_type, role_function, name, route),
    days as (
      insert into analytics_days (day, users, events)
      select ${day}::date, count(distinct user_id), sum(events) from e having count(*) > 0),
    group_days as (
      insert into analytics_group_days (day, organization_id, role_type, role_function, events)
      select ${day}::date, organization_id, role_type, role_function, sum(events) from e group by 2, 3, 4),
    use_days as (
      insert into analytics_use_days (day, name, route, events)
      select ${day}::date, name, route, sum(events) from e group by 2, 3),
    member_months as (
      insert into analytics_member_months as m (month, user_id, organization_id, role_type, role_function, days)
      select distinct month, user_id, organization_id, role_type, role_function, ${DAY_BIT} from e
      on conflict (month, user_id, organization_id, role_type, role_function) do update set days = m.days | excluded.days)
    insert into analytics_use_months as u (month, name, route, user_id, days)
    select distinct month, name, route, user_id, ${DAY_BIT} from e
    on conflict (month, name, route, user_id) do update set days = u.days | excluded.days`.execute(db);
}

/** The first day not rolled up, or null before the first roll-up. */
export async function rolledThrough(db: Kysely<Database>): Promise<string | null> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', ROLLED_THROUGH_KEY).executeTakeFirst();
  return typeof row?.value === 'string' ? row.value : null;
}

/**
 * Rolls up every closed arrival day (before today, UTC) not rolled up yet, oldest first, one day a
 * transaction together with the watermark. Arrival days are the server's clock, so a closed day
 * gets no more events and its roll-up is final. The watermark row is locked for the transaction,
 * so two instances never roll up a day twice. Returns the days rolled up.
 */
export async function rollUpUsage(db: Kysely<Database>, nowMs: number): Promise<string[]> {
  const today = isoDate(new Date(nowMs));
  const rolled: string[] = [];
  for (let i = 0; i < DAYS_PER_RUN; i++) {
    const day = await db.transaction().execute(async (trx) => {
      await sql`insert into app_settings (key, value, updated_at) values (${ROLLED_THROUGH_KEY}, 'null'::jsonb, ${new Date(nowMs)})
        on conflict (key) do nothing`.execute(trx);
      const locked = await sql<{ value: unknown }>`select value from app_settings where key = ${ROLLED_THROUGH_KEY} for update`.execute(
        trx,
      );
      let next = typeof locked.rows[0]?.value === 'string' ? (locked.rows[0].value as string) : null;
      if (next === null) {
        // First run: start at the oldest event's day (nothing stored: start today).
        const oldest = await sql<{
          d: string | null;
        }>`select to_char(min(received_at) at time zone 'UTC', 'YYYY-MM-DD') as d from analytics_events`.execute(trx);
        next = oldest.rows[0]?.d ?? today;
      }
      if (next >= today) {
        await sql`update app_settings set value = ${JSON.stringify(next)}::jsonb, updated_at = ${new Date(nowMs)} where key = ${ROLLED_THROUGH_KEY}`.execute(
          trx,
        );
        return null;
      }
      await rollUpDay(trx, next);
      await sql`update app_settings set value = ${JSON.stringify(addDays(next, 1))}::jsonb, updated_at = ${new Date(nowMs)} where key = ${ROLLED_THROUGH_KEY}`.execute(
        trx,
      );
      return next;
    });
    if (day === null) break;
    rolled.push(day);
  }
  return rolled;
}
