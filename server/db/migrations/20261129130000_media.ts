import { type Kysely, sql } from 'kysely';

/** The media library: uploaded images and PDFs (bytes in the media store, facts here). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table media (
    id integer generated always as identity primary key,
    path text not null unique,
    name text not null,
    mime text not null,
    size integer not null,
    width integer,
    height integer,
    sha256 text not null,
    version integer not null default 1,
    uploaded_by text references users(id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now())`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table media`.execute(db);
}
