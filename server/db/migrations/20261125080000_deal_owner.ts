import { type Kysely, sql } from 'kysely';

/**
 * Deals a banker creates from the new-issue calculator belong to them (and their organisation):
 * the calendar, the weekly record and the deal page show a deal with an owner only to that user
 * and that organisation's members. Market deals (simulated, imported) have no owner and show to
 * every subscriber, as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table deals
    add column created_by text references users(id) on delete cascade,
    add column organization_id text references organizations(id) on delete set null`.execute(db);
  await sql`create index deals_created_by_idx on deals (created_by) where created_by is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table deals drop column created_by, drop column organization_id`.execute(db);
}
