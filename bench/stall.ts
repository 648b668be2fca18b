/**
 * The stall attack of issue 33 (not a test): `npm run bench:stall [-- --engine pglite|postgres|both]`.
 *
 * Seeds a universe (BENCH_BONDS bonds, 3,000 by default; BENCH_DAYS business days, 120), starts
 * the real server on 127.0.0.1 and, from a separate process (support/eventLoopClients.ts), polls
 * /health every 20 ms while four clients — four signed-in users — each send BENCH_ROUNDS (30)
 * requests one after another: `/v2/market/index` and `/v2/market/accuracy` with a different `from`
 * on every call (missing every memo), then, in turn, every other expensive route of the route
 * inventory that takes no path parameter (`config.expensive`, server/plugins/expensiveLimit.ts)
 * at its widest legal range. Prints /health p50/p99/max idle and under attack, the attack's
 * request times, refusals (429/503 from the expensive-route limits) and errors, and the server's
 * own event-loop delay. Targets (issue 33): /health p99 under 100 ms, no request over 5 s.
 */
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateToLatest } from '../server/db/migrate';
import { signAccessToken } from '../server/plugins/auth';
import { seedUniverse } from '../server/services/market/simulator/index';
import type { EventLoopPlan, EventLoopResult } from './support/eventLoopClients';
import { type BenchEngine, benchPostgresUrl, openScratchDatabase } from './support/scratchDatabase';

const BONDS = Number(process.env.BENCH_BONDS ?? 3000);
const DAYS = Number(process.env.BENCH_DAYS ?? 120);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const CLIENTS = 4;
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const which = arg('--engine') ?? (benchPostgresUrl ? 'both' : 'pglite');
const ENGINES = (which === 'both' ? ['pglite', 'postgres'] : [which]) as BenchEngine[];
const SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
/** Targets of issue 33. */
const HEALTH_P99_MS = 100;
const REQUEST_MAX_MS = 5_000;

function percentile(ms: number[], q: number): number {
  const s = [...ms].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))]! : NaN;
}

function stats(ms: number[]): string {
  const f = (v: number) => (Number.isNaN(v) ? 'n/a' : `${v.toFixed(1)} ms`);
  return `n=${ms.length} p50 ${f(percentile(ms, 0.5))}, p99 ${f(percentile(ms, 0.99))}, max ${f(ms.length ? Math.max(...ms) : NaN)}`;
}

/**
 * The widest legal query of each other expensive read (`{from}`/`{to}`: the first and last
 * market day); a route not listed here is called with its defaults.
 */
const WIDEST: Record<string, string> = {
  '/v2/market/detail': 'metric=spread&segment=all&from={from}&to={to}',
  '/v2/market/term-structure-change': 'issuerId=1&metric=spread&from={from}&to={to}',
  '/admin/audit-log/csv': 'from={from}T00:00:00Z&to={to}T23:59:59Z',
};

/** Each round: one request per client, every one with a `from` not asked before. */
function attackRounds(days: string[], widest: string[]): string[][] {
  const first = days[0]!;
  const last = days.at(-1)!;
  let n = 0;
  const nextFrom = () => days[n++ % Math.max(1, days.length - 1)]!;
  return Array.from({ length: ROUNDS }, (_, r) =>
    Array.from({ length: CLIENTS }, (_, c) => {
      if ((r + c) % 3 === 2 && widest.length > 0) {
        const url = widest[(r * CLIENTS + c) % widest.length]!;
        const query = WIDEST[url]?.replace('{from}', first).replace('{to}', last);
        return query ? `${url}?${query}` : url;
      }
      return (r + c) % 2 === 0 ? `/v2/market/index?from=${nextFrom()}` : `/v2/market/accuracy?from=${nextFrom()}&to=${last}`;
    }),
  );
}

async function runEngine(engine: BenchEngine): Promise<boolean> {
  console.log(`\n## ${engine}: ${BONDS} bonds, ${DAYS} days, ${CLIENTS} clients × ${ROUNDS} requests`);
  const handle = await openScratchDatabase(engine, 'stall', 20);
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
      DATA_DIR: '.tmp/bench-stall-data',
      JWT_SECRET: SECRET,
      LOG_LEVEL: 'silent',
      LIVE_MARKET: 'false',
      SEED_DEMO: 'false',
      API_RATE_LIMIT_PER_MINUTE: '100000',
    });
    const app = await buildApp({ config, db: handle.db, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    // The other expensive reads a client can aim at without an id: from the route inventory.
    const widest = app.routeInventory
      .filter((r) => r.expensive && r.method === 'GET' && !r.url.includes(':') && !/\/market\/(index|accuracy)$/.test(r.url))
      .map((r) => r.url);
    console.log(`  also attacked at their widest range: ${widest.join(', ') || 'none'}`);
    // Admins: every feature and no trial, so nothing but the limits under test refuses them.
    for (let i = 0; i < CLIENTS; i++) {
      await sql`insert into users (id, email, password_hash, support_token, is_admin)
        values (${`attacker-${i}`}, ${`attacker-${i}@bondwise.com`}, 'x', ${`support-attacker-${i}`}, true)`.execute(handle.db);
    }
    const tokens = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        signAccessToken(SECRET, { userId: `attacker-${i}`, scopes: ['user', 'admin'], ttlSeconds: 7200 }, Date.now),
      ),
    );
    const plan: EventLoopPlan = { port, token: tokens[0]!, tokens, rounds: attackRounds(days, widest), healthEveryMs: 20 };
    const load0 = loadavg()[0]!;
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
    const healthP99 = percentile(result.loaded, 0.99);
    const slowest = result.heavyMs.length ? Math.max(...result.heavyMs) : 0;
    console.log(
      `  server event-loop delay: p50 ${ms(delay.percentile(50))} ms, p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms`,
    );
    console.log(`  load average ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} (shared machine)`);
    console.log(`  /health idle:         ${stats(result.idle)}`);
    console.log(`  /health under attack: ${stats(result.loaded)}, errors ${result.healthErrors}`);
    console.log(
      `  attack requests:      ${stats(result.heavyMs)}, refused ${result.heavyRefused ?? 0}, errors ${result.heavyErrors} (by status ${JSON.stringify(result.heavyStatuses ?? {})})`,
    );
    for (const [path, { ms: times, statuses }] of Object.entries(result.byPath ?? {})) {
      console.log(`    ${path}: ${stats(times)} ${JSON.stringify(statuses)}`);
    }
    const met = healthP99 < HEALTH_P99_MS && slowest <= REQUEST_MAX_MS;
    console.log(`  targets (/health p99 < ${HEALTH_P99_MS} ms, no request over ${REQUEST_MAX_MS / 1000} s): ${met ? 'met' : 'NOT met'}`);
    return met;
  } finally {
    await handle.cleanup();
  }
}

let allMet = true;
for (const engine of ENGINES) allMet = (await runEngine(engine)) && allMet;
process.exitCode = allMet ? 0 : 1;
