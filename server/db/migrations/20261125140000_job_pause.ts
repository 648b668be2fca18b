import { type Kysely, sql } from 'kysely';

/** An admin can pause a background job on every instance (the lease is refused while paused). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table job_leases add column paused boolean not null default false`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table job_leases drop column paused`.execute(db);
}
