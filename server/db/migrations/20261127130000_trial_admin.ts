import { type Kysely, sql } from 'kysely';

/** The trials admin page (/bw/admin/trial): people listed by when their trial ends. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index users_trial_ends_idx on users (trial_ends_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_trial_ends_idx`.execute(db);
}
