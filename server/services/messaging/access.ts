import type { Kysely } from 'kysely';
import { MESSAGE_SENDER_JOB_FUNCTIONS, MESSAGE_SENDER_ORGANIZATION_TYPE } from '../../../common/api/messages';
import type { Database } from '../../db/schema';
import { ServiceRefusal } from '../refusal';

/** The caller as messaging sees them. */
export interface MessagingCaller {
  userId: string;
  isAdmin: boolean;
}

/** A deal as messaging needs it: who may see it. */
export interface MessagingDeal {
  id: number;
  /** Null: a market deal everyone sees; else a banker's deal seen by its creator and their organisation. */
  createdBy: string | null;
  organizationId: string | null;
}

/** Whether the caller may send: syndicate or DCM at a sell-side organisation, or an admin. */
export async function maySend(db: Kysely<Database>, caller: MessagingCaller): Promise<boolean> {
  if (caller.isAdmin) return true;
  const row = await db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.organization_id')
    .select(['u.profile', 'o.type'])
    .where('u.id', '=', caller.userId)
    .executeTakeFirst();
  const jobFunction = (row?.profile as { jobFunction?: unknown } | undefined)?.jobFunction;
  return (
    row?.type === MESSAGE_SENDER_ORGANIZATION_TYPE &&
    typeof jobFunction === 'string' &&
    (MESSAGE_SENDER_JOB_FUNCTIONS as readonly string[]).includes(jobFunction)
  );
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
export async function visibleDeal(db: Kysely<Database>, caller: MessagingCaller, dealId: number, field = 'dealId'): Promise<MessagingDeal> {
  const deal = await db.selectFrom('deals').select(['id', 'created_by', 'organization_id']).where('id', '=', dealId).executeTakeFirst();
  const found = deal ? { id: deal.id, createdBy: deal.created_by, organizationId: deal.organization_id } : undefined;
  if (found && (caller.isAdmin || (await canSeeDeal(db, caller.userId, found)))) return found;
  throw new ServiceRefusal('not found', `${field}: deal ${dealId} not found`);
}

async function canSeeDeal(db: Kysely<Database>, userId: string, deal: MessagingDeal): Promise<boolean> {
  if (deal.createdBy === null || deal.createdBy === userId) return true;
  if (deal.organizationId === null) return false;
  const user = await db.selectFrom('users').select('organization_id').where('id', '=', userId).executeTakeFirst();
  return user?.organization_id === deal.organizationId;
}
