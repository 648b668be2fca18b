import { canActOnAccount } from './accounts';
import { canEditBlogPost, mayWriteBlog } from './blogPosts';
import { canChangeDealMessage, canSeeDeal, maySendDealMessages } from './dealMessages';
import { canChangeSharedItem, canManageShare, canReadSharedItem, shareAllows } from './sharedItems';

/**
 * Every rule about which object a user may read or change, once, in words: docs/access.md's
 * "Object rules" is generated from this table (server/plugins/accessDoc.ts), and
 * server/policies/objectRules.test.ts checks that each predicate named here is exported by the
 * file named here and that the services named here call it. Route-level access (public, user,
 * admin, feature, subscription) is the route's declaration; field-level gating is gatedData.ts.
 */
export interface ObjectRule {
  /** What the object is, in words. */
  object: string;
  /** Who may read it. */
  read: string;
  /** Who may change it (and what a refused caller is answered). */
  change: string;
  /** The predicates that decide, exported by `file`. */
  predicates: readonly ((...args: never[]) => boolean)[];
  /** The policy file, from the repository root. */
  file: string;
  /** The services and plugins that call the predicates, from the repository root. */
  callers: readonly string[];
}

export const OBJECT_RULES: readonly ObjectRule[] = [
  {
    object: 'an account (`/v2/user/:id/…`): its profile, preferences, terms, second factors, password, invites',
    read: 'its owner; an admin too where the route declares `ownOrAdmin`',
    change:
      'the same; second factors, the password, consenting to terms and sending invites are `own` (never an admin for someone) — 403 otherwise',
    predicates: [canActOnAccount],
    file: 'server/policies/accounts.ts',
    callers: ['server/plugins/access.ts'],
  },
  {
    object: 'a saved bond table, a pricing sheet, a market hawk subscription',
    read: 'its owner, and whoever holds a live (accepted) share of it from its current owner; anyone else 404, as an unknown id',
    change: 'its owner, and the holder of a live `edit` share (audited); a viewer 403; deleting: its owner only',
    predicates: [canReadSharedItem, canChangeSharedItem, shareAllows],
    file: 'server/policies/sharedItems.ts',
    callers: [
      'server/services/shares/access.ts',
      'server/services/bondTables/index.ts',
      'server/services/primary/pricingSheets.ts',
      'server/services/hawk/subscriptions.ts',
    ],
  },
  {
    object: 'a share of an item (`/v2/share…`)',
    read: 'its owner and its recipient',
    change:
      "sharing an item, changing a share's permission or revoking it: the item's owner only (someone else's item reads as unknown, 404; a recipient 403); the recipient accepts, declines or leaves",
    predicates: [canManageShare],
    file: 'server/policies/sharedItems.ts',
    callers: ['server/services/shares/invite.ts', 'server/services/shares/manage.ts'],
  },
  {
    object: 'a deal and its messages (`/v2/primary/message…`)',
    read: "a market deal everyone; a banker's deal its creator and their organisation; every deal an admin (else 404). A message: its author, its recipients and admins",
    change:
      'sending: syndicate or DCM users at a sell-side organisation, and admins (403 otherwise); editing or deleting a message: its author or an admin (a recipient 403, anyone else 404)',
    predicates: [maySendDealMessages, canSeeDeal, canChangeDealMessage],
    file: 'server/policies/dealMessages.ts',
    callers: ['server/services/messaging/access.ts', 'server/services/messaging/messages.ts'],
  },
  {
    object: 'a blog post',
    read: 'everyone once published; drafts their author, admins and colleagues it is shared with',
    change:
      'writing: admins and users an admin marked as authors (403 otherwise); changing a post: its author or an admin, or an `edit` share holder (its words, not when or where it is published)',
    predicates: [mayWriteBlog, canEditBlogPost],
    file: 'server/policies/blogPosts.ts',
    callers: ['server/services/content/blog/authors.ts', 'server/services/content/blog/rows.ts'],
  },
];
