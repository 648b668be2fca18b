import { type Kysely, Migrator, sql } from 'kysely';
import type { SystemState } from '../../../common/api/system';
import { migrations as allMigrations } from '../../db/migrations';
import type { Database } from '../../db/schema';
import type { RecurringJob } from '../../jobs/scheduler';
import { OUTBOX_MAX_ATTEMPTS } from '../accounts/mail';
import { getMaintenanceMode } from '../settings';
import { listSourceStates } from '../sources/sourceState';
import { listJobStates } from './jobs';

/** Migrations this build knows, applied (with when) and pending, from Kysely's own table. */
async function migrationStates(db: Kysely<Database>): Promise<SystemState['migrations']> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => allMigrations } });
  const infos = await migrator.getMigrations();
  const applied = infos.filter((m) => m.executedAt).map((m) => ({ name: m.name, appliedAt: m.executedAt!.toISOString() }));
  const pending = infos.filter((m) => !m.executedAt).map((m) => ({ name: m.name, appliedAt: null }));
  return { applied, pending };
}

async function queueCounts(db: Kysely<Database>): Promise<SystemState['queues']> {
  const { rows } = await sql<{ waiting: string; failing: string; filings: string; identifiers: string; trades: string }>`
    select
      (select count(*) from email_outbox where sent_at is null and attempts < ${OUTBOX_MAX_ATTEMPTS}) as waiting,
      (select count(*) from email_outbox where sent_at is null and last_error is not null) as failing,
      (select count(*) from edgar_filings where status = 'needs review') as filings,
      (select count(distinct identifier) from trades_missing_bonds) as identifiers,
      (select count(*) from trades_missing_bonds) as trades`.execute(db);
  const r = rows[0]!;
  return {
    outboxWaiting: Number(r.waiting),
    outboxFailing: Number(r.failing),
    filingsNeedingReview: Number(r.filings),
    unknownIdentifiers: Number(r.identifiers),
    tradesMissingBonds: Number(r.trades),
  };
}

const DAY_MS = 86_400_000;

/** Each public source's datasets, with the lag of their data behind today (calendar days, UTC). */
async function sourceStates(db: Kysely<Database>, now: number): Promise<SystemState['sources']> {
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  return (await listSourceStates(db)).map(({ cursor: _cursor, ...s }) => ({
    ...s,
    lagDays: s.dataThrough ? Math.max(0, Math.round((today - Date.parse(`${s.dataThrough}T00:00:00Z`)) / DAY_MS)) : null,
  }));
}

/**
 * The state of the system for the admin home: maintenance, every background job, migrations,
 * the queues, and the list of what needs a person now (each with the admin page to go to).
 */
export async function systemState(
  db: Kysely<Database>,
  jobs: readonly RecurringJob[],
  now: number,
  marketSource: SystemState['marketSource'],
): Promise<SystemState> {
  const [maintenanceMode, jobStates, migrations, queues, sources] = await Promise.all([
    getMaintenanceMode(db, now),
    listJobStates(db, jobs),
    migrationStates(db),
    queueCounts(db),
    sourceStates(db, now),
  ]);
  const attention: SystemState['attention'] = [];
  if (maintenanceMode)
    attention.push({ message: 'Maintenance mode is on: people see the maintenance page', path: '/bw/admin/maintenance' });
  for (const job of jobStates) {
    if (job.lastError) attention.push({ message: `Job ${job.name} failed its last run: ${job.lastError}`, path: '/bw/admin/migration' });
    else if (job.paused) attention.push({ message: `Job ${job.name} is paused`, path: '/bw/admin/migration' });
    // Three intervals without a start: no instance is running it (all stopped, or the lease stuck).
    else if (job.lastStartedAt && now - Date.parse(job.lastStartedAt) > 3 * job.intervalMs && !job.running)
      attention.push({ message: `Job ${job.name} has not run since ${job.lastStartedAt}`, path: '/bw/admin/migration' });
  }
  for (const source of sources) {
    if (source.lastError)
      attention.push({
        message: `Source ${source.source} (${source.dataset}) failed its last run: ${source.lastError}`,
        path: '/bw/admin/migration',
      });
  }
  if (migrations.pending.length)
    attention.push({ message: `${migrations.pending.length} database migration(s) pending`, path: '/bw/admin/migration' });
  if (queues.outboxFailing) attention.push({ message: `${queues.outboxFailing} e-mail(s) failing to send`, path: '/bw/admin/migration' });
  if (queues.filingsNeedingReview)
    attention.push({ message: `${queues.filingsNeedingReview} EDGAR term sheet(s) need review`, path: '/bw/admin/edgar' });
  if (queues.unknownIdentifiers)
    attention.push({
      message: `${queues.tradesMissingBonds} trade(s) on ${queues.unknownIdentifiers} unknown identifier(s)`,
      path: '/bw/admin/trades-missing-bonds',
    });
  return { maintenanceMode, marketSource, jobs: jobStates, sources, migrations, queues, attention };
}
