import { type Kysely, sql } from 'kysely';

/**
 * EDGAR pricing term sheets (FWP) as uploaded: the document, what was read from it (or an admin's
 * correction), the problems left, and the deal made from it. One row per distinct document.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table edgar_filings (
    id integer generated always as identity primary key,
    file_name text not null,
    content_type text not null check (content_type in ('html', 'text')),
    digest text not null unique,
    source text not null,
    status text not null check (status in ('parsed', 'needs review', 'rejected', 'imported')),
    layout text,
    reading jsonb,
    problems jsonb not null default '[]',
    corrected boolean not null default false,
    deal_id integer references deals(id) on delete set null,
    uploaded_by text references users(id) on delete set null,
    created_at timestamptz not null,
    updated_at timestamptz not null)`.execute(db);
  await sql`create index edgar_filings_created_idx on edgar_filings (created_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table edgar_filings`.execute(db);
}
