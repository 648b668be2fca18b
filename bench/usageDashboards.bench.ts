/**
 * Usage dashboards benchmark (issue 17 target: under 1 s over 10 million events on PostgreSQL):
 * `npm run bench:usage-dashboards [-- --engine postgres|pglite] [--events 10000000] [--days 90]`.
 *
 * Fills a scratch database's analytics table with BENCH events over the last `--days` arrival
 * days (daily partitions, as the partition job makes them): 5,000 users in 100 organisations and
 * six roles, 60 % page views over 12 routes, 35 % feature events, 5 % memory pings, with a
 * realistic skew (a few people do most of it). Then times the whole dashboards call
 * (`usageDashboards`, what GET /admin/usage runs) over the default 30 days and over every day
 * (all the events), cold after the fill and warm (median), first on the raw events (once; skip with
 * --skip-raw) and then after the roll-up job has summarised the closed days (median of 5). Prints
 * the load average with each figure.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { addDays, isoDate } from '../common/calendar';
import { migrateToLatest } from '../server/db/migrate';
import { ensureUsagePartitions } from '../server/services/usage/partitions';
import { rolledThrough, rollUpUsage } from '../server/services/usage/rollup';
import { figuresQuery, usageDashboards } from '../server/services/usage/usage';
import { benchPostgresUrl, type BenchEngine, openScratchDatabase } from './support/scratchDatabase';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const ENGINE = (arg('--engine') ?? (benchPostgresUrl ? 'postgres' : 'pglite')) as BenchEngine;
const EVENTS = Number(arg('--events') ?? 10_000_000);
const DAYS = Number(arg('--days') ?? 90);
const USERS = 5_000;
const CHUNK = 1_000_000;

const now = Date.now();
const today = isoDate(new Date(now));
const first = addDays(today, -(DAYS - 1));
const la = () => loadavg()[0]!.toFixed(1);
const ranges: Array<[string, string, string]> = [
  ['default 30 days', addDays(today, -29), today],
  [`every day (${DAYS})`, first, today],
];

async function time<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const t = performance.now();
  const result = await work();
  return { ms: performance.now() - t, result };
}

/**
 * The database server's own CPU time for the dashboards' statement (what usageDashboards runs),
 * read from /proc for its backend when the server is on this machine: on a loaded machine the wall
 * clock also counts the time spent waiting for a core.
 */
async function measureCpu(runs: number) {
  const cpuMs = (pid: number) => {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) * (1000 / 100);
  };
  console.log(`\n### PostgreSQL backend CPU for the statement, median of ${runs} (needs the server on this machine)`);
  console.log('| range | wall ms | server CPU ms | load average |');
  console.log('|---|---:|---:|---:|');
  for (const [name, from, to] of ranges) {
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let k = 0; k < runs; k++) {
      const ok = await handle.db.transaction().execute(async (trx) => {
        const pid = (await sql<{ p: number }>`select pg_backend_pid() as p`.execute(trx)).rows[0]!.p;
        if (!existsSync(`/proc/${pid}/stat`)) return false;
        await sql`set local work_mem = '64MB'`.execute(trx);
        await sql`set local jit = off`.execute(trx);
        const mark = (await rolledThrough(trx)) ?? '1970-01-01';
        const c = cpuMs(pid);
        const t = performance.now();
        await figuresQuery(from, to, mark).execute(trx);
        wall.push(performance.now() - t);
        cpu.push(cpuMs(pid) - c);
        return true;
      });
      if (!ok) return console.log('(the server is not on this machine)');
    }
    const median = (v: number[]) => v.sort((a, b) => a - b)[Math.floor(v.length / 2)]!.toFixed(0);
    console.log(`| ${name} | ${median(wall)} | ${median(cpu)} | ${la()} |`);
  }
}

