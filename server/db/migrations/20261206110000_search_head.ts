import { type Kysely, sql } from 'kysely';

/**
 * A second, small search vector per document: title (A) and summary/tags (B) only. Search takes
 * its candidates from it and from the full vector, each cut off at a fixed number, and ranks only
 * those (services/content/search.ts): a word found in every document no longer makes the query
 * read and rank every stored vector.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table help_articles add column search_head tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary), 'B')) stored`.execute(db);
  await sql`alter table blog_posts add column search_head tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', summary || ' ' || tags_text), 'B')) stored`.execute(
    db,
  );
  await sql`create index help_articles_search_head_idx on help_articles using gin (search_head) with (fastupdate = off)`.execute(db);
  await sql`create index blog_posts_search_head_idx on blog_posts using gin (search_head) with (fastupdate = off)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table help_articles drop column search_head`.execute(db);
  await sql`alter table blog_posts drop column search_head`.execute(db);
}
