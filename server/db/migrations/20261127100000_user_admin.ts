import { type Kysely, sql } from 'kysely';

/**
 * The users admin page (/bw/admin/users): an administrator's lock (kept apart from the failed-login
 * lock of login_locks, which an unlock link lifts — an admin's lock only an admin lifts), the last
 * sign-in (for the filter and the sort, without reading sessions), when TOTP was turned on (the
 * detail shows second factors with the date they were added), and a version every admin change
 * bumps, so a second admin acting on what they read before is told (409), not silently
 * overwritten. Indexes for the list's filters and sorts over 100,000 users.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users
    add column locked_at timestamptz,
    add column locked_by text,
    add column last_login_at timestamptz,
    add column totp_enabled_at timestamptz,
    add column version integer not null default 0`.execute(db);
  await sql`update users u set last_login_at = s.last
    from (select user_id, max(created_at) as last from user_sessions group by user_id) s
    where s.user_id = u.id`.execute(db);
  await sql`update users set totp_enabled_at = updated_at where totp_secret is not null`.execute(db);
  await sql`create index users_organization_email_idx on users (organization_id, email)`.execute(db);
  await sql`create index users_created_idx on users (created_at, id)`.execute(db);
  await sql`create index users_last_login_idx on users (last_login_at, id)`.execute(db);
  await sql`create index users_name_idx on users (name, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_organization_email_idx`.execute(db);
  await sql`drop index users_created_idx`.execute(db);
  await sql`drop index users_last_login_idx`.execute(db);
  await sql`drop index users_name_idx`.execute(db);
  await sql`alter table users drop column locked_at, drop column locked_by, drop column last_login_at,
    drop column totp_enabled_at, drop column version`.execute(db);
}
