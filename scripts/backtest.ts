/**
 * `npm run backtest [-- options]` — the backtest of evaluated prices (docs/market-data.md
 * "Accuracy"): evaluates every trade not yet evaluated and prints the accuracy tables the page
 * /bw/market/accuracy shows.
 *
 *   (no option)     the configured database (DATABASE_URL, else the embedded PGlite under DATA_DIR);
 *                   prices any pending older closes first (the price-backfill job's work)
 *   --seed          a freshly seeded simulated market instead, in a new PGlite directory, every
 *                   close priced (default seed; --bonds N, --history N business days, --keep to
 *                   keep the directory and print its path; --sim-seed N another simulated market,
 *                   to check a calibration on a market it was not fitted on; --end YYYY-MM-DD
 *                   the last day of the seeded history, a past business day, so that a figure
 *                   quoted in the docs can be checked on another day: without it the history
 *                   ends yesterday and the figures move with the run's date)
 *   --rebuild       forget earlier results and evaluate every trade again (after a pricing change)
 *   --from, --to    trade days to report (YYYY-MM-DD)
 *   --json          print the report as JSON instead of tables
 * Progress goes to stderr, the tables to stdout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../server/config';
import { type DatabaseHandle, openDatabase, openPglite } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { ACCURACY_BACKTEST_BATCH_ALONE, resetAccuracyBacktest, runAccuracyBacktestToEnd } from '../server/services/accuracy/backtest';
import { accuracyReportByScan } from '../server/services/accuracy/reportByScan';
import { accuracyTableText } from '../server/services/accuracy/table';
import { runPriceBackfill } from '../server/services/market/simulator/backfill';
import { seedUniverse } from '../server/services/market/simulator/index';
import { accuracyQuerySchema } from '../common/api/accuracy';
import { closeInstant, isBusinessDay, isoDate } from '../common/calendar';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : undefined);
const KNOWN = new Set(['--seed', '--keep', '--rebuild', '--json', '--bonds', '--history', '--from', '--to', '--sim-seed', '--end']);

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const log = (text: string) => process.stderr.write(`${text}\n`);

/** PGlite allows one process per data directory: refuse while the server holds it. */
async function serverIsRunning(port: number): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(700) });
    return res.ok;
  } catch {
    return false;
  }
}

/** `--end`: a business day before today (UTC), or undefined for the default (yesterday's). */
function seededEndDate(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  // A day that does not exist (02-30) parses to another day: read it back to refuse it.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)) || isoDate(new Date(value)) !== value)
    fail(`--end: "${value}" is not a date written YYYY-MM-DD`);
  if (!isBusinessDay(value)) fail(`--end: ${value} is not a business day of the bond market (a weekend or a SIFMA full close)`);
  if (closeInstant(value).getTime() >= Date.now()) fail(`--end: ${value} has not closed yet; give a past business day`);
  return value;
}

async function openMarket(): Promise<{ handle: DatabaseHandle; dir: string | null }> {
  if (!flag('seed') && option('end') !== undefined) fail('--end only goes with --seed: it says where the seeded history ends');
  if (flag('seed')) {
    // Options are checked before anything is made, so a refusal leaves no directory behind.
    const bonds = Number(option('bonds') ?? 3000);
    const historyDays = Number(option('history') ?? 260);
    if (!Number.isInteger(bonds) || bonds < 10 || !Number.isInteger(historyDays) || historyDays < 2)
      fail('--bonds ≥ 10 and --history ≥ 2, whole numbers');
    const seed = option('sim-seed') === undefined ? undefined : Number(option('sim-seed'));
    if (seed !== undefined && !Number.isInteger(seed)) fail('--sim-seed: a whole number');
    const endDate = seededEndDate(option('end'));
    const dir = mkdtempSync(join(tmpdir(), 'bw-backtest-'));
    const handle = await openPglite(dir);
    await migrateToLatest(handle.db);
    log(`Seeding ${bonds} bonds, ${historyDays} business days, every close priced, in ${dir}`);
    let last = '';
    const summary = await seedUniverse(handle.db, {
      bonds,
      historyDays,
      ...(seed === undefined ? {} : { seed }),
      ...(endDate === undefined ? {} : { endDate }),
      // With --end the market is seeded as of that day's close, so nothing in it is later.
      now: endDate === undefined ? Date.now : () => closeInstant(endDate).getTime(),
      progress: (label, done, total) => {
        if (label !== last || done === total) log(`  ${label} ${done}/${total}`);
        last = label;
      },
    });
    log(`Seeded ${summary.trades} trades from ${summary.startDate} to ${summary.endDate} (seed ${summary.seed})`);
    return { handle, dir };
  }
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  if (!config.databaseUrl && (await serverIsRunning(config.port))) {
    fail(
      `The server is running on the embedded database in ${config.dataDir}, which only one process may open.\n` +
        'Its accuracy-backtest job keeps the figures current: see /bw/market/accuracy, or stop the server and run this again.',
    );
  }
  const handle = await openDatabase(config);
  await migrateToLatest(handle.db);
  let days = 0;
  for (let n = await runPriceBackfill(handle.db, new Date()); n > 0; n = await runPriceBackfill(handle.db, new Date())) {
    days += n;
    log(`  priced ${days} pending business days of history`);
  }
  return { handle, dir: null };
}

async function main(): Promise<void> {
  for (const a of args) if (a.startsWith('--') && !KNOWN.has(a)) fail(`unknown option ${a}`);
  const query = accuracyQuerySchema.safeParse({ from: option('from'), to: option('to') });
  if (!query.success) fail(`--from/--to: ${query.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  const { handle, dir } = await openMarket();
  try {
    if (flag('rebuild')) await resetAccuracyBacktest(handle.db);
    const started = performance.now();
    const run = await runAccuracyBacktestToEnd(handle.db, (n) => log(`  evaluated ${n} trades`), ACCURACY_BACKTEST_BATCH_ALONE);
    log(`Evaluated ${run.evaluated} new trades in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const report = await accuracyReportByScan(handle.db, query.data);
    process.stdout.write(`${flag('json') ? JSON.stringify(report, null, 2) : accuracyTableText(report)}\n`);
  } finally {
    await handle.close();
    if (dir && !flag('keep')) rmSync(dir, { recursive: true, force: true });
    else if (dir) log(`The market is kept in ${dir} (DATA_DIR=${dir} npm run backtest reuses it)`);
  }
}

await main();
