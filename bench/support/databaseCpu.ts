/**
 * CPU time spent by the PostgreSQL backends serving a benchmark's database, read from /proc: on
 * a loaded, shared machine wall times say more about the neighbours than the code, and a
 * benchmark's own process CPU leaves out the work the database did for it. Works only with a
 * PostgreSQL server on this machine, read as root or its own user (else answers null).
 */
import { readFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';

const TICKS_PER_SECOND = 100;

/** Sum of user + system CPU, in ms, of every backend connected to the current database now. */
export async function databaseCpuMs(db: Kysely<any>): Promise<number | null> {
  const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database()`.execute(db);
  let ticks = 0;
  try {
    for (const { pid } of rows) {
      // Fields after the command's closing parenthesis: state is field 3, utime 14 and stime 15.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  } catch {
    return null;
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
