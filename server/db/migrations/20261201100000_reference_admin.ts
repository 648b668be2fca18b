import { type Kysely, sql } from 'kysely';

/**
 * The reference-data admin pages (/bw/admin/issuers, sectors, display-name, review):
 * - issuers and sectors get a `version` every admin change bumps (a second admin editing what they
 *   read before is told, 409) and issuers an `updated_at`, which the bond-table snapshot and the
 *   issuer directory watch so an edited name shows within a second rather than at the ten-minute
 *   full reload. `if not exists`: another room may add the same columns.
 * - display_name_overrides: how an issuer or a bond is named in tables, kept apart from the
 *   imported reference value so a re-import does not undo it.
 * - review_decisions: what a person decided about an item of a review queue (accept, correct,
 *   dismiss), one per item (a price flagged in two queues is decided once); the queues themselves
 *   are computed by SQL over prices and trades.
 * - audit_log.client_address: the address each audited change came from (the audit log's "from
 *   which address"), written by writeAudit from the request being handled.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table issuers
    add column if not exists version integer not null default 0,
    add column if not exists updated_at timestamptz not null default now()`.execute(db);
  await sql`create index if not exists issuers_updated_idx on issuers (updated_at)`.execute(db);
  await sql`create index if not exists issuers_parent_idx on issuers (parent_issuer_id) where parent_issuer_id is not null`.execute(db);
  await sql`alter table sectors add column if not exists version integer not null default 0`.execute(db);
  await sql`create table display_name_overrides (
     subject_type text not null check (subject_type in ('issuer', 'bond')),
     subject_id integer not null,
     display_name text not null,
     version integer not null default 0,
     updated_by text,
     updated_at timestamptz not null default now(),
     primary key (subject_type, subject_id))`.execute(db);
  await sql`create table review_decisions (
     id bigint generated always as identity primary key,
     queue text not null,
     item_key text not null unique,
     bond_id integer references bonds(id) on delete cascade,
     decision text not null check (decision in ('accept', 'correct', 'dismiss')),
     note text,
     details jsonb not null default '{}'::jsonb,
     decided_by text,
     decided_at timestamptz not null default now())`.execute(db);
  await sql`create index review_decisions_decided_idx on review_decisions (decided_at desc)`.execute(db);
  await sql`alter table audit_log add column if not exists client_address text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table audit_log drop column if exists client_address`.execute(db);
  await sql`drop table if exists review_decisions`.execute(db);
  await sql`drop table if exists display_name_overrides`.execute(db);
  await sql`alter table sectors drop column if exists version`.execute(db);
  await sql`drop index if exists issuers_parent_idx`.execute(db);
  await sql`drop index if exists issuers_updated_idx`.execute(db);
  await sql`alter table issuers drop column if exists version, drop column if exists updated_at`.execute(db);
}
