/**
 * Market API benchmark (not a test): `npm run bench:api [-- --engine pglite|postgres|both] [--reuse]`.
 *
 * Builds a BENCH_BONDS-bond universe (30,000 by default) with the simulator's seedUniverse and
 * BENCH_DAYS business days of priced history (5 by default), adds a synthetic one-year
 * end-of-day history for a few bonds (so the one-year price-history figure reads a full year),
 * starts the real server on 127.0.0.1 and runs BENCH_CLIENTS concurrent clients (50) — plain
 * HTTP loops with keep-alive in a separate process (support/loadClients.ts), bounded by
 * BENCH_REQUESTS in total and BENCH_SECONDS — over random bond-table pages (support/requestMix.ts:
 * random primary/secondary sort, filters, pages of 100) and, with BENCH_MIX=mixed (default), the
 * other market endpoints; then reports p50/p95 per endpoint; then single-client latencies
 * (bond-table page, one-year price history, CSV of the whole universe, summary, index).
 *
 * PGlite runs file-backed in BENCH_PGLITE_DIR (.tmp/bench-api); PostgreSQL uses the database
 * bw_bench_api on BENCH_DATABASE_URL (or TEST_DATABASE_URL). `--reuse` keeps a universe built by
 * an earlier run. Targets: bond-table page p95 < 30 ms at 50 concurrent; price history < 20 ms.
 *
 * `--instances N` (PostgreSQL) runs N API instances on the one database — this process's and N-1
 * children (support/apiInstance.ts), as deploy/ runs several behind nginx — with the clients
 * spread over them; the server CPU reported is all instances' together.
 *
 * Diagnostics: `--profile FILE` writes a CPU profile of the server's main thread over the timed
 * load only (FILE.<engine>.cpuprofile, Chrome DevTools format); `--heap-profile FILE` samples what
 * the main thread allocates over it (FILE.<engine>.heapprofile, collected objects included); BENCH_CLIENT_PROFILE=DIR profiles
 * the load clients' process; BENCH_MIX=only:<endpoint name> loads one endpoint of the mix alone.
 * BENCH_LIVE_MARKET=1 runs the background jobs, the simulated market's ticks included, as `npm start` does;
 * BENCH_MARKET_TIME=<ISO instant> starts the server's clock there (a session of the simulated market).
 * The report gives each endpoint's mean body size and, on PostgreSQL, the backends' CPU.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { fork, spawnSync } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { availableParallelism, loadavg } from 'node:os';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { BOND_TABLE_COLUMNS } from '../common/enums';
import { DEFAULT_BOND_TABLE_COLUMNS } from '../common/api/bondTables';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { type DatabaseHandle, openPglite, openPostgres } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { signAccessToken } from '../server/plugins/auth';
import { seedUniverse } from '../server/services/market/simulator/index';
import { mulberry32 } from '@common/random';
import { withServerNodeOptions } from '../scripts/nodeOptions.mjs';
import { databaseCpuMs } from './support/databaseCpu';
import { get, type LoadPlan, type LoadResult } from './support/loadClients';
import { bondTableUrl, nextRequest, type Universe } from './support/requestMix';
import type { InstancePlan } from './support/apiInstance';

// The server runs in this process: run it with the Node options `npm start` gives the server.
if (process.env.NODE_OPTIONS !== withServerNodeOptions(process.env.NODE_OPTIONS)) {
  const again = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: withServerNodeOptions(process.env.NODE_OPTIONS) },
  });
  process.exit(again.status ?? 1);
}

const BONDS = Number(process.env.BENCH_BONDS ?? 30_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 90);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);
/** `mixed` (default) or `table`: bond-table pages only, to see the table path on its own. */
const MIX = process.env.BENCH_MIX ?? 'mixed';
const IPS_PER_CLIENT = 8;
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const REUSE = process.argv.includes('--reuse');
/** `--profile FILE`: a CPU profile of the server's main thread over the timed load only (Chrome DevTools format). */
const PROFILE_FILE = arg('--profile');
/** `--heap-profile FILE`: where the main thread's allocations over the timed load come from (sampled, collected objects included). */
const HEAP_PROFILE_FILE = arg('--heap-profile');
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
/** `--instances N` (PostgreSQL): N API instances on the one database, the clients spread over them. */
const INSTANCES = Math.max(1, Number(arg('--instances') ?? 1));
let benchDatabaseUrl = '';
const ENGINES = (arg('--engine') ?? (PG_URL ? 'both' : 'pglite')) === 'both' ? ['pglite', 'postgres'] : [arg('--engine')!];
const SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
/**
 * BENCH_MARKET_TIME=<ISO instant>: the server's clock starts there and runs on with real time, so
 * the live market (BENCH_LIVE_MARKET=1) trades during a session even when the real market is
 * closed. Pick a trading day after the universe's last (seeded up to the business day before today).
 */
