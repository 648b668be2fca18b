import { type Kysely, sql } from 'kysely';

/**
 * The product's own error store (used when no Sentry DSN is configured): browser reports and the
 * server's own 5xx errors side by side, each with the fingerprint that groups it (message shape +
 * top stack frame) and the release it came from.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table client_errors add column source text not null default 'browser'`.execute(db);
  await sql`alter table client_errors add column fingerprint text`.execute(db);
  await sql`alter table client_errors add column release text`.execute(db);
  await sql`create index client_errors_fingerprint_idx on client_errors (fingerprint, created_at)`.execute(db);
  await sql`create index client_errors_created_idx on client_errors (created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index client_errors_created_idx`.execute(db);
  await sql`drop index client_errors_fingerprint_idx`.execute(db);
  await sql`alter table client_errors drop column release`.execute(db);
  await sql`alter table client_errors drop column fingerprint`.execute(db);
  await sql`alter table client_errors drop column source`.execute(db);
}
