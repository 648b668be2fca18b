/**
 * Market API benchmark (not a test): `npm run bench:api [-- --engine pglite|postgres|both] [--reuse]`.
 *
 * Builds a BENCH_BONDS-bond universe (30,000 by default) with part A's seedUniverse and
 * BENCH_DAYS business days of priced history (5 by default), adds a synthetic one-year
 * end-of-day history for a few bonds (so the one-year price-history figure reads a full year),
 * starts the real server on 127.0.0.1 and runs BENCH_CLIENTS concurrent clients (50) — plain
 * HTTP loops with keep-alive, bounded by BENCH_REQUESTS in total and BENCH_SECONDS — over random
 * bond-table pages (random primary/secondary sort, filters, pages of 100) and the other market
 * endpoints, then reports p50/p95 per endpoint; then single-client latencies (bond-table page,
 * one-year price history, CSV of the whole universe, summary, index).
 *
 * Each client rotates over its own loopback source addresses (127.10.c.k): the server's
 * per-IP rate limit (1,200/min) models one user per address, and a saturating loop would
 * otherwise measure 429s rather than the API.
 *
 * PGlite runs file-backed in BENCH_PGLITE_DIR (.tmp/bench-api); PostgreSQL uses the database
 * bw_bench_api on BENCH_DATABASE_URL (or TEST_DATABASE_URL). `--reuse` keeps a universe built by
 * an earlier run. Targets: bond-table page p95 < 30 ms at 50 concurrent; price history < 20 ms.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { BOND_TABLE_COLUMNS } from '../common/enums';
import { RATING_BUCKETS, TENOR_BUCKET_IDS } from '../common/market';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { type DatabaseHandle, openPglite, openPostgres } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { signAccessToken } from '../server/plugins/auth';
import { seedUniverse } from '../server/services/market/simulator/index';
import { mulberry32 } from '@common/random';

const BONDS = Number(process.env.BENCH_BONDS ?? 30_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 6000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 90);
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);
/** `mixed` (default) or `table`: bond-table pages only, to see the table path on its own. */
const MIX = process.env.BENCH_MIX ?? 'mixed';
const IPS_PER_CLIENT = 8;
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const REUSE = process.argv.includes('--reuse');
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ENGINES = (arg('--engine') ?? (PG_URL ? 'both' : 'pglite')) === 'both' ? ['pglite', 'postgres'] : [arg('--engine')!];
const SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';

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
  return openPostgres(url.toString(), 20);
}

