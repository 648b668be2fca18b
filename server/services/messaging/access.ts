import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';
import type { PolicyCaller } from '../../policies/caller';
import { canSeeDeal, type DealOwnership, maySendDealMessages, organizationNeeded } from '../../policies/dealMessages';

/** The caller as messaging sees them. */
export type MessagingCaller = PolicyCaller;

/** A deal as messaging needs it: who may see it. */
export interface MessagingDeal extends DealOwnership {
  id: number;
}

/** Whether the caller may send (the rule: server/policies/dealMessages.ts). */
export async function maySend(db: Kysely<Database>, caller: MessagingCaller): Promise<boolean> {
  if (caller.isAdmin) return maySendDealMessages(caller, undefined);
  const row = await db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.organization_id')
    .select(['u.profile', 'o.type'])
    .where('u.id', '=', caller.userId)
    .executeTakeFirst();
  const jobFunction = (row?.profile as { jobFunction?: unknown } | undefined)?.jobFunction;
  return maySendDealMessages(caller, row && { organizationType: row.type, jobFunction });
}

export async function requireSender(db: Kysely<Database>, caller: MessagingCaller): Promise<void> {
  if (!(await maySend(db, caller))) {
    throw new ServiceRefusal('forbidden', 'Only syndicate and DCM users at a sell-side organisation, and admins, send deal messages');
  }
}

/**
 * The deal, when the caller may see it (as the deal lists decide: market deals for everyone, a
 * banker's deal for its creator and their organisation; admins see all). Otherwise 404, so a
 * private deal's existence does not leak.
 */
export async function visibleDeal(db: Kysely<Database>, caller: MessagingCaller, dealId: number): Promise<MessagingDeal> {
  const deal = await db.selectFrom('deals').select(['id', 'created_by', 'organization_id']).where('id', '=', dealId).executeTakeFirst();
  const found = deal ? { id: deal.id, createdBy: deal.created_by, organizationId: deal.organization_id } : undefined;
  if (found && canSeeDeal(caller, found, organizationNeeded(caller, found) ? await organizationOf(db, caller.userId) : undefined))
    return found;
  throw new ServiceRefusal('not found', `There is no deal ${dealId} you can see.`);
}

async function organizationOf(db: Kysely<Database>, userId: string): Promise<string | null | undefined> {
  const user = await db.selectFrom('users').select('organization_id').where('id', '=', userId).executeTakeFirst();
  return user?.organization_id;
}
