import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { type ChannelListener, listenerOf } from '../db/channels';
import type { Database } from '../db/schema';
import { EVENTS_CHANNEL, parseEventsNotice } from '../services/events';

/**
 * What a run is given besides the database: the scheduler's clock (the app's), so a job reads the
 * time its server is told rather than the machine's, and tests move it instead of sleeping.
 */
export interface JobContext {
  now(): number;
}

export interface RecurringJob {
  /** Unique name; the lease row is keyed by it. */
  name: string;
  intervalMs: number;
  run(db: Kysely<Database>, context: JobContext): Promise<void>;
  /**
   * Event types (services/events.ts) whose commit runs the job at once rather than at its next
   * interval (see Scheduler.listen): work that waits on events need not wait for the timer.
   */
  wakeOn?: readonly string[];
  /**
   * How long a taken lease lasts (default three intervals): a job whose run can outlast that
   * (a first load of a public source) says so, or another instance would take the lease mid-run.
   */
  leaseMs?: number;
}

/** This process's identity in job leases. */
export const instanceId = randomUUID();

/**
 * Takes or renews the lease for a job at `nowMs` (the scheduler's clock, the app's: instances of one
 * deployment read the same time, and tests expire a lease by moving their clock). Only one instance
 * holds it at a time, so with several servers on one PostgreSQL each recurring job still runs once
 * per interval. A paused job's lease is refused to every instance.
 */
export async function acquireLease(db: Kysely<Database>, name: string, ttlMs: number, nowMs: number): Promise<boolean> {
  const now = new Date(nowMs);
  const result = await sql<{ name: string }>`
    insert into job_leases (name, owner, expires_at)
    values (${name}, ${instanceId}, ${new Date(nowMs + ttlMs)})
    on conflict (name) do update
      set owner = excluded.owner, expires_at = excluded.expires_at
      where (job_leases.owner = ${instanceId} or job_leases.expires_at < ${now}) and not job_leases.paused
    returning name`.execute(db);
  return result.rows.length === 1;
}

/**
 * Takes the lease for an admin's "run now", paused or not, from whichever instance holds it —
 * unless a run is in progress there (started and not finished), so a job never runs twice at once.
 */
async function seizeLease(db: Kysely<Database>, name: string, ttlMs: number, nowMs: number): Promise<boolean> {
  const result = await sql<{ name: string }>`
    insert into job_leases (name, owner, expires_at)
    values (${name}, ${instanceId}, ${new Date(nowMs + ttlMs)})
    on conflict (name) do update
      set owner = excluded.owner, expires_at = excluded.expires_at
      where job_leases.owner = ${instanceId} or job_leases.expires_at < ${new Date(nowMs)}
        or job_leases.last_started_at is null or job_leases.last_finished_at >= job_leases.last_started_at
    returning name`.execute(db);
  return result.rows.length === 1;
}

/** What the scheduler needs of time: a clock and a repeating timer (tests pass their own). */
export interface SchedulerTime {
  now(): number;
  every(ms: number, tick: () => void): () => void;
}

/** Real time: the wall clock and unref'd intervals. */
export const realTime: SchedulerTime = {
  now: () => Date.now(),
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};

/** One job's last run, as recorded on its lease row (the admin console lists these). */
export interface JobRunRecord {
  name: string;
  owner: string;
  lastStartedAt: Date | null;
  lastFinishedAt: Date | null;
  lastDurationMs: number | null;
  lastError: string | null;
  runs: number;
  failures: number;
}

/** Every job's last run, by name. */
export async function listJobRuns(db: Kysely<Database>): Promise<JobRunRecord[]> {
  const rows = await db.selectFrom('job_leases').selectAll().orderBy('name').execute();
  return rows.map((r) => ({
    name: r.name,
    owner: r.owner,
    lastStartedAt: r.last_started_at,
    lastFinishedAt: r.last_finished_at,
    lastDurationMs: r.last_duration_ms,
    lastError: r.last_error,
    runs: Number(r.runs),
    failures: Number(r.failures),
  }));
}

/**
 * Runs recurring jobs under leases. A job never starts while its previous run in this process is
 * still going (a 3-s job that takes 10 s runs back to back, not three at once), leases keep
 * instances apart, and each run's start, end, duration and error are recorded on the lease row.
 * stop() waits for runs in progress.
 */
