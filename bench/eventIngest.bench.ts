/**
 * Product-analytics ingest benchmark (not a test; not bench/analytics.bench.ts, which is the bond
 * maths): `npm run bench:event-ingest [-- --engine pglite|postgres|both]`.
 *
 * Starts the real server on 127.0.0.1 over a scratch database (migrated, today's partitions made,
 * BENCH_USERS users with organisations and roles) and runs BENCH_CLIENTS concurrent closed-loop
 * clients in a separate process (support/ingestClients.ts) posting batches of 50 browser events —
 * the §9 batch size, the library's shape — to POST /v2/analytics/batch for BENCH_SECONDS (or
 * BENCH_BATCHES in all). Reports events stored per second (counted in the table afterwards, not
 * only from the answers), batch latency, the CPU of the server and the clients, and the load
 * average. Targets (issue 17): ≥ 20,000 events/s on PostgreSQL, ≥ 5,000 on PGlite.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest } from '../server/db/migrate';
import { signAccessToken } from '../server/plugins/auth';
import { ensureUsagePartitions } from '../server/services/usage/partitions';
import { USAGE_TRACKING } from '../common/constants';
import type { IngestPlan, IngestResult } from './support/ingestClients';
import { benchPostgresUrl, type BenchEngine, openScratchDatabase } from './support/scratchDatabase';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 1_000_000);
const IPS_PER_CLIENT = 16;
const SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const engineArg = arg('--engine') ?? (benchPostgresUrl ? 'both' : 'pglite');
const ENGINES: BenchEngine[] = engineArg === 'both' ? ['pglite', 'postgres'] : [engineArg as BenchEngine];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function runEngine(engine: BenchEngine): Promise<void> {
  console.log(`\n## ${engine}: ${CLIENTS} clients, batches of ${USAGE_TRACKING.batchSize}, ${USERS} users, ${SECONDS} s`);
  const handle = await openScratchDatabase(engine, 'ingest', 10);
  try {
    const db = handle.db;
    await migrateToLatest(db);
    await ensureUsagePartitions(db, Date.now());
    await sql`insert into organizations (id, token, name) select 'org-' || g, 'org-token-' || g, 'Bench Org ' || g from generate_series(1, 20) g`.execute(
      db,
    );
    await sql`insert into users (id, email, password_hash, support_token, organization_id, profile)
      select 'bench-' || g, 'bench-' || g || '@bondwise.com', 'x', 'support-bench-' || g, 'org-' || (g % 20 + 1),
        jsonb_build_object('roleType', (array['Trader','Portfolio manager','Analyst'])[g % 3 + 1], 'roleFunction', 'IG credit')
      from generate_series(1, ${USERS}) g`.execute(db);
    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: '.tmp/bench-ingest-data',
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'silent',
      LIVE_MARKET: 'false',
      SEED_DEMO: 'false',
      API_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    const app = await buildApp({ config, db, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const tokens = await Promise.all(
      Array.from({ length: USERS }, (_, i) =>
        signAccessToken(SECRET, { userId: `bench-${i + 1}`, scopes: ['user'], ttlSeconds: 3600 }, Date.now),
      ),
    );
    const clientScript = fileURLToPath(new URL('./support/ingestClients.ts', import.meta.url));
    const load = (plan: IngestPlan) =>
      new Promise<IngestResult>((resolve, reject) => {
        const child = fork(clientScript, [], { execArgv: ['--import', 'tsx'] });
        child.once('message', (m) => resolve(m as IngestResult));
        child.once('error', reject);
        child.once('exit', (code) => (code ? reject(new Error(`ingest clients exited with ${code}`)) : undefined));
        child.send(plan);
      });
    const base = { port, tokens, ipsPerClient: IPS_PER_CLIENT, batchSize: USAGE_TRACKING.batchSize };
    // Warm-up on other addresses' budgets: JIT, plan caches, the entitlement cache.
    await load({ ...base, clients: 4, batches: 200, seconds: 10 });
    const before = Number((await sql<{ n: string }>`select count(*) as n from analytics_events`.execute(db)).rows[0]!.n);

    const load0 = loadavg()[0]!;
    const cpu0 = process.cpuUsage();
    const result = await load({ ...base, port, clients: CLIENTS, batches: BATCHES, seconds: SECONDS, ipsPerClient: IPS_PER_CLIENT });
    const cpu = process.cpuUsage(cpu0);
    const load1 = loadavg()[0]!;
    const stored = Number((await sql<{ n: string }>`select count(*) as n from analytics_events`.execute(db)).rows[0]!.n) - before;
    const lat = [...result.latenciesMs].sort((a, b) => a - b);
    const serverCpuMs = (cpu.user + cpu.system) / 1000;
    console.log(
      `  ${stored.toLocaleString('en-US')} events stored in ${result.seconds.toFixed(1)} s = **${Math.round(stored / result.seconds).toLocaleString('en-US')} events/s** ` +
        `(${result.batches} batches answered 200, accepted ${result.accepted}, rejected ${result.rejected}, other statuses ${JSON.stringify(result.errors)})`,
    );
    console.log(`  batch latency p50 ${pct(lat, 50).toFixed(1)} ms, p95 ${pct(lat, 95).toFixed(1)} ms, p99 ${pct(lat, 99).toFixed(1)} ms`);
    console.log(
      `  server process CPU ${(serverCpuMs / 1000).toFixed(1)} s (${(serverCpuMs / Math.max(1, result.batches)).toFixed(2)} ms a batch${engine === 'pglite' ? ', PGlite included' : ''}); clients' process ${(result.clientCpuMs / 1000).toFixed(1)} s`,
    );
    console.log(`  load average ${load0.toFixed(1)} → ${load1.toFixed(1)}`);
    await app.close();
  } finally {
    await handle.cleanup();
  }
}

for (const engine of ENGINES) await runEngine(engine);
