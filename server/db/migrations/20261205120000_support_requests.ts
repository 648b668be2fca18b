import { type Kysely, sql } from 'kysely';

/** "Contact support" requests: kept for the admins' list, e-mailed to the support address. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table support_requests (
      id bigint generated always as identity primary key,
      user_id text not null references users (id) on delete cascade,
      subject text not null,
      message text not null,
      page text,
      status text not null default 'open' check (status in ('open', 'closed')),
      created_at timestamptz not null default now(),
      closed_at timestamptz,
      closed_by text
    )`.execute(db);
  await sql`create index support_requests_status_idx on support_requests (status, id)`.execute(db);
  await sql`create index support_requests_user_idx on support_requests (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table support_requests`.execute(db);
}
