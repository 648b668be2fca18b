import { type Kysely, sql } from 'kysely';

/**
 * Public market-data sources (FINRA, the Treasury, EDGAR) load in runs that may stop part-way:
 * one row per source and dataset keeps where the next run resumes (its cursor, written in the
 * same transaction as the rows it covers), what the last run did, and how recent the data is,
 * for the admin system page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table source_states (
      source text not null,
      dataset text not null,
      cursor text,
      last_started_at timestamptz,
      last_finished_at timestamptz,
      last_rows integer not null default 0,
      total_rows bigint not null default 0,
      last_error text,
      data_through date,
      runs bigint not null default 0,
      failures bigint not null default 0,
      updated_at timestamptz not null default now(),
      primary key (source, dataset)
    )`.execute(db);
  // A bond whose coupon structure the pricing cannot value (a floater without its index, a step
  // coupon) is stored and shown, but left unpriced rather than priced wrong; this says why.
  await sql`alter table bonds add column not_priced_reason text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table bonds drop column not_priced_reason`.execute(db);
  await sql`drop table source_states`.execute(db);
}
