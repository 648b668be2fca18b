import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

export interface RecurringJob {
  /** Unique name; the lease row is keyed by it. */
  name: string;
  intervalMs: number;
  run(db: Kysely<Database>): Promise<void>;
}

/** This process's identity in job leases. */
export const instanceId = randomUUID();

/**
 * Takes or renews the lease for a job. Only one instance holds it at a time, so with several
 * servers on one PostgreSQL each recurring job still runs once per interval.
 */
export async function acquireLease(db: Kysely<Database>, name: string, ttlMs: number): Promise<boolean> {
  const result = await sql<{ name: string }>`
    insert into job_leases (name, owner, expires_at)
    values (${name}, ${instanceId}, now() + ${`${ttlMs} milliseconds`}::interval)
    on conflict (name) do update
      set owner = excluded.owner, expires_at = excluded.expires_at
      where job_leases.owner = ${instanceId} or job_leases.expires_at < now()
    returning name`.execute(db);
  return result.rows.length === 1;
}

/** Runs recurring jobs under leases; stop() waits for a run in progress to finish. */
export class Scheduler {
  private timers = new Map<string, NodeJS.Timeout>();
  private running = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(job: RecurringJob): void {
    const tick = async () => {
      if (this.stopped) return;
      try {
        if (await acquireLease(this.db, job.name, job.intervalMs * 3)) {
          await job.run(this.db);
          await this.db.updateTable('job_leases').set({ last_run_at: new Date() }).where('name', '=', job.name).execute();
        }
      } catch (err) {
        this.log.error({ err, job: job.name }, 'background job failed');
      }
    };
    const timer = setInterval(() => {
      const run = tick();
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }, job.intervalMs);
    timer.unref();
    this.timers.set(job.name, timer);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearInterval(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
