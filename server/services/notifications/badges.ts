import { type Kysely, sql } from 'kysely';
import { BADGES, BADGE_SECTIONS, type BadgeSection } from '../../../common/api/notifications';
import type { Database } from '../../db/schema';
import type { StatusBadgeProvider } from '../accounts/users';

/**
 * The menu sections' badges (spec §3 Status badges): unread deal messages and deals announced
 * since the last visit on `primary`, market-hawk alerts since the last visit on `alerts`. `market`
 * and `secondary` are listed with no badge until something of theirs notifies. A visit clears the
 * "since the last visit" badges; unread messages clear by being read.
 */
export const notificationBadges: StatusBadgeProvider = async (db, userId) => {
  const { rows } = await sql<{ unread: boolean; new_deals: boolean; unseen_alerts: boolean }>`
    with visits as (
      select
        max(visited_at) filter (where section = 'primary') as primary_at,
        max(visited_at) filter (where section = 'alerts') as alerts_at
      from user_section_visits where user_id = ${userId}
    ), me as (select created_at, organization_id from users where id = ${userId})
    select
      exists (select 1 from deal_message_recipients r where r.user_id = ${userId} and r.read_at is null) as unread,
      exists (
        select 1 from deals d, me, visits
        where d.created_at > coalesce(visits.primary_at, me.created_at)
          and (d.created_by is null or d.created_by = ${userId}
               or (d.organization_id is not null and d.organization_id = me.organization_id))
      ) as new_deals,
      exists (
        select 1 from notifications n, me, visits
        where n.user_id = ${userId} and n.category = 'markethawk'
          and n.created_at > coalesce(visits.alerts_at, me.created_at)
      ) as unseen_alerts`.execute(db);
  const r = rows[0];
  const badges: Record<BadgeSection, string[]> = { market: [], primary: [], secondary: [], alerts: [] };
  if (r?.unread) badges.primary.push(BADGES.unreadMessages);
  if (r?.new_deals) badges.primary.push(BADGES.newDeals);
  if (r?.unseen_alerts) badges.alerts.push(BADGES.unseenAlerts);
  return BADGE_SECTIONS.map((section) => ({ section, activeBadges: badges[section] }));
};

/** The user opened a section: its "since the last visit" badges clear. */
export async function recordSectionVisit(db: Kysely<Database>, userId: string, section: BadgeSection, at: Date): Promise<void> {
  await db
    .insertInto('user_section_visits')
    .values({ user_id: userId, section, visited_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'section']).doUpdateSet({ visited_at: at }))
    .execute();
}
