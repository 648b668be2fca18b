import type { PolicyCaller } from './caller';

/** Routes on one account (`/v2/user/:id/…`): the caller's own only, or also an admin's. */
export type AccountAccess = 'own' | 'ownOrAdmin';

/**
 * Whether the caller may act on the account `accountId` under a route's account rule: their own
 * always; someone else's only under `ownOrAdmin`, and only as an admin. Second factors, the
 * password, terms and sending invites are `own`: an admin never changes them for someone.
 * Enforced by the access hook (server/plugins/access.ts) from the route's declaration.
 */
export function canActOnAccount(rule: AccountAccess, caller: PolicyCaller, accountId: string | undefined): boolean {
  return accountId === caller.userId || (rule === 'ownOrAdmin' && caller.isAdmin);
}
