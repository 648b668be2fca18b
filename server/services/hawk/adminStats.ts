/**
 * Market hawk for administrators (/bw/admin/hawk/user-stats): per user and organisation, rules by
 * kind, firings over the last HAWK_STATS_DAYS days and per day, delivery channels' states, the
 * most used templates.
 */
import { type Kysely, sql } from 'kysely';
import { addDays } from '../../../common/calendar';
import { HAWK_STATS_DAYS, type HawkUserStats } from '../../../common/api/adminHawk';
import type { Database } from '../../db/schema';
import { newYorkDay } from './rules';

export async function hawkUserStats(db: Kysely<Database>, now: Date): Promise<HawkUserStats> {
  const to = newYorkDay(now.getTime());
  const from = addDays(to, -HAWK_STATS_DAYS + 1);
  const since = sql`${from}::date`;
  const [rules, firings, perDay, channels, templates] = await Promise.all([
    sql<{ user_id: string; email: string; organization: string | null; kind: string; n: string; active: string; paused: string }>`
      select s.user_id, u.email, o.name as organization, s.kind, count(*) as n,
        count(*) filter (where not s.paused and s.disabled_at is null) as active, count(*) filter (where s.paused) as paused
      from hawk_subscriptions s join users u on u.id = s.user_id left join organizations o on o.id = u.organization_id
      group by s.user_id, u.email, o.name, s.kind`.execute(db),
    sql<{ user_id: string; n: string }>`
      select user_id, count(*) as n from hawk_firings where (fired_at at time zone 'America/New_York')::date >= ${since} group by user_id`.execute(
      db,
    ),
    sql<{ day: string; n: string }>`
      select to_char((fired_at at time zone 'America/New_York')::date, 'YYYY-MM-DD') as day, count(*) as n from hawk_firings
      where (fired_at at time zone 'America/New_York')::date >= ${since} group by 1 order by 1`.execute(db),
    sql<{ channel: string; state: string; n: string }>`
      select c.key as channel, c.value as state, count(*) as n from hawk_deliveries d, jsonb_each_text(d.channels) c
      where (d.created_at at time zone 'America/New_York')::date >= ${since} group by 1, 2 order by 1, 2`.execute(db),
    sql<{ template: string; n: string }>`
      select template, count(*) as n from hawk_subscriptions where template is not null group by template order by count(*) desc, template limit 20`.execute(
      db,
    ),
  ]);
  const fired = new Map(firings.rows.map((r) => [r.user_id, Number(r.n)]));
  const users = new Map<string, HawkUserStats['users'][number]>();
  for (const r of rules.rows) {
    const u = users.get(r.user_id) ?? {
      userId: r.user_id,
      email: r.email,
      organization: r.organization,
      rulesByKind: {},
      active: 0,
      paused: 0,
      firings: fired.get(r.user_id) ?? 0,
      firingsPerDay: Math.round(((fired.get(r.user_id) ?? 0) / HAWK_STATS_DAYS) * 100) / 100,
    };
    u.rulesByKind[r.kind] = Number(r.n);
    u.active += Number(r.active);
    u.paused += Number(r.paused);
    users.set(r.user_id, u);
  }
  const orgs = new Map<string | null, { organization: string | null; users: number; rules: number; firings: number }>();
  for (const u of users.values()) {
    const o = orgs.get(u.organization) ?? { organization: u.organization, users: 0, rules: 0, firings: 0 };
    o.users += 1;
    o.rules += Object.values(u.rulesByKind).reduce((a, b) => a + b, 0);
    o.firings += u.firings;
    orgs.set(u.organization, o);
  }
  return {
    from,
    to,
    users: [...users.values()].sort((a, b) => b.firings - a.firings || a.email.localeCompare(b.email)),
    organizations: [...orgs.values()].sort((a, b) => b.rules - a.rules),
    firingsByDay: perDay.rows.map((r) => ({ day: r.day, firings: Number(r.n) })),
    channels: channels.rows.map((r) => ({ channel: r.channel, state: r.state, deliveries: Number(r.n) })),
    templates: templates.rows.map((r) => ({ template: r.template, subscriptions: Number(r.n) })),
  };
}
