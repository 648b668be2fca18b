import { type Kysely, sql } from 'kysely';

/**
 * The audit log's filters, each an index the newest-first page (ordered by id, which follows
 * insertion) reads in order: by action, by subject, by actor.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index audit_log_action_idx on audit_log (action, id desc)`.execute(db);
  await sql`create index audit_log_target_idx on audit_log (target_type, target_id, id desc)`.execute(db);
  await sql`create index audit_log_actor_idx on audit_log (actor_user_id, id desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index audit_log_action_idx`.execute(db);
  await sql`drop index audit_log_target_idx`.execute(db);
  await sql`drop index audit_log_actor_idx`.execute(db);
}
