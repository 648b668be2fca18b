import { type Kysely, sql } from 'kysely';
import type { Recipients } from '../../../common/api/messages';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';
import type { MessagingCaller, MessagingDeal } from './access';

/**
 * The users a recipient choice reaches on a deal: its followers, everyone at organisations of
 * the chosen types, everyone at the named organisations — never the sender, never a locked
 * account, and only people who may see the deal. A banker's own deal (seen by one organisation)
 * may be addressed to that organisation only: other types or organisations are refused (403).
 * An unknown organisation token is a 400 naming it.
 */
export async function resolveRecipients(
  db: Kysely<Database>,
  caller: MessagingCaller,
  deal: MessagingDeal,
  recipients: Recipients,
): Promise<string[]> {
  const tokens = [...new Set(recipients.organizations)];
  const orgs = tokens.length ? await db.selectFrom('organizations').select(['id', 'token']).where('token', 'in', tokens).execute() : [];
  const unknown = tokens.filter((t) => !orgs.some((o) => o.token === t));
  if (unknown.length > 0)
    throw new ServiceRefusal('invalid', bodyRefusal('recipients.organizations', `include an unknown organisation (${unknown[0]})`));
  if (deal.createdBy !== null) {
    if (recipients.organizationTypes.length > 0 || orgs.some((o) => o.id !== deal.organizationId)) {
      throw new ServiceRefusal('forbidden', 'This deal is seen by one organisation only: address its followers or that organisation');
    }
  }
  const orgIds = orgs.map((o) => o.id);
  const { rows } = await sql<{ id: string }>`
    select u.id from users u
    left join organizations o on o.id = u.organization_id
    where u.id <> ${caller.userId} and u.locked_at is null
      and (
        (${recipients.followers} and exists (select 1 from deal_follows f where f.deal_id = ${deal.id} and f.user_id = u.id))
        or o.type = any(${recipients.organizationTypes}::text[])
        or u.organization_id = any(${orgIds}::text[])
      )
      and (${deal.createdBy}::text is null or u.id = ${deal.createdBy}
           or (${deal.organizationId}::text is not null and u.organization_id = ${deal.organizationId}))
    order by u.id`.execute(db);
  return rows.map((r) => r.id);
}
