import { type Kysely, sql } from 'kysely';

/**
 * The help centre's index: articles, guides and workflows read from content/help/*.md at start
 * (the files are the source; these rows are rebuilt from them), with a weighted full-text vector
 * (title A, summary B, body C) that both engines compute as a stored generated column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table help_articles (
    path text primary key,
    kind text not null check (kind in ('guide', 'workflow', 'article')),
    title text not null,
    summary text not null default '',
    section text not null default '',
    position integer not null default 0,
    screen text,
    steps jsonb not null default '[]',
    body_md text not null,
    body_html text not null,
    body_text text not null,
    content_hash text not null,
    indexed_at timestamptz not null default now(),
    search tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') ||
      setweight(to_tsvector('english', summary), 'B') ||
      setweight(to_tsvector('english', body_text), 'C')) stored)`.execute(db);
  // fastupdate off: no pending list, which PGlite (no autovacuum) would let grow and which made the
  // planner scan every row even for a rare word (75 ms instead of ~3 ms at 5,000 articles).
  await sql`create index help_articles_search_idx on help_articles using gin (search) with (fastupdate = off)`.execute(db);
  await sql`create index help_articles_kind_idx on help_articles (kind, position, title)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table help_articles`.execute(db);
}
