import { MESSAGE_SENDER_JOB_FUNCTIONS, MESSAGE_SENDER_ORGANIZATION_TYPE } from '@common/api/messages';
import type { PolicyCaller } from './caller';

/**
 * Deal messages on the primary pages: who sends them, which deals a caller may message about or
 * follow, and who may change a message. The services (server/services/messaging/) read the
 * caller's organisation and profile; these predicates decide.
 */

/** The sender as the send rule needs them: their organisation's type and their job function. */
export interface SenderProfile {
  organizationType: string | null | undefined;
  jobFunction: unknown;
}

/** Whether the caller may send deal messages: syndicate or DCM at a sell-side organisation, or an admin. */
export function maySendDealMessages(caller: PolicyCaller, sender: SenderProfile | undefined): boolean {
  if (caller.isAdmin) return true;
  return (
    sender?.organizationType === MESSAGE_SENDER_ORGANIZATION_TYPE &&
    typeof sender.jobFunction === 'string' &&
    (MESSAGE_SENDER_JOB_FUNCTIONS as readonly string[]).includes(sender.jobFunction)
  );
}

/** A deal as the visibility rule needs it. */
export interface DealOwnership {
  /** Null: a market deal everyone sees; else a banker's deal seen by its creator and their organisation. */
  createdBy: string | null;
  organizationId: string | null;
}

/**
 * Whether the caller may see a deal (as the deal lists decide): market deals everyone, a banker's
 * deal its creator and their organisation, every deal an admin. `callerOrganizationId` is read
 * only when it decides (`organizationNeeded`).
 */
export function canSeeDeal(caller: PolicyCaller, deal: DealOwnership, callerOrganizationId: string | null | undefined): boolean {
  if (caller.isAdmin || deal.createdBy === null || deal.createdBy === caller.userId) return true;
  return deal.organizationId !== null && callerOrganizationId === deal.organizationId;
}

/** Whether `canSeeDeal` needs the caller's organisation to decide (so the service reads it only then). */
export function organizationNeeded(caller: PolicyCaller, deal: DealOwnership): boolean {
  return !caller.isAdmin && deal.createdBy !== null && deal.createdBy !== caller.userId && deal.organizationId !== null;
}

/** Whether the caller may edit or delete a message they can see: its author or an admin. */
export function canChangeDealMessage(caller: PolicyCaller, message: { authorUserId: string }): boolean {
  return caller.isAdmin || message.authorUserId === caller.userId;
}