export class Scheduler {
  private stops = new Map<string, () => void>();
  private running = new Map<string, Promise<void>>();
  /** Jobs woken while running here: each runs once more when its run ends (however many wakes came). */
  private followUps = new Set<string>();
  private finished = new Map<string, Array<() => void>>();
  private listener: ChannelListener | undefined;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly time: SchedulerTime = realTime,
  ) {}

  start(job: RecurringJob): void {
    this.stops.set(
      job.name,
      this.time.every(job.intervalMs, () => void this.tick(job)),
    );
  }

  /**
   * One tick of a job: skipped while its previous run is still going; otherwise runs it if this
   * instance holds (or takes) the lease. Resolves when that run is over.
   */
  tick(job: RecurringJob): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const inFlight = this.running.get(job.name);
    if (inFlight) return inFlight;
    return this.launch(job, false);
  }

  /**
   * Runs a job now because something it waits on happened (an event's NOTIFY). Under the lease
   * like a tick, so with several instances listening only the holder runs it. A wake during a run
   * here asks for one more run after it (the running pass may have read before the event
   * committed); any number of wakes during one run coalesce into that one.
   */
  wake(job: RecurringJob): void {
    if (this.stopped) return;
    if (this.running.has(job.name)) this.followUps.add(job.name);
    else void this.tick(job);
  }

  /**
   * Listens on the events channel and wakes each job whose `wakeOn` names one of a notice's
   * types (a notice too large to name them wakes every such job; so does a reconnection, which
   * may have missed some). Without a listener on this database handle, the intervals alone run
   * the jobs.
   */
  async listen(jobs: readonly RecurringJob[]): Promise<void> {
    const waking = jobs.filter((j) => (j.wakeOn?.length ?? 0) > 0);
    const listen = listenerOf(this.db);
    if (waking.length === 0 || !listen || this.stopped || this.listener) return;
    this.listener = await listen(
      EVENTS_CHANNEL,
      (payload) => {
        const { types } = parseEventsNotice(payload);
        for (const job of waking) if (types.length === 0 || types.some((t) => job.wakeOn!.includes(t))) this.wake(job);
      },
      () => waking.forEach((job) => this.wake(job)),
    );
    if (this.stopped) await this.listener.close();
  }

  /** Resolves when the next run of the job in this process ends (whatever started it). */
  nextRunEnd(name: string): Promise<void> {
    return new Promise((resolve) => {
      const list = this.finished.get(name) ?? [];
      list.push(resolve);
      this.finished.set(name, list);
    });
  }

  private launch(job: RecurringJob, leaseTaken: boolean): Promise<void> {
    const run = this.runOnce(job, leaseTaken).finally(() => {
      this.running.delete(job.name);
      const waiting = this.finished.get(job.name);
      this.finished.delete(job.name);
      waiting?.forEach((resolve) => resolve());
      if (this.followUps.delete(job.name)) void this.tick(job);
    });
    this.running.set(job.name, run);
    return run;
  }

  /**
   * An admin's "run now": starts the job here at once (paused or not) unless it is already
   * running here or on another instance. Resolves with what happened; the run goes on after.
   */
  async runNow(job: RecurringJob): Promise<'started' | 'running'> {
    if (this.running.has(job.name)) return 'running';
    if (!(await seizeLease(this.db, job.name, job.leaseMs ?? job.intervalMs * 3, this.time.now()))) return 'running';
    if (this.running.has(job.name)) return 'running';
    void this.launch(job, true);
    return 'started';
  }

  /** The run of a job in progress in this process, if any (tests wait on it). */
  runInProgress(name: string): Promise<void> | undefined {
    return this.running.get(name);
  }

  private async runOnce(job: RecurringJob, leaseTaken = false): Promise<void> {
    try {
      if (!leaseTaken && !(await acquireLease(this.db, job.name, job.leaseMs ?? job.intervalMs * 3, this.time.now()))) return;
    } catch (err) {
      this.log.error({ err, job: job.name }, 'background job could not take its lease');
      return;
    }
    const started = this.time.now();
    await this.record(job.name, { last_started_at: new Date(started) });
    let error: string | null = null;
    try {
      await job.run(this.db, { now: () => this.time.now() });
    } catch (err) {
      error = err instanceof Error ? err.message.slice(0, 2000) : String(err).slice(0, 2000);
      this.log.error({ err, job: job.name }, 'background job failed');
    }
    const finished = this.time.now();
    await this.record(job.name, {
      last_finished_at: new Date(finished),
      last_run_at: new Date(finished),
      last_duration_ms: Math.max(0, Math.round(finished - started)),
      last_error: error,
      runs: sql<string>`runs + 1`,
      ...(error ? { failures: sql<string>`failures + 1` } : {}),
    });
  }

  private async record(name: string, values: Record<string, unknown>): Promise<void> {
    try {
      await this.db.updateTable('job_leases').set(values).where('name', '=', name).execute();
    } catch (err) {
      this.log.warn({ err, job: name }, 'could not record the job run');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.followUps.clear();
    await this.listener?.close().catch(() => {});
    for (const stop of this.stops.values()) stop();
    this.stops.clear();
    await Promise.allSettled([...this.running.values()]);
  }
}
