/**
 * FWP term sheet parser benchmark (not a test): `npm run bench:fwp`.
 *
 * Target: under 50 ms per sheet, so an import of a day's filings is bounded by the network, not
 * the parser. Parses each sample in samples/fwp many times (after a warm-up, one core) and prints
 * the median and 95th percentile per parse, then times the same hostile 5 MB inputs the tests
 * reject, to show linear work on garbage. Options (env): BENCH_ROUNDS (500).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseTermSheet } from '../server/services/primary/edgar/fwpParser';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 500);
const SAMPLES = fileURLToPath(new URL('../samples/fwp/', import.meta.url));

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

function time(source: string, rounds: number): { median: number; p95: number; status: string } {
  let status = '';
  for (let r = 0; r < Math.min(20, rounds); r++) status = parseTermSheet(source).status; // warm-up: JIT and regex compilation
  const ms: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t = performance.now();
    parseTermSheet(source);
    ms.push(performance.now() - t);
  }
  return { median: percentile(ms, 0.5), p95: percentile(ms, 0.95), status };
}

console.log(`FWP term sheets, ${ROUNDS} parses each (target < 50 ms per sheet):`);
for (const name of readdirSync(SAMPLES).filter((f) => !f.endsWith('.md'))) {
  const source = readFileSync(SAMPLES + name, 'utf8');
  const { median, p95, status } = time(source, ROUNDS);
  console.log(
    `  ${name.padEnd(40)} ${String(source.length).padStart(6)} chars  median ${median.toFixed(3)} ms  p95 ${p95.toFixed(3)} ms  (${status})`,
  );
}

const words = ['Coupon', 'due', '%', '$1,', '99-16', 'T+', 'November 15,', 'Issuer', ':', '(', '<', '&amp', '\n'];
const hostile: Record<string, string> = {
  '5 MB of near-miss words': Array.from({ length: 1_200_000 }, (_, i) => words[(i * 7) % words.length]).join(' '),
  '5 MB of "<"': '<'.repeat(5_000_000),
  '5 MB unclosed <script>': '<script>' + 'x'.repeat(5_000_000),
  '500,000 unclosed table rows': '<table>' + '<tr><td>x'.repeat(500_000),
};
console.log('Hostile input, 5 parses each:');
for (const [name, source] of Object.entries(hostile)) {
  const { median, p95, status } = time(source, 5);
  console.log(
    `  ${name.padEnd(40)} ${String(source.length).padStart(8)} chars  median ${median.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  (${status})`,
  );
}
