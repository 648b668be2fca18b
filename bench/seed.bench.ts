/**
 * Seed benchmark (not a test): `npm run bench:seed [-- options]`.
 *
 *   --engine pglite|postgres|both   default: pglite, plus postgres when BENCH_DATABASE_URL or
 *                                   TEST_DATABASE_URL is set (a fresh database, dropped after)
 *   --bonds N       universe size (default 30,000)
 *   --history N     business days of history (default 260)
 *   --price         also run the pricing service's end-of-day pricing over the history (off by default:
 *                   bench:reprice measures pricing; this measures the simulator and the loads)
 *
 * Prints, per engine: seconds per stage (generate, reference data, trades + daily stats,
 * pricing), rows written and rows/s, process CPU seconds and the load average — the machine is
 * shared, so wall time alone overstates the cost when others are busy.
 */
import { loadavg } from 'node:os';
import { benchPostgresUrl, openScratchDatabase, type BenchEngine } from './support/scratchDatabase';
import { migrateToLatest } from '../server/db/migrate';
import { seedUniverse } from '../server/services/market/simulator/index';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1]! : fallback);
const BONDS = Number(arg('bonds', '30000'));
const HISTORY = Number(arg('history', '260'));
const PRICE = args.includes('--price');
const URL_PG = benchPostgresUrl;
const engineArg = arg('engine', URL_PG ? 'both' : 'pglite');
const engines = engineArg === 'both' ? ['pglite', 'postgres'] : [engineArg];

const open = (engine: string) => openScratchDatabase(engine as BenchEngine, 'seed');

async function run(engine: string): Promise<void> {
  const handle = await open(engine);
  try {
    await migrateToLatest(handle.db);
    const stages: { label: string; start: number }[] = [];
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const summary = await seedUniverse(handle.db, {
      bonds: BONDS,
      historyDays: HISTORY,
      endDate: '2026-11-20',
      price: PRICE,
      now: Date.now,
      progress: (label) => {
        if (stages[stages.length - 1]?.label !== label) stages.push({ label, start: performance.now() });
      },
    });
    const total = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const rows = summary.trades + summary.dailyStats + summary.bonds * 3 + summary.issuers + summary.days * 13;
    console.log(`\n${engine}: ${summary.bonds} bonds, ${summary.issuers} issuers, ${summary.days} days, ${summary.deals} deals`);
    stages.forEach((s, i) => {
      const end = i + 1 < stages.length ? stages[i + 1]!.start : t0 + total * 1000;
      console.log(`  ${s.label.padEnd(26)} ${((end - s.start) / 1000).toFixed(1).padStart(7)} s`);
    });
    console.log(`  trades ${summary.trades}, daily stats ${summary.dailyStats}, ~${rows} rows in all`);
    console.log(
      `  total ${total.toFixed(1)} s, ${Math.round(rows / total)} rows/s; process CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s; load average ${loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    await handle.cleanup();
  }
}

for (const engine of engines) await run(engine);
