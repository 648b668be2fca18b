import { type Kysely, sql } from 'kysely';

/** Pricing sheets: saved new-issue calculator worksheets, owner-only, with the states saves replaced. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table pricing_sheets (
    id integer generated always as identity primary key,
    owner_id text not null references users(id) on delete cascade,
    name text not null,
    notes text not null default '',
    content jsonb not null,
    version integer not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now())`.execute(db);
  await sql`create index pricing_sheets_owner_idx on pricing_sheets (owner_id, updated_at desc)`.execute(db);
  await sql`create table pricing_sheet_versions (
    sheet_id integer not null references pricing_sheets(id) on delete cascade,
    version integer not null,
    name text not null,
    notes text not null,
    content jsonb not null,
    saved_at timestamptz not null,
    primary key (sheet_id, version))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table pricing_sheet_versions`.execute(db);
  await sql`drop table pricing_sheets`.execute(db);
}
