/**
 * TRACE import benchmark (not a test): `npm run bench:import [-- --engine pglite|postgres]`.
 *
 * Generates a bond reference file (BENCH_BONDS bonds, 3,000 by default) and a TRACE Enhanced
 * historical file of BENCH_ROWS rows (1,000,000 by default) in the real pipe-delimited layout —
 * customer trades, dealer pairs (both reports), cancels, corrections, reversals and a few unknown
 * CUSIPs — then imports both through the same code path as the command and the upload endpoint
 * and prints rows/s, the cleaning counts and the peak RSS. PGlite runs file-backed in a temp
 * directory; PostgreSQL uses a fresh database on BENCH_DATABASE_URL (or TEST_DATABASE_URL),
 * dropped afterwards. BENCH_FILES_DIR keeps the generated files. Target: ≥ 50,000 rows/s.
 * Then BENCH_HAWK_RULES trade-size rules (1,000 by default; 0 skips it) on bonds and issuers of
 * the file, and the market hawk pass that reads the import's prints of the watched bonds.
 */
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../server/db/database';
import { openScratchDatabase, type BenchEngine } from './support/scratchDatabase';
import { loadConfig } from '../server/config';
import { migrateToLatest } from '../server/db/migrate';
import { evaluateHawk } from '../server/services/hawk/evaluate';
import { importFile, summarize } from '../server/services/importers';
import { cusipCheckDigit } from '../server/services/market/codesAndRatings';
import { ensureSectors } from '../server/services/market/simulator/writeReference';
import { BOND_TEMPLATE_HEADER, rng, TRACE_ENHANCED_HEADER, traceLine, type SampleTrade } from '../scripts/importSamples';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const BONDS = Number(process.env.BENCH_BONDS ?? 3000);
const HAWK_RULES = Number(process.env.BENCH_HAWK_RULES ?? 1000);
const engine = process.argv.includes('--engine') ? process.argv[process.argv.indexOf('--engine') + 1] : 'pglite';
const SECTORS = ['FINL.BANKS', 'ENRG.MIDSTREAM', 'INFT.SOFTWARE', 'UTIL.ELECTRIC_UTILITIES', 'HLTH.PHARMACEUTICALS', 'COND.RETAIL'];
const HY = ['BB+', 'BB', 'B+', 'B', 'CCC+'];
const IG = ['AA', 'A+', 'A', 'A-', 'BBB+', 'BBB', 'BBB-'];

function bondCusip(i: number): string {
  const base = `YB${String(i).padStart(6, '0')}`;
  return base + cusipCheckDigit(base);
}

