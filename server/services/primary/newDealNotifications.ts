/**
 * `new_primary_deals` notifications (spec §3 categories): when a deal is announced, from any
 * source, each user who may see it on the new-issue calendar and keeps in-app notifications on
 * gets one (the long-poll toast "New primary deal", the primary badge refresh, and push when they
 * turned browser notifications on). Who, and why:
 * - the calendar has no feature flag of its own, so there is no feature to ask; a calculator deal
 *   reaches only its banker's organisation, as the calendar shows it only to them;
 * - `appNotificationsOn` off means no notification at all (push rides on the same rows);
 * - locked accounts, and the person who made the deal (they know), get none;
 * - only a deal announced in the last NEW_DEAL_NOTIFY_MS: an admin back-filling last month's
 *   deals or an EDGAR import of old term sheets is not news, and would toast every user at once.
 * One `insert … select` writes every row (no parameter per user, so any number of users fits),
 * in the caller's transaction, then one `notification.created` event wakes the pollers.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { recordEvents } from '../events';
import { NOTIFICATION_EVENT, type NotificationEventPayload } from '../notifications/notifications';
import type { DealFacts } from './dealEvents';

export const NEW_DEAL_NOTIFY_MS = 24 * 3_600_000;

const sizeText = (usd: number) => `$${Math.round(usd / 1e6).toLocaleString('en-US')}MM`;

/** The toast's line: "ACME announced a $1,500MM deal: 5y, 10y". */
export function newDealText(facts: Pick<DealFacts, 'ticker' | 'tranches'>): string {
  const total = facts.tranches.reduce((s, t) => s + t.size, 0);
  const tenors = facts.tranches.map((t) => `${t.tenorYears}y`).join(', ');
  return `${facts.ticker} announced ${total > 0 ? `a ${sizeText(total)} deal` : 'a deal'}${tenors ? `: ${tenors}` : ''}`;
}

/** Writes the notifications of a new deal; answers how many users got one. */
export async function notifyNewDeal(db: Kysely<Database>, facts: DealFacts, now: Date, actor: string | null): Promise<number> {
  if (now.getTime() - facts.announcedAt.getTime() > NEW_DEAL_NOTIFY_MS) return 0;
  const payload = JSON.stringify({
    dealId: facts.dealId,
    issuerId: facts.issuerId,
    ticker: facts.ticker,
    title: 'New primary deal',
    text: newDealText(facts),
  });
  const { rows } = await sql<{ id: string; user_id: string }>`
    insert into notifications (user_id, type, category, payload, created_at)
    select u.id, 'other', 'new_primary_deals', ${payload}::jsonb, ${now}::timestamptz
    from users u
    where u.locked_at is null
      and coalesce((u.notification_preferences->>'appNotificationsOn')::boolean, true)
      and (${actor}::text is null or u.id <> ${actor}::text)
      and (${facts.createdBy}::text is null or u.id = ${facts.createdBy}::text
           or (${facts.organizationId}::text is not null and u.organization_id = ${facts.organizationId}::text))
    returning id, user_id`.execute(db);
  if (rows.length === 0) return 0;
  const event: NotificationEventPayload = { userIds: rows.map((r) => r.user_id), ids: rows.map((r) => String(r.id)) };
  await recordEvents(db, [{ type: NOTIFICATION_EVENT, payload: { ...event } }]);
  return rows.length;
}
