import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm run import -- fwp <file>` as a person runs it: its own process on the embedded database of
 * a data directory, the filing's status on stderr, the result as JSON on stdout, and the exit code.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'bondwise-fwp-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function importFwp(file: string) {
  const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/import.ts', 'fwp', file], {
    // No server answers on this port, so the command may open the embedded database itself.
    env: { ...process.env, DATA_DIR: dataDir, PORT: '59123', DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 280_000,
  });
  return { code: run.status, stderr: run.stderr, result: run.stdout ? (JSON.parse(run.stdout) as Record<string, unknown>) : null };
}

// Each run starts tsx and migrates the data directory's database: 22-63 s a run at load 17, and
// the first test makes three. Budgets for a loaded CI machine, not speed targets.
describe('npm run import -- fwp', () => {
  it('reads a term sheet into a filing, says what is left to do, and knows a document it has seen', () => {
    const first = importFwp('samples/fwp/northwind-3-tranche-table.html');
    expect(first.code, first.stderr).toBe(0);
    expect(first.result).toMatchObject({ status: 'parsed', problems: [], dealId: null, duplicate: false });
    expect(first.stderr).toMatch(/Its issuer is not known yet: pick or create it on \/bw\/admin\/edgar\/\d+/);
    const again = importFwp('samples/fwp/northwind-3-tranche-table.html');
    expect(again.result).toMatchObject({ id: first.result!.id, duplicate: true });

    const review = importFwp('samples/fwp/contoso-price-contradicts-yield.txt');
    expect(review.code).toBe(0);
    expect(review.result).toMatchObject({ status: 'needs review' });
    expect(review.stderr).toContain('tranches[0].priceToPublic');
  }, 600_000);

  it('exits 1 for a document that is not a term sheet', () => {
    const memo = join(dataDir, 'memo.txt');
    writeFileSync(memo, 'Minutes of the meeting.\n');
    const run = importFwp(memo);
    expect(run.code).toBe(1);
    expect(run.result).toMatchObject({ status: 'rejected' });
  }, 600_000);
});