const MARKET_TIME = process.env.BENCH_MARKET_TIME ? Date.parse(process.env.BENCH_MARKET_TIME) : undefined;
if (MARKET_TIME !== undefined && Number.isNaN(MARKET_TIME)) throw new Error('BENCH_MARKET_TIME must be an ISO instant');
const realStart = Date.now();
const serverNow = MARKET_TIME === undefined ? Date.now : () => MARKET_TIME + (Date.now() - realStart);

const rng = mulberry32;

async function openEngine(engine: string): Promise<DatabaseHandle> {
  if (engine === 'pglite') {
    const dir = process.env.BENCH_PGLITE_DIR ?? '.tmp/bench-api';
    if (!REUSE && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return openPglite(dir);
  }
  if (!PG_URL) throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) for the PostgreSQL run');
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const exists = (await admin.query(`select 1 from pg_database where datname = 'bw_bench_api'`)).rowCount;
  if (!REUSE || !exists) {
    await admin.query('drop database if exists bw_bench_api with (force)');
    await admin.query('create database bw_bench_api');
  }
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = '/bw_bench_api';
  benchDatabaseUrl = url.toString();
  return openPostgres(benchDatabaseUrl, 20);
}

/** Seeds (unless reusing a seeded database) and extends a few bonds' history to one year. */
async function prepare(handle: DatabaseHandle): Promise<void> {
  const db = handle.db;
  await migrateToLatest(db);
  const have = Number(
    (
      await db
        .selectFrom('bonds')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (have < BONDS) {
    const t = performance.now();
    let last = '';
    await seedUniverse(db, {
      bonds: BONDS,
      historyDays: DAYS,
      now: Date.now,
      progress: (label, done, total) => {
        const line = `  ${label} ${Math.floor((100 * done) / Math.max(1, total))}%`;
        if (line !== last && (done === total || done % Math.max(1, Math.floor(total / 4)) === 0)) console.log((last = line));
      },
    });
    console.log(`  seeded ${BONDS} bonds × ${DAYS} days in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  // One year of closes for the 10 most traded bonds, before their earliest real close.
  await sql`
    insert into evaluated_prices (bond_id, price_date, kind, as_of, clean_price, yield, g_spread_bp, confidence, inputs)
    select t.bond_id, d::date, 'eod', d + interval '21 hours', 100 + sin(extract(doy from d) / 9.0), 0.05, 120, 60, '{"bench":"synthetic year"}'
    from (select s.bond_id, (select min(price_date) from evaluated_prices e where e.bond_id = s.bond_id and e.kind = 'eod') as first
          from bond_market_state s order by s.volume desc, s.bond_id limit 10) t,
         generate_series(t.first - interval '365 days', t.first - interval '1 day', interval '1 day') d
    where extract(isodow from d) < 6
    on conflict do nothing`.execute(db);
  // Vacuumed as well as analysed: on a freshly seeded PostgreSQL, autovacuum would otherwise
  // set the new rows' visibility during the timed run (one run measured 2,155 req/s that way,
  // against 2,480-2,690 on the same database settled).
  await sql`vacuum analyze`.execute(db);
}

async function universeOf(handle: DatabaseHandle): Promise<Universe> {
  const db = handle.db;
  const ids = (await db.selectFrom('bonds').select('id').execute()).map((r) => r.id);
  const history = await sql<{ bond_id: number }>`
    select bond_id from evaluated_prices where kind = 'eod' group by bond_id order by count(*) desc limit 10`.execute(db);
  return {
    bondIds: ids,
    historyBondIds: history.rows.map((r) => r.bond_id),
    issuerIds: (await db.selectFrom('issuers').select('id').execute()).map((r) => r.id),
    sectorCodes: (await db.selectFrom('sectors').select('code').execute()).map((r) => r.code),
    seniorities: (await db.selectFrom('bonds').select('seniority').distinct().execute()).map((r) => r.seniority),
    tickers: (await db.selectFrom('issuers').select('ticker').limit(200).execute()).map((r) => r.ticker),
  };
}

function pct(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

function report(samples: Map<string, { ms: number[]; errors: number; bytes?: number }>): void {
  console.log('  | endpoint | n | p50 ms | p95 ms | p99 ms | max ms | errors | mean body KB |');
  console.log('  |---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [name, s] of [...samples.entries()].sort((a, b) => b[1].ms.length - a[1].ms.length)) {
    const ms = [...s.ms].sort((a, b) => a - b);
    const f = (v: number) => v.toFixed(1);
    console.log(
      `  | ${name} | ${ms.length} | ${f(pct(ms, 50))} | ${f(pct(ms, 95))} | ${f(pct(ms, 99))} | ${f(ms.at(-1) ?? NaN)} | ${s.errors} | ${s.bytes === undefined ? '—' : f(s.bytes / 1024 / Math.max(1, ms.length + s.errors))} |`,
    );
  }
}

async function runEngine(engine: string): Promise<void> {
  console.log(`\n## ${engine}: ${BONDS} bonds, ${DAYS} days of history, ${CLIENTS} clients`);
  const handle = await openEngine(engine);
  await prepare(handle);
  const u = await universeOf(handle);
  const env = {
    NODE_ENV: 'development',
    DATA_DIR: '.tmp/bench-api-data',
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'silent',
    // BENCH_LIVE_MARKET=1: the simulated market ticks during the run (every LIVE_TICK_MS, 5 s by
    // default) as it does in `npm start`, so each tick's snapshot refresh is in the figures.
    LIVE_MARKET: process.env.BENCH_LIVE_MARKET === '1' ? 'true' : 'false',
    ...(process.env.LIVE_TICK_MS ? { LIVE_TICK_MS: process.env.LIVE_TICK_MS } : {}),
    SEED_DEMO: 'false',
  };
  const app = await buildApp({ config: loadConfig(env), db: handle.db, logger: false, now: serverNow });
  await app.listen({ host: '127.0.0.1', port: 0 });
  if (process.env.BENCH_LIVE_MARKET === '1') {
    // As server/index.ts does: every background job of this configuration, the live market's included.
    for (const job of app.recurringJobs) app.scheduler.start(job);
    await app.scheduler.listen(app.recurringJobs);
  }
  const port = (app.server.address() as { port: number }).port;
  if (INSTANCES > 1 && MARKET_TIME !== undefined)
    throw new Error('BENCH_MARKET_TIME runs one instance (the others would keep the real clock)');
  if (INSTANCES > 1 && engine !== 'postgres')
    console.log(`  (--instances applies to PostgreSQL: PGlite is one process's embedded database)`);
  const others = engine === 'postgres' ? await startInstances(INSTANCES - 1, benchDatabaseUrl, env) : [];
  const ports = [port, ...others.map((o) => o.port)];
  // A real user (an employee, so no trial stands between it and market data): access needs one.
  await sql`insert into users (id, email, password_hash, support_token, is_admin)
    values ('bench', 'bench@bondwise.com', 'x', 'support-bench', false) on conflict (id) do nothing`.execute(handle.db);
  const token = await signAccessToken(SECRET, { userId: 'bench', scopes: ['user'], ttlSeconds: 3600 }, serverNow);
  const probe = await get(new http.Agent(), port, '/v2/bond?limit=1', token);
  if (probe.status !== 200) throw new Error(`the benchmark's user cannot read the bond table: HTTP ${probe.status}`);

  // Warm-up: plan caches, JIT, PGlite buffers.
  const warm = new http.Agent({ keepAlive: true });
  for (const p of ports) {
    const wr = rng(1);
    for (let k = 0; k < 100; k++) await get(warm, p, nextRequest(wr, u, MIX).url, token);
    // Warm every sort column, as a server that has been up a while has them (orders are built
    // on first use per snapshot; see docs/market-data.md §D on what a live tick costs).
    for (const column of BOND_TABLE_COLUMNS) await get(warm, p, `/v2/bond?sort=${column}&limit=1`, token);
    // And every row's JSON for all columns and the web's default set, which a running server
    // makes on first use and keeps until the bond moves (bondList.ts): without this a 15-s run
    // spent ~10 % of its server CPU making them.
    for (const columns of ['', `&columns=${DEFAULT_BOND_TABLE_COLUMNS.join(',')}`])
      for (let offset = 0; offset < u.bondIds.length; offset += 500)
        await get(warm, p, `/v2/bond?limit=500&offset=${offset}${columns}`, token);
  }

  const profiler = PROFILE_FILE ? new Session() : undefined;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const heapProfiler = HEAP_PROFILE_FILE ? new Session() : undefined;
  if (heapProfiler) {
    heapProfiler.connect();
    await heapProfiler.post('HeapProfiler.enable');
    await heapProfiler.post('HeapProfiler.startSampling', {
      samplingInterval: 256 * 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  const load0 = loadavg()[0]!;
  const cpu0 = process.cpuUsage();
  const othersCpu0 = await Promise.all(others.map((o) => o.cpuMs()));
  const dbCpu0 = engine === 'postgres' ? await databaseCpuMs(handle.db) : null;
  const plan: LoadPlan = {
    port,
    ports,
    token,
    universe: u,
    clients: CLIENTS,
    requests: REQUESTS,
    seconds: SECONDS,
    thinkMs: THINK_MS,
    mix: MIX,
    ipsPerClient: IPS_PER_CLIENT,
  };
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./support/loadClients.ts', import.meta.url)), [], {
      execArgv: [
        '--import',
        'tsx',
        ...(process.env.BENCH_CLIENT_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CLIENT_PROFILE}`] : []),
      ],
    });
    child.once('message', (m) => resolve(m as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => (code ? reject(new Error(`load clients exited with ${code}`)) : undefined));
    child.send(plan);
  });
  const { issued, seconds } = result;
  const cpu = process.cpuUsage(cpu0);
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(`${PROFILE_FILE}.${engine}.cpuprofile`, JSON.stringify(profile));
    profiler.disconnect();
  }
  if (heapProfiler) {
    const { profile } = await heapProfiler.post('HeapProfiler.stopSampling');
    writeFileSync(`${HEAP_PROFILE_FILE}.${engine}.heapprofile`, JSON.stringify(profile));
    heapProfiler.disconnect();
  }
  const othersCpu1 = await Promise.all(others.map((o) => o.cpuMs()));
  const cpuMs = (cpu.user + cpu.system) / 1000 + othersCpu1.reduce((sum, c, k) => sum + c - othersCpu0[k]!, 0);
  console.log(
    `\n### ${CLIENTS} concurrent clients (${MIX} mix): ${issued} requests in ${seconds.toFixed(1)} s (${(issued / seconds).toFixed(0)} req/s), load average ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}, think time ${THINK_MS} ms`,
  );
  console.log(
    `  server process${ports.length > 1 ? `es' (${ports.length} instances)` : ''} CPU ${(cpuMs / 1000).toFixed(1)} s = ${(cpuMs / Math.max(1, issued)).toFixed(2)} ms per request (server and ${engine === 'pglite' ? 'PGlite' : 'the pg client'}; the clients run in their own process)`,
  );
  console.log(
    `  load clients' process CPU ${(result.clientCpuMs / 1000).toFixed(1)} s = ${(result.clientCpuMs / Math.max(1, issued)).toFixed(2)} ms per request (of the machine's ${availableParallelism()} cores)`,
  );
  const dbCpu1 = dbCpu0 === null ? null : await databaseCpuMs(handle.db);
  if (dbCpu0 !== null && dbCpu1 !== null)
    console.log(
      `  PostgreSQL backends' CPU ${((dbCpu1 - dbCpu0) / 1000).toFixed(1)} s = ${((dbCpu1 - dbCpu0) / Math.max(1, issued)).toFixed(2)} ms per request`,
    );
  report(new Map(Object.entries(result.samples)));

  // Single client: the intrinsic latency of each call without queueing behind 49 others.
  const single = new Map<string, { ms: number[]; errors: number }>();
  const one = async (name: string, url: string, n: number) => {
    for (let k = 0; k < n; k++) {
      const t = performance.now();
      const res = await get(warm, port, typeof url === 'string' ? url : url, token);
      const s = single.get(name) ?? { ms: [], errors: 0 };
      single.set(name, s);
      if (res.status === 200) s.ms.push(performance.now() - t);
      else s.errors++;
    }
  };
  const sr = rng(99);
  for (let k = 0; k < 300; k++) await one('bond table page', bondTableUrl(sr, u), 1);
  for (let k = 0; k < 100; k++) await one('bond table page, default view', '/v2/bond', 1);
  for (let k = 0; k < 100; k++) await one('price history 1y', `/v2/bond/${u.historyBondIds[k % u.historyBondIds.length]}/price-history`, 1);
  await one('bond CSV, whole universe', '/v2/download/bonds.csv', 3);
  await one('market summary', '/v2/market/summary?metric=spread', 5);
  await one('market detail 1y (IG 10Y spread)', '/v2/market/detail?metric=spread&segment=IG&tenor=10Y', 3);
  await one('market index 1y', '/v2/market/index', 3);
  await one('market moves 1w', '/v2/market/moves?metric=price&period=1w', 3);
  console.log('\n### single client (sequential)');
  report(single);

  // The database alone for one year of one bond's closes.
  const bondId = u.historyBondIds[0]!;
  const q: number[] = [];
  for (let k = 0; k < 100; k++) {
    const t = performance.now();
    await sql`select price_date, clean_price, yield, g_spread_bp, confidence from evaluated_prices
      where bond_id = ${bondId} and kind = 'eod' and price_date > current_date - 400 order by price_date`.execute(handle.db);
    q.push(performance.now() - t);
  }
  q.sort((a, b) => a - b);
  console.log(`\n  one-year price history, query alone: p50 ${pct(q, 50).toFixed(2)} ms, p95 ${pct(q, 95).toFixed(2)} ms`);
  warm.destroy();
  await Promise.all(others.map((o) => o.close()));
  await app.close();
  await handle.close();
}

/** More API instances on the bench database, each in its own process (support/apiInstance.ts). */
async function startInstances(count: number, url: string, env: Record<string, string>) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const child = fork(fileURLToPath(new URL('./support/apiInstance.ts', import.meta.url)), [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, NODE_OPTIONS: withServerNodeOptions(process.env.NODE_OPTIONS) },
      });
      const next = () =>
        new Promise<Record<string, number>>((resolve, reject) => {
          child.once('message', (m) => resolve(m as Record<string, number>));
          child.once('exit', (code) => reject(new Error(`API instance exited with ${code}`)));
        });
      const started = next();
      child.send({ url, env } satisfies InstancePlan);
      const { port } = await started;
      return {
        port: port!,
        cpuMs: async () => {
          const answer = next();
          child.send('cpu');
          return (await answer).cpuMs!;
        },
        close: () => new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.send('close'))),
      };
    }),
  );
}

for (const engine of ENGINES) await runEngine(engine);
