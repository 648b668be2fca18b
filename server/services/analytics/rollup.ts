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
export async function rollUpAnalytics(db: Kysely<Database>, nowMs: number): Promise<string[]> {
  const today = isoDate(new Date(nowMs));
  const rolled: string[] = [];
  for (let i = 0; i < DAYS_PER_RUN; i++) {
    const day = await db.transaction().execute(async (trx) => {
      await sql`insert into app_settings (key, value) values (${ROLLED_THROUGH_KEY}, 'null'::jsonb) on conflict (key) do nothing`.execute(
        trx,
      );
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
        await sql`update app_settings set value = ${JSON.stringify(next)}::jsonb, updated_at = now() where key = ${ROLLED_THROUGH_KEY}`.execute(
          trx,
        );
        return null;
      }
      const start = `${next}T00:00:00Z`;
      const end = `${addDays(next, 1)}T00:00:00Z`;
      await sql`
        insert into analytics_user_days (day, user_id, organization_id, role_type, role_function, events)
        select ${next}::date, user_id, organization_id, role_type, role_function, count(*)
        from analytics_events where received_at >= ${start}::timestamptz and received_at < ${end}::timestamptz
        group by user_id, organization_id, role_type, role_function`.execute(trx);
      await sql`
        insert into analytics_usage_days (day, name, route, user_id, events)
        select ${next}::date, name, ${ROUTE_OF_EVENT}, user_id, count(*)
        from analytics_events where received_at >= ${start}::timestamptz and received_at < ${end}::timestamptz
        group by 2, 3, 4`.execute(trx);
      await sql`update app_settings set value = ${JSON.stringify(addDays(next, 1))}::jsonb, updated_at = now() where key = ${ROLLED_THROUGH_KEY}`.execute(
        trx,
      );
      return next;
    });
    if (day === null) break;
    rolled.push(day);
  }
  return rolled;
}
