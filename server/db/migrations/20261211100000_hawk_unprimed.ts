import { type Kysely, sql } from 'kysely';

/**
 * Market hawk's evaluator looks for rules not yet checked on their bonds' current state on every
 * pass (every 2 s); with 100,000 subscriptions that was a scan of the whole table each time. The
 * partial index holds only the unprimed rules, almost always none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index hawk_subscriptions_unprimed_idx on hawk_subscriptions (id) where not primed`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index hawk_subscriptions_unprimed_idx`.execute(db);
}
