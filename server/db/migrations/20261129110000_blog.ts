import { type Kysely, sql } from 'kysely';

/**
 * The blog: posts in Markdown (rendered and sanitised HTML kept beside the source), draft /
 * published / archived with a publish time (a published post in the future is scheduled and
 * appears when due), the slugs a post had before (old links redirect), and the authors an admin
 * marks (admins write too). The search vector is generated from stored text only, so both
 * engines compute it the same way.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column blog_author boolean not null default false`.execute(db);
  await sql`create table blog_posts (
    id integer generated always as identity primary key,
    slug text not null unique,
    title text not null,
    summary text not null default '',
    body_md text not null,
    body_html text not null,
    body_text text not null,
    tags text[] not null default '{}',
    tags_text text not null default '',
    cover_image text,
    status text not null check (status in ('draft', 'published', 'archived')),
    publish_at timestamptz,
    public boolean not null default false,
    author_id text references users(id) on delete set null,
    version integer not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (status <> 'published' or publish_at is not null),
    search tsvector generated always as (
      setweight(to_tsvector('english', title), 'A') ||
      setweight(to_tsvector('english', summary || ' ' || tags_text), 'B') ||
      setweight(to_tsvector('english', body_text), 'C')) stored)`.execute(db);
  await sql`create index blog_posts_search_idx on blog_posts using gin (search) with (fastupdate = off)`.execute(db);
  await sql`create index blog_posts_tags_idx on blog_posts using gin (tags) with (fastupdate = off)`.execute(db);
  await sql`create index blog_posts_published_idx on blog_posts (status, publish_at desc)`.execute(db);
  await sql`create table blog_slug_history (
    slug text primary key,
    post_id integer not null references blog_posts(id) on delete cascade,
    replaced_at timestamptz not null default now())`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table blog_slug_history`.execute(db);
  await sql`drop table blog_posts`.execute(db);
  await sql`alter table users drop column blog_author`.execute(db);
}
