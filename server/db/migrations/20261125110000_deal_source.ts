import { type Kysely, sql } from 'kysely';

/** Where a deal came from: the market feed, the new-issue calculator, an admin, or an EDGAR term sheet. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table deals add column source text not null default 'market'
    check (source in ('market', 'calculator', 'admin', 'edgar'))`.execute(db);
  await sql`update deals set source = 'calculator' where created_by is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table deals drop column source`.execute(db);
}
