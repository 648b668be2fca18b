import { type Kysely, sql } from 'kysely';

/**
 * The market's version (services/market/queries/marketVersion.ts) reads the latest Treasury
 * curve write once a second: an index makes max(updated_at) a lookup, not a scan of every
 * curve date's points.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index treasury_curve_points_updated_idx on treasury_curve_points (updated_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index treasury_curve_points_updated_idx`.execute(db);
}