const handle = await openScratchDatabase(ENGINE, 'usage', 10);
try {
  const db = handle.db;
  await migrateToLatest(db);
  // The events' secondary indexes are built once after the fill rather than kept up row by row
  // (the fill is several times faster); the primary key stays, as on a live table.
  const indexes = (
    await sql<{ name: string; def: string }>`select indexname as name, indexdef as def from pg_indexes
      where tablename = 'analytics_events' and indexname <> 'analytics_events_pkey'`.execute(db)
  ).rows;
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  // Past days' partitions, as the partition job would have made them on each of those days.
  for (let d = -DAYS; d <= 0; d++) await ensureUsagePartitions(db, now + d * 86_400_000);
  await sql`insert into organizations (id, token, name) select 'org-' || g, 'org-token-' || g, 'Org ' || g from generate_series(1, 100) g`.execute(
    db,
  );
  await sql`insert into users (id, email, password_hash, support_token, organization_id, created_at)
    select 'u-' || g, 'u-' || g || '@example.com', 'x', 'support-' || g, 'org-' || (g % 100 + 1),
      ${first}::timestamptz + (g % ${DAYS}) * interval '1 day'
    from generate_series(1, ${USERS}) g`.execute(db);

  const fill = await time(async () => {
    for (let done = 0; done < EVENTS; done += CHUNK) {
      const n = Math.min(CHUNK, EVENTS - done);
      // power(random(), 3) skews activity to the low user numbers, as real usage is skewed.
      await sql`
        insert into analytics_events (received_at, occurred_at, user_id, organization_id, role_type, role_function, device_id, name, path, properties)
        select t, t - interval '2 seconds', 'u-' || u, 'org-' || (u % 100 + 1),
          (array['Trader','Portfolio manager','Analyst'])[u % 3 + 1], (array['IG credit','HY credit'])[u % 2 + 1],
          'device-' || u, e.name, e.route,
          case when e.name = 'page.view' then jsonb_build_object('route', e.route) else '{"column":"ytw"}'::jsonb end
        from (
          select ${first}::timestamptz + random() * (${now}::double precision / 1000 - extract(epoch from ${first}::timestamptz)) * interval '1 second' as t,
            1 + floor(power(random(), 3) * ${USERS})::int as u, random() as x, floor(random() * 12)::int as r
          from generate_series(1, ${n})
        ) g
        cross join lateral (
          select case when g.x < 0.6 then 'page.view' when g.x < 0.95 then (array['bond_table.sort','bond_table.filter','bond_table.export','calculator.export','alert.created'])[1 + floor(g.x * 1000)::int % 5] else 'memory.usage' end as name,
            (array['/bw/bond','/bw/market/summary','/bw/bond/:id/pricing','/bw/primary/new-issues','/bw/history','/bw/alerts','/bw/sector/overview','/bw/term-structure-change','/bw/market/moves','/bw/help','/bw/blog','/bw/account'])[g.r + 1] as route
        ) e`.execute(db);
      console.log(`  filled ${(done + n).toLocaleString('en-US')} events (load average ${la()})`);
    }
    for (const index of indexes) await sql.raw(index.def.replace(' ON ONLY ', ' ON ')).execute(db);
    await sql`vacuum analyze`.execute(db);
  });
  const total = Number((await sql<{ n: string }>`select count(*) as n from analytics_events`.execute(db)).rows[0]!.n);
  console.log(
    `\n## ${ENGINE}: ${total.toLocaleString('en-US')} events over ${DAYS} days, ${USERS} users (filled in ${(fill.ms / 1000).toFixed(0)} s)`,
  );

  const measure = async (label: string, runs: number) => {
    console.log(`\n### ${label}`);
    console.log(`| range | events in range | cold ms | warm median ms (${runs}) | load average |`);
    console.log('|---|---:|---:|---:|---:|');
    for (const [name, from, to] of ranges) {
      const cold = await time(() => usageDashboards(db, from, to));
      const warm: number[] = [];
      for (let k = 0; k < runs; k++) warm.push((await time(() => usageDashboards(db, from, to))).ms);
      warm.sort((a, b) => a - b);
      console.log(
        `| ${name} | ${cold.result.events.toLocaleString('en-US')} | ${cold.ms.toFixed(0)} | ${warm[Math.floor(runs / 2)]!.toFixed(0)} | ${la()} |`,
      );
    }
  };
  if (!process.argv.includes('--skip-raw')) await measure('raw events (no roll-up yet)', 1);
  // The roll-up job's work: every closed day (all but today), as its runs would over the days.
  const rollup = await time(async () => {
    let days = 0;
    for (let n = 1; n > 0; days += n) n = (await rollUpUsage(db, now)).length;
    await sql`analyze analytics_days, analytics_group_days, analytics_use_days, analytics_member_months, analytics_use_months`.execute(db);
    return days;
  });
  const rows = async (table: string) =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
  console.log(
    `\n  rolled up ${rollup.result} days in ${(rollup.ms / 1000).toFixed(0)} s (load average ${la()}): ` +
      `${(await rows('analytics_member_months')).toLocaleString('en-US')} person-months, ${(await rows('analytics_use_months')).toLocaleString('en-US')} person-month-uses`,
  );
  await measure('after the roll-up (today read raw)', 5);
  if (ENGINE === 'postgres') await measureCpu(5);
} finally {
  // --keep leaves the filled database for a look with psql (PostgreSQL: bw_usage_bench_<pid>).
  if (process.argv.includes('--keep')) await handle.close();
  else await handle.cleanup();
}
