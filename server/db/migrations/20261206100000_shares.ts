import { type Kysely, sql } from 'kysely';

/**
 * Sharing and collaboration: one row per (item, recipient) invitation. The row's uuid is the
 * accept link; `status` moves pending → accepted, and ends as revoked (by the owner) or left (by
 * the recipient). Items are of four kinds with their own tables, so `item_id` is text without a
 * foreign key; deleting an item deletes its shares in the same statement's transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table shares (
      id uuid primary key,
      kind text not null check (kind in ('bond_table', 'pricing_sheet', 'hawk_subscription', 'blog_post')),
      item_id text not null,
      owner_id text not null references users (id) on delete cascade,
      recipient_email text not null,
      recipient_id text references users (id) on delete cascade,
      permission text not null check (permission in ('view', 'edit')),
      status text not null default 'pending' check (status in ('pending', 'accepted', 'revoked', 'left')),
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      accepted_at timestamptz,
      ended_at timestamptz
    )`.execute(db);
  // One live invitation per item and person: sharing again updates it instead of piling up links.
  await sql`create unique index shares_live_idx on shares (kind, item_id, recipient_email) where status in ('pending', 'accepted')`.execute(
    db,
  );
  // The access check of every request on a shared item: (recipient, kind, item).
  await sql`create index shares_recipient_idx on shares (recipient_id, kind, item_id) where status = 'accepted'`.execute(db);
  await sql`create index shares_owner_idx on shares (owner_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table shares`.execute(db);
}
