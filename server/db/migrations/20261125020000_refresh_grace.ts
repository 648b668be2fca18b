import { type Kysely, sql } from 'kysely';

/**
 * The refresh-token grace window: when the last rotation happened and its successor token,
 * sealed (AES-GCM under a key derived from JWT_SECRET), so a second tab presenting the same
 * token moments later gets the same new token instead of ending the session as a replay.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table user_sessions add column rotated_at timestamptz, add column successor_sealed text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table user_sessions drop column rotated_at, drop column successor_sealed`.execute(db);
}
