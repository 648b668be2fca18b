import type { Kysely } from 'kysely';
import type { JobState } from '../../../common/api/system';
import type { Database } from '../../db/schema';
import type { RecurringJob, Scheduler } from '../../jobs/scheduler';
import { writeAudit } from '../audit';
import { ServiceRefusal } from '../refusal';

export class JobControlError extends ServiceRefusal {}

function jobNamed(jobs: readonly RecurringJob[], name: string): RecurringJob {
  const job = jobs.find((j) => j.name === name);
  if (!job) throw new JobControlError('not found', `No background job is named "${name}"`);
  return job;
}

/** Every job this configuration runs, with its last run as the lease row records it. */
export async function listJobStates(db: Kysely<Database>, jobs: readonly RecurringJob[]): Promise<JobState[]> {
  const rows = await db.selectFrom('job_leases').selectAll().execute();
  const byName = new Map(rows.map((r) => [r.name, r]));
  return jobs.map((job) => {
    const r = byName.get(job.name);
    const started = r?.last_started_at ?? null;
    const finished = r?.last_finished_at ?? null;
    const paused = r?.paused ?? false;
    return {
      name: job.name,
      intervalMs: job.intervalMs,
      paused,
      running: started !== null && (finished === null || finished < started),
      lastStartedAt: started?.toISOString() ?? null,
      lastFinishedAt: finished?.toISOString() ?? null,
      lastDurationMs: r?.last_duration_ms ?? null,
      lastError: r?.last_error ?? null,
      runs: Number(r?.runs ?? 0),
      failures: Number(r?.failures ?? 0),
      nextRunAt: paused || started === null ? null : new Date(started.getTime() + job.intervalMs).toISOString(),
    };
  });
}

/** Pauses or resumes a job on every instance (ticks are refused its lease while paused); audited. */
export async function setJobPaused(
  db: Kysely<Database>,
  jobs: readonly RecurringJob[],
  name: string,
  paused: boolean,
  actorUserId: string,
): Promise<JobState> {
  const job = jobNamed(jobs, name);
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('job_leases').select('paused').where('name', '=', job.name).forUpdate().executeTakeFirst();
    await trx
      .insertInto('job_leases')
      .values({ name: job.name, owner: '', expires_at: new Date(0), paused })
      .onConflict((oc) => oc.column('name').doUpdateSet({ paused }))
      .execute();
    await writeAudit(trx, {
      actorUserId,
      action: paused ? 'job.pause' : 'job.resume',
      targetType: 'job',
      targetId: job.name,
      details: { before: { paused: before?.paused ?? false }, after: { paused } },
    });
  });
  return (await listJobStates(db, [job]))[0]!;
}

/** Starts a job now on this instance (paused or not); refused while a run is in progress anywhere. Audited. */
export async function runJobNow(
  db: Kysely<Database>,
  scheduler: Scheduler,
  jobs: readonly RecurringJob[],
  name: string,
  actorUserId: string,
): Promise<void> {
  const job = jobNamed(jobs, name);
  const outcome = await scheduler.runNow(job);
  if (outcome === 'running') throw new JobControlError('conflict', `The job "${name}" is running now; wait for this run to finish`);
  await writeAudit(db, { actorUserId, action: 'job.run', targetType: 'job', targetId: job.name });
}
