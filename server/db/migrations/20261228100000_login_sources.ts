import { type Kysely, sql } from 'kysely';

/**
 * Failed sign-ins hold back the source that failed, not the account (docs/accounts.md "Guessing"):
 * each failure records its device beside its IP, the devices an account has signed in from are
 * known, and the account-wide locks that failures used to set are lifted (an administrator's lock
 * is `users.locked_at`, untouched).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table login_failures add column device text`.execute(db);
  await sql`create index login_failures_source_idx on login_failures (email, ip, created_at)`.execute(db);
  await sql`create table known_devices (
    user_id text not null references users (id) on delete cascade,
    device text not null,
    last_seen_at timestamptz not null,
    primary key (user_id, device)
  )`.execute(db);
  await sql`delete from login_locks`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table known_devices`.execute(db);
  await sql`drop index login_failures_source_idx`.execute(db);
  await sql`alter table login_failures drop column device`.execute(db);
}
