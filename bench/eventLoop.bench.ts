/**
 * Event-loop benchmark (not a test): `npm run bench:event-loop [-- --engine pglite|postgres|both] [--in-process]`.
 *
 * Heavy database work must not hold the HTTP event loop. Seeds a universe
 * (BENCH_BONDS bonds, 3,000 by default, BENCH_DAYS business days of priced history, 60), starts
 * the real server on 127.0.0.1, and from a separate process (support/eventLoopClients.ts) polls
 * /health every 20 ms while BENCH_ROUNDS rounds (3) of 20 concurrent /v2/market/detail requests
 * over different ranges, metrics and segments run (all distinct, so the result cache never
 * answers). Prints /health p50/p99/max idle and under load, and the rounds' wall times.
 * `--in-process` runs PGlite on the server's own thread (as before the worker) for comparison.
 * Target: /health p99 < 100 ms under load on both engines.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'kysely';
import { MARKET_METRICS } from '../common/api/market';
import { TENOR_BUCKET_IDS } from '../common/market';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { type DatabaseHandle, openPglite, openPostgres, wrapPglite } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { signAccessToken } from '../server/plugins/auth';
import { seedUniverse } from '../server/services/market/simulator/index';
import type { EventLoopPlan, EventLoopResult } from './support/eventLoopClients';

const BONDS = Number(process.env.BENCH_BONDS ?? 3000);
const DAYS = Number(process.env.BENCH_DAYS ?? 60);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENT = 20;
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const which = arg('--engine') ?? (PG_URL ? 'both' : 'pglite');
const ENGINES = which === 'both' ? ['pglite', 'postgres'] : [which];
const IN_PROCESS = process.argv.includes('--in-process');
const SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';

async function open(engine: string): Promise<DatabaseHandle & { cleanup(): Promise<void> }> {
  if (engine === 'postgres') {
    if (!PG_URL) throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) for the PostgreSQL run');
    const name = `bw_bench_eventloop_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const handle = openPostgres(url.toString(), 20);
    return {
      ...handle,
      async cleanup() {
        await handle.close();
        const dropper = new pg.Client({ connectionString: PG_URL });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bw-eventloop-bench-'));
  const handle = IN_PROCESS ? wrapPglite(await PGlite.create(join(dir, 'pglite'))) : await openPglite(dir);
  return {
    ...handle,
    async cleanup() {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Distinct heavy requests: every (metric, segment, tenor, from) once, in a shuffled order. */
function detailUrls(days: string[]): string[][] {
  const segments = ['all', 'IG', 'HY', 'rating:BBB', 'rating:BB'];
  const tenors = ['', ...TENOR_BUCKET_IDS];
  const urls: string[] = [];
  for (const metric of MARKET_METRICS)
    for (const segment of segments)
      for (const tenor of tenors) {
        const from = days[urls.length % Math.max(1, Math.floor(days.length / 2))]!;
        urls.push(
          `/v2/market/detail?metric=${metric}&segment=${encodeURIComponent(segment)}${tenor ? `&tenor=${tenor}` : ''}&from=${from}`,
        );
      }
  return Array.from({ length: ROUNDS }, (_, r) => urls.slice(r * CONCURRENT, (r + 1) * CONCURRENT));
}

function stats(ms: number[]): string {
  const s = [...ms].sort((a, b) => a - b);
  const p = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]!.toFixed(1) : 'n/a');
  return `n=${s.length} p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, p99 ${p(0.99)} ms, max ${s.length ? s.at(-1)!.toFixed(1) : 'n/a'} ms`;
}

async function runEngine(engine: string): Promise<void> {
  const label = engine === 'pglite' ? (IN_PROCESS ? 'PGlite in-process' : 'PGlite in its worker thread') : 'PostgreSQL';
  console.log(`\n## ${label}: ${BONDS} bonds, ${DAYS} days, ${ROUNDS} rounds of ${CONCURRENT} concurrent /v2/market/detail`);
  const handle = await open(engine);
  try {
    await migrateToLatest(handle.db);
    const t = performance.now();
    await seedUniverse(handle.db, { bonds: BONDS, historyDays: DAYS, now: Date.now });
    await sql`analyze`.execute(handle.db);
    console.log(`  seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const days = (
      await sql<{ d: string }>`select distinct price_date::text as d from evaluated_prices where kind = 'eod' order by d`.execute(handle.db)
    ).rows.map((r) => r.d);
    const config = loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: '.tmp/bench-eventloop-data',
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'silent',
      LIVE_MARKET: 'false',
      SEED_DEMO: 'false',
      API_RATE_LIMIT_PER_MINUTE: '100000',
    });
    const app = await buildApp({ config, db: handle.db, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const token = await signAccessToken(SECRET, { userId: 'bench', scopes: ['user'], ttlSeconds: 3600 }, Date.now);
    const plan: EventLoopPlan = { port, token, rounds: detailUrls(days), healthEveryMs: 20 };
    const load0 = loadavg()[0]!;
    // The server's own event-loop delay: tells a blocked loop from a process starved of CPU.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const result = await new Promise<EventLoopResult>((resolve, reject) => {
      const child = fork(fileURLToPath(new URL('./support/eventLoopClients.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
      child.on('message', (m) => {
        if (m && typeof m === 'object' && 'loaded' in m) resolve(m as EventLoopResult);
      });
      child.once('error', reject);
      child.once('exit', (code) => (code ? reject(new Error(`clients exited with ${code}`)) : undefined));
      child.send(plan);
    });
    delay.disable();
    await app.close();
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    console.log(
      `  server event-loop delay over the run: p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms`,
    );
    console.log(`  load average ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} (shared machine)`);
    console.log(`  /health idle:       ${stats(result.idle)}`);
    console.log(`  /health under load: ${stats(result.loaded)}, errors ${result.healthErrors}`);
    console.log(`  rounds of ${CONCURRENT}: ${result.roundMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`);
    console.log(`  /v2/market/detail:  ${stats(result.heavyMs)}, errors ${result.heavyErrors}`);
  } finally {
    await handle.cleanup();
  }
}

for (const engine of ENGINES) await runEngine(engine);
