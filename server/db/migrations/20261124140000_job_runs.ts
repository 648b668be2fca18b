import { type Kysely, sql } from 'kysely';

/**
 * Each recurring job's last run — start, end, duration and error — kept on its lease row, for
 * the admin console's jobs page and for anyone asking "is the backfill stuck?".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table job_leases
    add column last_started_at timestamptz,
    add column last_finished_at timestamptz,
    add column last_duration_ms integer,
    add column last_error text,
    add column runs bigint not null default 0,
    add column failures bigint not null default 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table job_leases drop column last_started_at, drop column last_finished_at,
    drop column last_duration_ms, drop column last_error, drop column runs, drop column failures`.execute(db);
}
