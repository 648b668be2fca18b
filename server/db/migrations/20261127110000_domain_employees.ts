import { type Kysely, sql } from 'kysely';

/**
 * The domains admin page (/bw/admin/users/domains): a domain also says whether the people on it
 * are employees (no trial, like the EMPLOYEE_EMAIL_DOMAINS of the configuration), and when it was
 * last changed, so a second admin editing the same domain from an older reading is told (409).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table organization_domains
    add column employee boolean not null default false,
    add column updated_at timestamptz not null default now()`.execute(db);
  await sql`create index organization_domains_employee_idx on organization_domains (domain) where employee`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index organization_domains_employee_idx`.execute(db);
  await sql`alter table organization_domains drop column employee, drop column updated_at`.execute(db);
}
