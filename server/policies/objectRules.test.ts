import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canActOnAccount } from './accounts';
import { canEditBlogPost, mayWriteBlog } from './blogPosts';
import { canChangeDealMessage, canSeeDeal, maySendDealMessages, organizationNeeded } from './dealMessages';
import { OBJECT_RULES } from './objectRules';
import { canChangeSharedItem, canManageShare, canReadSharedItem, shareAllows } from './sharedItems';

const ROOT = resolve(import.meta.dirname, '../..');
const me = { userId: 'u-me', isAdmin: false };
const admin = { userId: 'u-admin', isAdmin: true };

// The refusals through the API, on a real database, are the routes' scenarios: user/access.test.ts
// (accounts), shares/shares.test.ts with bondTables and hawk (shared items and shares),
// messages/messages.test.ts (deal messages), blog/blog.test.ts (blog posts).
describe('the object-rules table is the code', () => {
  it('each predicate the table names is exported by the file it names, and each file it names calls one', async () => {
    for (const rule of OBJECT_RULES) {
      const module = (await import(resolve(ROOT, rule.file))) as Record<string, unknown>;
      for (const predicate of rule.predicates) expect(module[predicate.name], `${predicate.name} in ${rule.file}`).toBe(predicate);
      for (const caller of rule.callers) {
        const source = readFileSync(resolve(ROOT, caller), 'utf8');
        const called = rule.predicates.filter((p) => source.includes(`${p.name}(`)).map((p) => p.name);
        expect(called.length, `${caller} calls none of ${rule.predicates.map((p) => p.name).join(', ')}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('accounts: the owner, and an admin only where the route says ownOrAdmin', () => {
  it('allows the owner under either rule, an admin only under ownOrAdmin, nobody else', () => {
    expect(canActOnAccount('own', me, 'u-me')).toBe(true);
    expect(canActOnAccount('ownOrAdmin', me, 'u-me')).toBe(true);
    expect(canActOnAccount('own', admin, 'u-me')).toBe(false);
    expect(canActOnAccount('ownOrAdmin', admin, 'u-me')).toBe(true);
    expect(canActOnAccount('ownOrAdmin', me, 'u-other')).toBe(false);
    expect(canActOnAccount('own', me, undefined)).toBe(false);
  });
});

describe('shared items: the owner, then a live share by its permission', () => {
  it('a viewer reads but does not change; an editor does both; no share, neither; the owner always', () => {
    const item = { ownerId: 'u-owner' };
    expect([canReadSharedItem('u-owner', item, undefined), canChangeSharedItem('u-owner', item, undefined)]).toEqual([true, true]);
    expect([
      canReadSharedItem(me.userId, item, { permission: 'view' }),
      canChangeSharedItem(me.userId, item, { permission: 'view' }),
    ]).toEqual([true, false]);
    expect([
      canReadSharedItem(me.userId, item, { permission: 'edit' }),
      canChangeSharedItem(me.userId, item, { permission: 'edit' }),
    ]).toEqual([true, true]);
    expect([canReadSharedItem(me.userId, item, undefined), canChangeSharedItem(me.userId, item, undefined)]).toEqual([false, false]);
    expect([
      shareAllows(undefined, 'view'),
      shareAllows({ permission: 'view' }, 'edit'),
      shareAllows({ permission: 'edit' }, 'edit'),
    ]).toEqual([false, false, true]);
  });

  it('only the owner shares an item or changes its shares, whatever the share allows', () => {
    expect(canManageShare('u-owner', { ownerId: 'u-owner' })).toBe(true);
    expect(canManageShare(me.userId, { ownerId: 'u-owner' })).toBe(false);
  });
});

describe('deal messages: senders by role, deals by who made them, messages by their author', () => {
  it('sends as syndicate or DCM at a sell-side organisation, or as an admin; not as a trader, nor at the buy side', () => {
    expect(maySendDealMessages(me, { organizationType: 'sellside', jobFunction: 'syndicate' })).toBe(true);
    expect(maySendDealMessages(me, { organizationType: 'sellside', jobFunction: 'dcm' })).toBe(true);
    expect(maySendDealMessages(me, { organizationType: 'sellside', jobFunction: 'trader' })).toBe(false);
    expect(maySendDealMessages(me, { organizationType: 'buyside', jobFunction: 'syndicate' })).toBe(false);
    expect(maySendDealMessages(me, undefined)).toBe(false);
    expect(maySendDealMessages(admin, undefined)).toBe(true);
  });

  it('a market deal is everyone’s, a banker’s deal its creator’s and their organisation’s, every deal an admin’s', () => {
    const market = { createdBy: null, organizationId: null };
    const banker = { createdBy: 'u-banker', organizationId: 'org-bank' };
    expect(canSeeDeal(me, market, undefined)).toBe(true);
    expect(canSeeDeal({ userId: 'u-banker', isAdmin: false }, banker, undefined)).toBe(true);
    expect(canSeeDeal(me, banker, 'org-bank')).toBe(true);
    expect(canSeeDeal(me, banker, 'org-other')).toBe(false);
    expect(canSeeDeal(me, banker, null)).toBe(false);
    expect(canSeeDeal(me, { createdBy: 'u-banker', organizationId: null }, null)).toBe(false);
    expect(canSeeDeal(admin, banker, undefined)).toBe(true);
    // The organisation is read only when it decides.
    expect([organizationNeeded(me, market), organizationNeeded(admin, banker), organizationNeeded(me, banker)]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('a message is changed by its author or an admin', () => {
    expect(canChangeDealMessage(me, { authorUserId: 'u-me' })).toBe(true);
    expect(canChangeDealMessage(me, { authorUserId: 'u-other' })).toBe(false);
    expect(canChangeDealMessage(admin, { authorUserId: 'u-other' })).toBe(true);
  });
});

describe('blog posts: writers are admins and marked authors; a post is its author’s or an admin’s', () => {
  it('writes as an admin or a marked author; edits as the author or an admin', () => {
    expect([mayWriteBlog(me, false), mayWriteBlog(me, true), mayWriteBlog(admin, false)]).toEqual([false, true, true]);
    expect(canEditBlogPost(me, { authorId: 'u-me' })).toBe(true);
    expect(canEditBlogPost(me, { authorId: 'u-other' })).toBe(false);
    expect(canEditBlogPost(me, { authorId: null })).toBe(false);
    expect(canEditBlogPost(admin, { authorId: null })).toBe(true);
  });
});
