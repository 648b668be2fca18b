import { type Kysely, sql } from 'kysely';

/**
 * Shared rate-limit counters for the auth endpoints (server/plugins/rateLimitStore.ts): with
 * several instances behind a load balancer, per-process counters let a client try N times as
 * many passwords as the limit says.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table rate_limit_hits (
    key text primary key,
    window_started_at timestamptz not null,
    hits integer not null)`.execute(db);
  await sql`create index rate_limit_hits_window_idx on rate_limit_hits (window_started_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists rate_limit_hits`.execute(db);
}
