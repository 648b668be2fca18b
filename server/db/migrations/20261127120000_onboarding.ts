import { type Kysely, sql } from 'kysely';

/**
 * The onboarding queue (/bw/admin/users/onboarding): a sign-up whose e-mail domain belongs to no
 * organisation waits for an admin ('pending') to approve it, assign it an organisation, or reject
 * it ('rejected': the account is locked and the person told why). Earlier accounts are not queued.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column onboarding text, add column onboarded_at timestamptz, add column onboarded_by text`.execute(db);
  await sql`create index users_onboarding_pending_idx on users (created_at, id) where onboarding = 'pending'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_onboarding_pending_idx`.execute(db);
  await sql`alter table users drop column onboarding, drop column onboarded_at, drop column onboarded_by`.execute(db);
}