async function write(path: string, lines: Iterable<string>): Promise<void> {
  const out = createWriteStream(path);
  for (const line of lines) if (!out.write(`${line}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

function* bondLines(): Generator<string> {
  yield BOND_TEMPLATE_HEADER.join(',');
  const r = rng(7);
  for (let i = 0; i < BONDS; i++) {
    const hy = r() < 0.3;
    const coupon = (hy ? 6 : 3.5) + Math.round(r() * 300) / 100;
    const issueYear = 2016 + Math.floor(r() * 10);
    const tenor = [3, 5, 7, 10, 20, 30][Math.floor(r() * 6)]!;
    const issuer = Math.floor(i / 10);
    yield [
      bondCusip(i),
      '',
      `Bench Issuer ${issuer} Inc`,
      `BI${issuer}`,
      SECTORS[issuer % SECTORS.length],
      'US',
      'fixed',
      coupon.toFixed(3),
      '2',
      '30/360',
      `${issueYear}-03-15`,
      '',
      `${issueYear + tenor}-03-15`,
      '500000000',
      '500000000',
      'Senior Unsecured',
      hy ? HY[i % HY.length] : IG[i % IG.length],
      '',
      '',
      '',
      '',
      '',
      '',
    ].join(',');
  }
}

/** ~1M report lines: 70% customer trades, dealer pairs, 0.5% cancels, 0.3% corrections, 0.2% reversals, 0.1% unknown CUSIPs. */
function* traceLines(): Generator<string> {
  yield TRACE_ENHANCED_HEADER.join('|');
  const r = rng(11);
  const days = ['20261019', '20261020', '20261021', '20261022', '20261023'];
  let ref = 1;
  let record = 0;
  const recent: SampleTrade[] = [];
  while (record < ROWS) {
    const day = days[Math.min(days.length - 1, Math.floor((record / ROWS) * days.length))]!;
    const seconds = 8 * 3600 + Math.floor(r() * 9 * 3600);
    const time = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60].map((n) => String(n).padStart(2, '0')).join('');
    const unknown = r() < 0.001;
    const bond = Math.floor(r() ** 2 * BONDS);
    const cusip = unknown ? `ZX${String(Math.floor(r() * 999999)).padStart(6, '0')}` : bondCusip(bond);
    const t: SampleTrade = {
      record: ++record,
      reference: String(ref++).padStart(10, '0'),
      status: 'T',
      symbol: `BI${bond}`,
      cusip: unknown ? cusip + cusipCheckDigit(cusip) : cusip,
      quantity: [5e3, 1e4, 2.5e4, 1e5, 5e5, 1e6, 2e6, 7.5e6][Math.floor(r() * 8)]!,
      price: Math.round((95 + r() * 10) * 1000) / 1000,
      yieldPct: Math.round((4 + r() * 3) * 10000) / 10000,
      date: day,
      time,
      side: r() < 0.5 ? 'B' : 'S',
      contra: 'C',
    };
    const u = r();
    if (u < 0.15 && record < ROWS) {
      const sell: SampleTrade = { ...t, side: 'S', contra: 'D' };
      yield traceLine(sell);
      yield traceLine({ ...sell, side: 'B', record: ++record, reference: String(ref++).padStart(10, '0') });
      continue;
    }
    yield traceLine(t);
    if (recent.length < 5000) recent.push(t);
    else recent[Math.floor(r() * recent.length)] = t;
    const v = r();
    if (record < ROWS && v < 0.005) yield traceLine({ ...recent[Math.floor(r() * recent.length)]!, record: ++record, status: 'X' });
    else if (record < ROWS - 1 && v < 0.008) {
      const o = recent[Math.floor(r() * recent.length)]!;
      yield traceLine({ ...o, record: ++record, status: 'C' });
      yield traceLine({
        ...o,
        record: ++record,
        status: 'R',
        reference: String(ref++).padStart(10, '0'),
        price: o.price + 0.25,
        priorReference: o.reference,
      });
    } else if (record < ROWS && v < 0.01) {
      const o = recent[Math.floor(r() * recent.length)]!;
      yield traceLine({ ...o, record: ++record, status: 'Y', reference: String(ref++).padStart(10, '0'), priorReference: o.reference });
    }
  }
}

/** CPU seconds used so far by a local PostgreSQL backend (utime + stime from /proc), if readable. */
function backendCpuSeconds(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

async function openEngine(): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  // One PostgreSQL connection: the import runs on one backend, whose CPU time is read from /proc.
  const handle = await openScratchDatabase(engine as BenchEngine, 'import', 1);
  return { handle, cleanup: () => handle.cleanup() };
}

async function main(): Promise<void> {
  // BENCH_FILES_DIR keeps the generated files (for profiling the parser alone).
  const keep = process.env.BENCH_FILES_DIR;
  const work = keep ?? mkdtempSync(join(tmpdir(), 'bw-import-files-'));
  const bondsFile = join(work, 'bonds.csv');
  const traceFile = join(work, 'trace.txt');
  let t = performance.now();
  await write(bondsFile, bondLines());
  await write(traceFile, traceLines());
  const size = statSync(traceFile).size;
  process.stderr.write(
    `generated ${ROWS.toLocaleString('en-US')} TRACE rows (${(size / 1e6).toFixed(0)} MB) in ${((performance.now() - t) / 1000).toFixed(1)} s\n`,
  );

  if (process.env.BENCH_GENERATE_ONLY) return;
  const { handle, cleanup } = await openEngine();
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  try {
    await migrateToLatest(handle.db);
    await ensureSectors(handle.db);
    // A curve, so the repricing after the import has something to price against.
    await importFile(
      handle.db,
      'treasury',
      createReadStream(fileURLToPath(new URL('../samples/treasury-par-yield-curve.csv', import.meta.url))),
      { now: Date.now },
    );
    t = performance.now();
    const bonds = await importFile(handle.db, 'bonds', createReadStream(bondsFile), { now: Date.now });
    process.stderr.write(`${summarize(bonds)} (${Math.round(bonds.rowsRead / ((performance.now() - t) / 1000))} rows/s)\n`);
    const rssBefore = process.memoryUsage().rss;
    const cpuBefore = process.cpuUsage();
    const backendPid =
      engine === 'postgres' ? (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]!.pid : null;
    const backendBefore = backendCpuSeconds(backendPid);
    const loadBefore = loadavg()[0]!;
    const report = await importFile(handle.db, 'trace', createReadStream(traceFile), {
      now: Date.now,
      onProgress: (p) =>
        process.stderr.write(
          `\r  trace: ${p.rowsRead.toLocaleString('en-US')} rows, ${p.rowsPerSecond.toLocaleString('en-US')} rows/s${p.done ? '\n' : ''}`,
        ),
    });
    const timings = (report.details?.timingsMs ?? {}) as { load?: number; cleaning?: number; dailyStats?: number };
    const importMs = (timings.load ?? 0) + (timings.cleaning ?? 0) + (timings.dailyStats ?? 0);
    // The import proper (read, validate, insert, clean, daily stats: one transaction); the
    // repricing of the touched bonds that follows the commit is reported apart.
    const rate = Math.round(report.rowsRead / (importMs / 1000));
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const backendAfter = backendCpuSeconds(backendPid);
    const backendSeconds = backendBefore !== null && backendAfter !== null ? backendAfter - backendBefore : null;
    const result = {
      engine,
      rows: report.rowsRead,
      bonds: BONDS,
      fileMB: Math.round(size / 1e6),
      importSeconds: importMs / 1000,
      rowsPerSecond: rate,
      secondsIncludingReprice: report.durationMs / 1000,
      target: 50_000,
      meetsTarget: rate >= 50_000,
      // The machine is shared: CPU time of this process (PGlite runs in it) normalises for load.
      processCpuSeconds: Math.round(cpuSeconds * 10) / 10,
      rowsPerProcessCpuSecond: Math.round(report.rowsRead / cpuSeconds),
      ...(backendSeconds !== null
        ? {
            postgresBackendCpuSeconds: Math.round(backendSeconds * 10) / 10,
            // Node parses while the backend inserts (one batch in flight): on an idle machine the
            // slower of the two bounds the rate.
            rowsPerSecondIfUnloaded: Math.round(report.rowsRead / Math.max(cpuSeconds, backendSeconds)),
          }
        : {}),
      loadAverage: [Math.round(loadBefore * 10) / 10, Math.round(loadavg()[0]! * 10) / 10],
      rssBeforeMB: Math.round(rssBefore / 1e6),
      peakRssMB: Math.round(peakRss / 1e6),
      details: report.details,
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    if (!report.committed) throw new Error(`import not committed: ${JSON.stringify(report.rejected.slice(0, 5))}`);
    if (HAWK_RULES > 0) await hawkPass(handle);
  } finally {
    clearInterval(sampler);
    await cleanup();
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Market hawk after the import: HAWK_RULES trade-size rules (2MM+, 70 % on a bond, 30 % on an
 * issuer, 100 per user), then the passes that read the import's prints of the watched bonds
 * (hawk/importedTrades.ts), timed. The evaluator's clock is the Monday after the file's week.
 */
async function hawkPass(handle: DatabaseHandle): Promise<void> {
  const db = handle.db;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '.tmp/bench-import-hawk',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
  });
  const users = Math.ceil(HAWK_RULES / 100);
  await sql`insert into users (id, email, password_hash, support_token)
    select 'hu' || g, 'hu' || g || '@bench.example', 'x', 'hs' || g from generate_series(1, ${users}) g`.execute(db);
  await sql`insert into hawk_subscriptions (user_id, kind, rule, target, target_key, frequency, channels, primed)
    select 'hu' || (1 + (g - 1) / 100), 'tradeSize', '{"kind":"tradeSize","minSize":2000000,"includeCapped":true}'::jsonb,
      t.target, t.key, '{"type":"every","cooldownMinutes":60}', '["in_app"]', true
    from generate_series(1, ${HAWK_RULES}) g
    cross join lateral (select b.id as bond_id, b.issuer_id from bonds b order by b.id offset abs(hashtext('b' || g)) % ${BONDS} limit 1) b
    cross join lateral (select case when abs(hashtext('t' || g)) % 10 < 7
        then jsonb_build_object('kind', 'bond', 'bondId', b.bond_id) else jsonb_build_object('kind', 'issuer', 'issuerId', b.issuer_id) end as target) t0
    cross join lateral (select t0.target as target, case when t0.target->>'kind' = 'bond' then 'bond:' || (t0.target->>'bondId')
        else 'issuer:' || (t0.target->>'issuerId') end as key) t`.execute(db);
  const now = new Date('2026-10-26T14:00:00Z');
  const load = loadavg()[0]!;
  const cpu0 = process.cpuUsage();
  const t = performance.now();
  const passes = [];
  for (let k = 0; k < 20; k++) {
    const r = await evaluateHawk(db, config, now);
    passes.push(r);
    if (r.events === 0) break;
  }
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(
    `${JSON.stringify({
      run: 'market hawk on the imported prints',
      rules: HAWK_RULES,
      ms: Math.round(performance.now() - t),
      processCpuMs: Math.round((cpu.user + cpu.system) / 1000),
      fired: passes.reduce((s, r) => s + r.fired, 0),
      passes: passes.length,
      loadAverage: [Math.round(load * 10) / 10, Math.round(loadavg()[0]! * 10) / 10],
    })}\n`,
  );
}

await main();