/** Seeds (unless reusing a seeded database) and extends a few bonds' history to one year. */
async function prepare(handle: DatabaseHandle): Promise<void> {
  const db = handle.db;
  await migrateToLatest(db);
  const have = Number((await db.selectFrom('bonds').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  if (have < BONDS) {
    const t = performance.now();
    let last = '';
    await seedUniverse(db, {
      bonds: BONDS,
      historyDays: DAYS,
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
  await sql`analyze`.execute(db);
}

interface Universe {
  bondIds: number[];
  historyBondIds: number[];
  issuerIds: number[];
  sectorCodes: string[];
  seniorities: string[];
  tickers: string[];
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

/** A random bond-table query: any sort (half with a secondary), 0–2 filters, a page of 100. */
function bondTableUrl(r: () => number, u: Universe): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const q = new URLSearchParams({ sort: pick(BOND_TABLE_COLUMNS), sortDesc: String(r() < 0.5), limit: '100' });
  if (r() < 0.5) q.set('sort2', pick(BOND_TABLE_COLUMNS));
  const filters = Math.floor(r() * 3);
  for (let k = 0; k < filters; k++) {
    const f = Math.floor(r() * 6);
    if (f === 0) q.set('rating', pick(['IG', 'HY', ...RATING_BUCKETS]));
    if (f === 1) q.set('sector', pick(u.sectorCodes));
    if (f === 2) q.set('tenor', pick(TENOR_BUCKET_IDS));
    if (f === 3) q.set('seniority', pick(u.seniorities));
    if (f === 4) q.set('callable', String(r() < 0.5));
    if (f === 5) q.set('q', pick(u.tickers).slice(0, 2));
  }
  // Mostly the first pages, sometimes deep.
  q.set('offset', String(r() < 0.7 ? Math.floor(r() * 5) * 100 : Math.floor(r() * 100) * 100));
  return `/v2/bond?${q}`;
}

/** The request mix: 70 % bond-table pages, the rest spread over the other read endpoints. */
function nextRequest(r: () => number, u: Universe): { name: string; url: string } {
  const x = r();
  const bond = u.bondIds[Math.floor(r() * u.bondIds.length)]!;
  if (x < 0.7 || MIX === 'table') return { name: 'bond table page', url: bondTableUrl(r, u) };
  if (x < 0.75) return { name: 'bond detail', url: `/v2/bond/${bond}` };
  if (x < 0.8) return { name: 'price history 1y', url: `/v2/bond/${u.historyBondIds[Math.floor(r() * u.historyBondIds.length)]}/price-history` };
  if (x < 0.83) return { name: 'bond trades', url: `/v2/bond/${bond}/trades?limit=50` };
  if (x < 0.86) return { name: 'issuer curve', url: `/v2/issuer/${u.issuerIds[Math.floor(r() * u.issuerIds.length)]}/curve` };
  if (x < 0.89) return { name: 'trades market-wide', url: '/v2/trade?limit=100' };
  if (x < 0.92) return { name: 'market moves 1d', url: `/v2/market/moves?metric=${['price', 'yield', 'spread'][Math.floor(r() * 3)]}&period=1d` };
  if (x < 0.95) return { name: 'issuer search', url: `/v2/issuer?q=${u.tickers[Math.floor(r() * u.tickers.length)]!.slice(0, 2)}` };
  if (x < 0.98) return { name: 'market sectors', url: '/v2/market/sectors' };
  return { name: 'market summary', url: `/v2/market/summary?metric=${['yield', 'spread', 'price', 'volume'][Math.floor(r() * 4)]}` };
}

function get(agent: http.Agent, port: number, url: string, token: string, localAddress?: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: url, agent, localAddress, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

function pct(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

function report(samples: Map<string, { ms: number[]; errors: number }>): void {
  console.log('  | endpoint | n | p50 ms | p95 ms | p99 ms | max ms | errors |');
  console.log('  |---|---:|---:|---:|---:|---:|---:|');
  for (const [name, s] of [...samples.entries()].sort((a, b) => b[1].ms.length - a[1].ms.length)) {
    const ms = [...s.ms].sort((a, b) => a - b);
    const f = (v: number) => v.toFixed(1);
    console.log(`  | ${name} | ${ms.length} | ${f(pct(ms, 50))} | ${f(pct(ms, 95))} | ${f(pct(ms, 99))} | ${f(ms.at(-1) ?? NaN)} | ${s.errors} |`);
  }
}

async function runEngine(engine: string): Promise<void> {
  console.log(`\n## ${engine}: ${BONDS} bonds, ${DAYS} days of history, ${CLIENTS} clients`);
  const handle = await openEngine(engine);
  await prepare(handle);
  const u = await universeOf(handle);
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: '.tmp/bench-api-data', JWT_SECRET: SECRET, LOG_LEVEL: 'silent', LIVE_MARKET: 'false', SEED_DEMO: 'false' });
  const app = await buildApp({ config, db: handle.db, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const token = await signAccessToken(SECRET, { userId: 'bench', scopes: ['user'], ttlSeconds: 3600 });

  // Warm-up: plan caches, JIT, PGlite buffers.
  const warm = new http.Agent({ keepAlive: true });
  const wr = rng(1);
  for (let k = 0; k < 100; k++) await get(warm, port, nextRequest(wr, u).url, token);

  const samples = new Map<string, { ms: number[]; errors: number }>();
  const record = (name: string, ms: number, ok: boolean) => {
    let s = samples.get(name);
    if (!s) samples.set(name, (s = { ms: [], errors: 0 }));
    if (ok) s.ms.push(ms);
    else s.errors++;
  };
  let issued = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const load0 = loadavg()[0]!;
  const cpu0 = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const r = rng(1000 + c);
      const ips = Array.from({ length: IPS_PER_CLIENT }, (_, k) => `127.10.${c + 1}.${k + 1}`);
      const agents = ips.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
      for (let k = 0; issued < REQUESTS && performance.now() < deadline; k++) {
        issued++;
        const { name, url } = nextRequest(r, u);
        const t = performance.now();
        const res = await get(agents[k % ips.length]!, port, url, token, ips[k % ips.length]);
        record(name, performance.now() - t, res.status === 200);
        if (THINK_MS) await new Promise((ok) => setTimeout(ok, THINK_MS * (0.5 + r())));
      }
      for (const a of agents) a.destroy();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(`\n### ${CLIENTS} concurrent clients (${MIX} mix): ${issued} requests in ${seconds.toFixed(1)} s (${(issued / seconds).toFixed(0)} req/s), load average ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}, think time ${THINK_MS} ms`);
  console.log(`  process CPU ${(cpuMs / 1000).toFixed(1)} s = ${(cpuMs / Math.max(1, issued)).toFixed(2)} ms per request (server, PGlite and clients share this process; the machine's other load is not counted)`);
  report(samples);

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
  await app.close();
  await handle.close();
}

for (const engine of ENGINES) await runEngine(engine);
