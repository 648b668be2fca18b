import { type Kysely, sql } from 'kysely';

/**
 * First-party product analytics: an append-only event table, partitioned by arrival day (the
 * partitions are made ahead by the analytics-partitions job; a default partition catches anything
 * that arrives before its day's partition exists, so an insert never fails for want of one).
 * Both engines are PostgreSQL, so PGlite gets the same partitioned table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table analytics_events (
      id bigint generated always as identity,
      received_at timestamptz not null default now(),
      occurred_at timestamptz not null,
      user_id text not null,
      organization_id text,
      role_type text,
      role_function text,
      device_id text not null,
      name text not null,
      path text,
      properties jsonb not null default '{}'::jsonb,
      forward boolean not null default false,
      primary key (received_at, id)
    ) partition by range (received_at)`.execute(db);
  await sql`create table analytics_events_default partition of analytics_events default`.execute(db);
  await sql`create index analytics_events_user_idx on analytics_events (user_id, received_at)`.execute(db);
  await sql`create index analytics_events_name_idx on analytics_events (name, received_at)`.execute(db);
  await sql`create index analytics_events_id_idx on analytics_events (id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table analytics_events`.execute(db);
}
