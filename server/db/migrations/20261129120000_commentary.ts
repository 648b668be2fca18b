import { type Kysely, sql } from 'kysely';

/**
 * Platform commentary: short dated market notes by administrators (headline + Markdown body),
 * shown on the market summary from their publish time; deleting keeps the row (deleted_at) so the
 * audit trail's target still exists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table platform_commentary (
    id integer generated always as identity primary key,
    headline text not null,
    body_md text not null,
    body_html text not null,
    publish_at timestamptz not null,
    author_id text references users(id) on delete set null,
    version integer not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    deleted_at timestamptz)`.execute(db);
  await sql`create index platform_commentary_publish_idx on platform_commentary (publish_at desc) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table platform_commentary`.execute(db);
}
