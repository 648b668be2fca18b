#!/usr/bin/env node
// `npm test`: every unit and API suite (PGlite, and PostgreSQL too when TEST_DATABASE_URL is set),
// then the browser tests against the real server. Prints one closing line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('.tmp', { recursive: true });
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;

const vitestJson = '.tmp/vitest-results.json';
const playwrightJson = '.tmp/playwright-results.json';
for (const f of [vitestJson, playwrightJson]) rmSync(f, { force: true });

const unitStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const skipE2e = process.argv.includes('--no-e2e') || process.env.SKIP_E2E === '1';
const e2eStatus = skipE2e ? 0 : run('npx', ['playwright', 'test']);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
}
if (existsSync(playwrightJson)) {
  const s = JSON.parse(readFileSync(playwrightJson, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
if ((unitStatus !== 0 || e2eStatus !== 0) && failed === 0) failed = 1; // a crash is a failure too
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(unitStatus !== 0 || e2eStatus !== 0 ? 1 : 0);
