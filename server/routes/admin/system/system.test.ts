import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemState } from '../../../../common/api/system';
import { recordSourceRun } from '../../../services/sources/sourceState';
import { createTestApp, signedIn, TEST_CLOCK_START, type TestContext } from '../../../test/testApp';

/**
 * The admin's view of the system: jobs with their last run, pause and run-now on the real
 * scheduler against the real database; migrations; the queues that need a person.
 */
/** The app's clock, held still. */
const T0 = TEST_CLOCK_START;

describe('system state and background jobs for admins', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  const state = async () => (await ctx.app.inject({ method: 'GET', url: '/admin/system', headers: admin })).json() as SystemState;
  const job = async (name: string) => (await state()).jobs.find((j) => j.name === name)!;
  const cleanup = () => ctx.app.recurringJobs.find((j) => j.name === 'accounts-cleanup')!;

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => T0 });
    admin = await signedIn(ctx, 'system-admin', { admin: true });
  });
  afterAll(() => ctx.close());

  it('lists every job this configuration runs, every migration applied and nothing needing attention on a fresh system', async () => {
    const s = await state();
    expect(s.jobs.map((j) => j.name).sort()).toEqual(ctx.app.recurringJobs.map((j) => j.name).sort());
    expect(s.jobs.every((j) => j.runs === 0 && j.lastStartedAt === null && j.nextRunAt === null && !j.paused)).toBe(true);
    expect(s.migrations.pending).toEqual([]);
    expect(s.migrations.applied.map((m) => m.name)).toContain('20261125140000_job_pause');
    expect(s.queues).toEqual({ outboxWaiting: 0, outboxFailing: 0, filingsNeedingReview: 0, unknownIdentifiers: 0, tradesMissingBonds: 0 });
    expect(s.attention).toEqual([]);
  });

  it('runs a job now, records the run and shows when the next one is due', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/admin/system/jobs/accounts-cleanup/run', headers: admin });
    expect(res.statusCode).toBe(202);
    await ctx.app.scheduler.runInProgress('accounts-cleanup');
    const after = await job('accounts-cleanup');
    expect(after).toMatchObject({ runs: 1, failures: 0, lastError: null, running: false });
    expect(Date.parse(after.nextRunAt!) - Date.parse(after.lastStartedAt!)).toBe(cleanup().intervalMs);
    const audit = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'job.run').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target_type: 'job', target_id: 'accounts-cleanup' });
  });

  it('a paused job is skipped by the scheduler on every tick until resumed; run-now still runs it', async () => {
    const paused = await ctx.app.inject({
      method: 'PUT',
      url: '/admin/system/jobs/accounts-cleanup',
      headers: admin,
      payload: { paused: true },
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ name: 'accounts-cleanup', paused: true, nextRunAt: null });
    // Expire this instance's lease, as after a restart, so only the pause can stop the tick.
    await ctx.database.db
      .updateTable('job_leases')
      .set({ expires_at: new Date(0) })
      .where('name', '=', 'accounts-cleanup')
      .execute();
    await ctx.app.scheduler.tick(cleanup());
    expect((await job('accounts-cleanup')).runs).toBe(1);
    expect((await state()).attention).toContainEqual({ message: 'Job accounts-cleanup is paused', path: '/bw/admin/migration' });

    expect((await ctx.app.inject({ method: 'POST', url: '/admin/system/jobs/accounts-cleanup/run', headers: admin })).statusCode).toBe(202);
    await ctx.app.scheduler.runInProgress('accounts-cleanup');
    expect((await job('accounts-cleanup')).runs).toBe(2);

    await ctx.app.inject({ method: 'PUT', url: '/admin/system/jobs/accounts-cleanup', headers: admin, payload: { paused: false } });
    await ctx.app.scheduler.tick(cleanup());
    expect((await job('accounts-cleanup')).runs).toBe(3);
    const actions = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('target_type', '=', 'job')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['job.run', 'job.pause', 'job.run', 'job.resume']);
    expect(actions[1]!.details).toEqual({ before: { paused: false }, after: { paused: true } });
  });

  it('refuses to run a job another instance is running, an unknown job and a malformed name', async () => {
    await ctx.database.db
      .updateTable('job_leases')
      .set({ owner: 'another-instance', expires_at: new Date(T0 + 3600_000), last_started_at: new Date(T0), last_finished_at: null })
      .where('name', '=', 'accounts-cleanup')
      .execute();
    const busy = await ctx.app.inject({ method: 'POST', url: '/admin/system/jobs/accounts-cleanup/run', headers: admin });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error).toMatch(/running now/);
    expect((await job('accounts-cleanup')).running).toBe(true);

    const unknown = await ctx.app.inject({ method: 'POST', url: '/admin/system/jobs/no-such-job/run', headers: admin });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/no-such-job/);
    const bad = await ctx.app.inject({ method: 'PUT', url: '/admin/system/jobs/bad%20name', headers: admin, payload: { paused: true } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/name/);
    const noBody = await ctx.app.inject({ method: 'PUT', url: '/admin/system/jobs/accounts-cleanup', headers: admin, payload: {} });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().error).toMatch(/paused/);
  });

  it('names the queues that need a person: failing e-mails and trades on unknown identifiers', async () => {
    const db = ctx.database.db;
    await db
      .insertInto('email_outbox')
      .values({
        kind: 'test',
        to_address: 'someone@example.com',
        subject: 'Hello',
        text_body: 'Hello',
        html_body: '<p>Hello</p>',
        created_at: new Date(T0),
        next_attempt_at: new Date(T0),
        attempts: 2,
        last_error: 'connection refused',
      })
      .execute();
    await db
      .insertInto('trades_missing_bonds')
      .values(
        ['037833AK6', '037833AK6', '594918BP8'].map((identifier) => ({
          identifier,
          execution_time: new Date(T0),
          quantity: '1000000',
          price: '99.5',
          side: 'customer_buy' as const,
          raw: JSON.stringify({}),
          source: 'test',
        })),
      )
      .execute();
    const s = await state();
    expect(s.queues).toMatchObject({ outboxWaiting: 1, outboxFailing: 1, unknownIdentifiers: 2, tradesMissingBonds: 3 });
    expect(s.attention).toContainEqual({ message: '1 e-mail(s) failing to send', path: '/bw/admin/migration' });
    expect(s.attention).toContainEqual({ message: '3 trade(s) on 2 unknown identifier(s)', path: '/bw/admin/trades-missing-bonds' });
  });
});

