/**
 * Whole-process throughput of the `bondcalc` command (not a test): `npm run bench:bondcalc`.
 * Writes BENCH_LINES (300,000) contract inputs — a third each fixed, zero and callable, 2–30
 * years, every line carrying the same 11-point Treasury curve as a batch does — to .tmp/, builds
 * dist/bondcalc.mjs, then runs it in its own process, stdin from the file and stdout counted, and
 * prints wall time and lines per second. The figures are in docs/analytics.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, mkdirSync, writeFileSync } from 'node:fs';
import { mulberry32 } from '@common/random';
import { BENCH_CURVE } from './support/benchCurve';

const LINES = Number(process.env.BENCH_LINES ?? 300_000);
const INPUT = '.tmp/bench-bondcalc-input.jsonl';
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

async function main(): Promise<void> {
  writeInput();
  const build = spawnSync('npm', ['run', '--silent', 'build:bondcalc'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build:bondcalc failed');
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['dist/bondcalc.mjs'], { stdio: ['pipe', 'pipe', 'inherit'] });
  let lines = 0;
  let errors = 0;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) lines++;
    errors += chunk.split('"error"').length - 1;
  });
  createReadStream(INPUT).pipe(child.stdin);
  await new Promise((resolve) => child.on('close', resolve));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(
    `${lines} lines (${errors} errors) in ${seconds.toFixed(2)} s wall: ${Math.round(lines / seconds).toLocaleString('en-US')} lines/s`,
  );
}

void main();
