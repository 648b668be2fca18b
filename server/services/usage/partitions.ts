import { type Kysely, sql } from 'kysely';
import { addDays, isoDate } from '../../../common/calendar';
import type { Database } from '../../db/schema';

/** Days of partitions made ahead of today, so events never wait for one. */
export const PARTITION_DAYS_AHEAD = 7;

const partitionName = (day: string) => `analytics_events_p${day.replaceAll('-', '')}`;

/**
 * Makes the analytics table's daily partitions from today to PARTITION_DAYS_AHEAD days ahead
 * (PostgreSQL and PGlite alike). A day whose events already sit in the default partition (the job
 * did not run in time) keeps them there — still read by every query — rather than fail the job.
 * Returns the partitions made.
 */
export async function ensureUsagePartitions(db: Kysely<Database>, nowMs: number): Promise<string[]> {
  const made: string[] = [];
  const today = isoDate(new Date(nowMs));
  for (let i = 0; i <= PARTITION_DAYS_AHEAD; i++) {
    const day = addDays(today, i);
    const name = partitionName(day);
    const exists = await sql<{ found: number }>`select 1 as found from pg_class where relname = ${name}`.execute(db);
    if (exists.rows.length > 0) continue;
    try {
      await sql`create table ${sql.id(name)} partition of analytics_events
        for values from (${sql.lit(`${day} 00:00:00+00`)}) to (${sql.lit(`${addDays(day, 1)} 00:00:00+00`)})`.execute(db);
      made.push(name);
    } catch (err) {
      // 23514: the default partition already holds rows of that day; they stay where they are.
      if ((err as { code?: string }).code !== '23514') throw err;
    }
  }
  return made;
}
