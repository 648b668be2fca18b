import type { SharePermission } from '@common/api/shares';

/**
 * Saved tables, pricing sheets and market hawk subscriptions are their owner's alone unless
 * shared: a live (accepted) share from the item's current owner lets its recipient read it, and
 * change it when the share's permission is `edit`. The database lookups are the services'
 * (server/services/shares/access.ts reads the item and the caller's share in one query); these
 * predicates are the decision.
 */

/** The caller's live share of an item, as the decision needs it (undefined: none). */
export interface ShareHeld {
  permission: SharePermission;
}

/** Whether a live share allows what the caller asks: viewers may read, editors also change. */
export function shareAllows(share: ShareHeld | undefined, need: SharePermission): boolean {
  return share !== undefined && (need === 'view' || share.permission === 'edit');
}

/** Whether the caller may read an owned item: its owner, or the holder of a live share of it. */
export function canReadSharedItem(userId: string, item: { ownerId: string }, share: ShareHeld | undefined): boolean {
  return item.ownerId === userId || shareAllows(share, 'view');
}

/** Whether the caller may change an owned item: its owner, or the holder of a live `edit` share. */
export function canChangeSharedItem(userId: string, item: { ownerId: string }, share: ShareHeld | undefined): boolean {
  return item.ownerId === userId || shareAllows(share, 'edit');
}

/** Whether the caller may share an item, or change or revoke its shares: the item's owner only (an editor may not). */
export function canManageShare(userId: string, share: { ownerId: string }): boolean {
  return share.ownerId === userId;
}
