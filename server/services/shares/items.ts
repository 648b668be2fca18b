/**
 * The four kinds of item that can be shared, seen alike: who owns one and what it is called. Each
 * kind lives in its own table with its own owner column; this is the one place that knows them.
 */
import type { Kysely } from 'kysely';
import type { ShareKind } from '../../../common/api/shares';
import type { Database } from '../../db/schema';

export interface ItemInfo {
  ownerId: string;
  name: string;
}

async function rowsOf(
  db: Kysely<Database>,
  kind: ShareKind,
  ids: readonly string[],
): Promise<{ id: string; owner: string | null; name: string }[]> {
  if (ids.length === 0) return [];
  switch (kind) {
    case 'bond_table': {
      const rows = await db.selectFrom('bond_tables').select(['id', 'owner_id', 'name']).where('id', 'in', ids).execute();
      return rows.map((r) => ({ id: String(r.id), owner: r.owner_id, name: r.name }));
    }
    case 'pricing_sheet': {
      const rows = await db.selectFrom('pricing_sheets').select(['id', 'owner_id', 'name']).where('id', 'in', ids.map(Number)).execute();
      return rows.map((r) => ({ id: String(r.id), owner: r.owner_id, name: r.name }));
    }
    case 'hawk_subscription': {
      const rows = await db
        .selectFrom('hawk_subscriptions')
        .select(['id', 'user_id', 'name', 'template'])
        .where('id', 'in', ids.map(Number))
        .execute();
      return rows.map((r) => ({
        id: String(r.id),
        owner: r.user_id,
        name: r.name ?? `Alert #${r.id}${r.template ? ` (${r.template})` : ''}`,
      }));
    }
    case 'blog_post': {
      const rows = await db.selectFrom('blog_posts').select(['id', 'author_id', 'title']).where('id', 'in', ids.map(Number)).execute();
      return rows.map((r) => ({ id: String(r.id), owner: r.author_id, name: r.title }));
    }
  }
}

/** The owner and name of one item, or undefined when there is no such item. */
export async function itemInfo(db: Kysely<Database>, kind: ShareKind, itemId: string): Promise<ItemInfo | undefined> {
  const [row] = await rowsOf(db, kind, [itemId]);
  return row && row.owner ? { ownerId: row.owner, name: row.name } : undefined;
}

/** Names of many items of one kind, by id (missing ids: deleted items). */
export async function itemNames(db: Kysely<Database>, kind: ShareKind, ids: readonly string[]): Promise<Map<string, ItemInfo>> {
  const rows = await rowsOf(db, kind, [...new Set(ids)]);
  return new Map(rows.filter((r) => r.owner).map((r) => [r.id, { ownerId: r.owner!, name: r.name }]));
}