describe('the public market-data sources on the system page', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  // The app's clock, held still.
  const today = T0;
  const fiveDaysBefore = new Date(today - 5 * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    ctx = await createTestApp({ MARKET_SOURCE: 'public' }, { now: () => today });
    admin = await signedIn(ctx, 'sources-admin', { admin: true });
  });
  afterAll(() => ctx.close());

  it("shows the market source and each source's last run, rows, error and lag behind the app's today", async () => {
    const state = async () => (await ctx.app.inject({ method: 'GET', url: '/admin/system', headers: admin })).json() as SystemState;
    const fresh = await state();
    expect(fresh.marketSource).toBe('public');
    expect(fresh.sources).toEqual([]);
    await recordSourceRun(ctx.database.db, {
      source: 'finra',
      dataset: 'corporates',
      startedAt: new Date('2026-12-20T22:00:00Z'),
      finishedAt: new Date('2026-12-20T22:05:00Z'),
      rows: 250,
      error: 'FINRA answered 500 three times',
      dataThrough: fiveDaysBefore,
    });
    const s = await state();
    expect(s.sources).toEqual([
      {
        source: 'finra',
        dataset: 'corporates',
        lastStartedAt: '2026-12-20T22:00:00.000Z',
        lastFinishedAt: '2026-12-20T22:05:00.000Z',
        lastRows: 250,
        totalRows: 250,
        lastError: 'FINRA answered 500 three times',
        dataThrough: fiveDaysBefore,
        lagDays: 5,
        runs: 1,
        failures: 1,
      },
    ]);
    expect(s.attention).toContainEqual({
      message: 'Source finra (corporates) failed its last run: FINRA answered 500 three times',
      path: '/bw/admin/migration',
    });
  });
});
