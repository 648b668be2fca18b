import { type Kysely, sql } from 'kysely';

/**
 * The FWP filings the EDGAR poller has taken from the daily index, one row per accession number,
 * so no filing is ever fetched or queued twice: queued for review (its edgar_filings row), not a
 * pricing term sheet, or unreadable (a PDF, no document), with the reason.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table edgar_feed_filings (
    accession_number text primary key,
    cik text not null,
    company_name text not null,
    date_filed date not null,
    document_name text,
    status text not null check (status in ('queued', 'not a term sheet', 'unreadable')),
    reason text,
    filing_id integer references edgar_filings(id) on delete set null,
    fetched_at timestamptz not null)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table edgar_feed_filings`.execute(db);
}
