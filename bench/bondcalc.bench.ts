/**
 * Whole-process throughput of the `bondcalc` command (not a test): `npm run bench:bondcalc`.
 * Writes BENCH_LINES (300,000) contract inputs — a third each fixed, zero and callable, 2–30
 * years, every line carrying the same 11-point Treasury curve as a batch does — to .tmp/, builds
 * dist/bondcalc.mjs, then runs it BENCH_RUNS (3) times in its own process, stdin from the file and
 * stdout counted. Per run it prints wall time, the child's CPU time (user + system, reported by
 * the child itself on exit through fd 3) and the load average; then the medians. The issue's
 * target is per core, so lines per CPU-second is the figure to compare; wall time depends on
 * what else the shared machine runs. BENCH_CLI=path/to/other.mjs measures another build (A/B)
 * without rebuilding. The figures are in docs/analytics.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { mulberry32 } from '@common/random';
import { BENCH_CURVE } from './support/benchCurve';

const LINES = Number(process.env.BENCH_LINES ?? 300_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CLI = process.env.BENCH_CLI ?? 'dist/bondcalc.mjs';
const INPUT = '.tmp/bench-bondcalc-input.jsonl';
/** Loaded into the child with --import: writes its own CPU time to fd 3 as it exits. */
const REPORT_CPU = `data:text/javascript,import { writeSync } from 'node:fs'; process.on('exit', () => { const u = process.cpuUsage(); writeSync(3, JSON.stringify(u)); });`;
const CURVE = BENCH_CURVE;

function writeInput(): void {
  const rnd = mulberry32(7);
  const lines: string[] = [];
  for (let i = 0; i < LINES; i++) {
    const kind = (['zero', 'fixed', 'callable'] as const)[i % 3]!;
    const issueYear = 2016 + Math.floor(rnd() * 10);
    const month = String(1 + Math.floor(rnd() * 12)).padStart(2, '0');
    const years = 1 + Math.floor(rnd() * 29);
    const issue = `${issueYear}-${month}-15`;
    const maturity = `${Math.max(2027, issueYear + years + 1)}-${month}-15`;
    const call = `${issueYear + years}-${month}-15`;
    lines.push(
      JSON.stringify({
        id: `b${i}`,
        instrument: kind,
        issueDate: issue,
        maturityDate: maturity,
        settlementDate: '2026-11-24',
        firstCouponDate: null,
        coupon: kind === 'zero' ? 0 : Math.round(rnd() * 800) / 10000 + 0.01,
        frequency: 2,
        dayCount: i % 2 ? '30/360' : 'ACT/ACT',
        endOfMonth: false,
        redemption: 100,
        callSchedule: kind === 'callable' && call > issue && call < maturity ? [{ date: call, price: 100 }] : [],
        cleanPrice: 80 + rnd() * 30,
        yield: null,
        treasuryCurve: CURVE,
      }),
    );
  }
  mkdirSync('.tmp', { recursive: true });
  writeFileSync(INPUT, lines.join('\n') + '\n');
}

interface Run {
  lines: number;
  errors: number;
  wall: number;
  cpu: number;
  load: number;
}

async function runOnce(): Promise<Run> {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['--import', REPORT_CPU, CLI], { stdio: ['pipe', 'pipe', 'inherit', 'pipe'] });
  let lines = 0;
  let errors = 0;
  let cpuText = '';
  child.stdout!.setEncoding('latin1');
  child.stdout!.on('data', (chunk: string) => {
    for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) lines++;
    for (let i = chunk.indexOf('"error"'); i !== -1; i = chunk.indexOf('"error"', i + 1)) errors++;
  });
  (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => (cpuText += chunk.toString()));
  createReadStream(INPUT).pipe(child.stdin!);
  await new Promise((resolve) => child.on('close', resolve));
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  const usage = JSON.parse(cpuText) as { user: number; system: number };
  return { lines, errors, wall, cpu: (usage.user + usage.system) / 1e6, load: loadavg()[0]! };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const perSecond = (n: number): string => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  writeInput();
  if (process.env.BENCH_CLI === undefined) {
    const build = spawnSync('npm', ['run', '--silent', 'build:bondcalc'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build:bondcalc failed');
  } else if (!existsSync(CLI)) throw new Error(`BENCH_CLI ${CLI} not found`);
  const runs: Run[] = [];
  for (let r = 0; r < RUNS; r++) {
    const run = await runOnce();
    runs.push(run);
    console.log(
      `run ${r + 1}: ${run.lines} lines (${run.errors} errors), ${run.wall.toFixed(2)} s wall, ${run.cpu.toFixed(2)} s CPU: ` +
        `${perSecond(run.lines / run.cpu)} lines per CPU-second, ${((run.cpu / run.lines) * 1e6).toFixed(1)} µs CPU per line, ` +
        `${perSecond(run.lines / run.wall)} lines/s wall; load average ${run.load.toFixed(2)}`,
    );
  }
  const lines = runs[0]!.lines;
  const cpu = median(runs.map((r) => r.cpu));
  const wall = median(runs.map((r) => r.wall));
  console.log(
    `median of ${RUNS}: ${perSecond(lines / cpu)} lines per CPU-second (${((cpu / lines) * 1e6).toFixed(1)} µs CPU per line), ` +
      `${perSecond(lines / wall)} lines/s wall; load average ${runs.map((r) => r.load.toFixed(1)).join(', ')}`,
  );
}

void main();
