import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * `npm run backtest -- --seed --end …` as a person runs it: its own process, a fresh seeded market
 * in a new PGlite directory, the report as JSON on stdout. The point of --end is that a figure
 * quoted in the docs can be checked on another day, so the test runs it twice.
 */
function backtest(...args: string[]) {
  const run = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/backtest.ts', ...args], {
    env: { ...process.env, DATABASE_URL: '' },
    encoding: 'utf8',
    // Each run starts tsx, migrates and seeds a small market: ~10 s idle. A budget for a loaded
    // CI machine, not a speed target.
    timeout: 280_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('npm run backtest -- --seed --end', () => {
  it('seeds the history up to the day given and reports the same figures on every run', () => {
    const args = ['--seed', '--bonds', '10', '--history', '3', '--end', '2026-07-02', '--json'];
    const first = backtest(...args);
    expect(first.code, first.stderr).toBe(0);
    // Three business days ending Thursday 2 July 2026: Friday the 3rd is the observed
    // Independence Day, so no later day may appear.
    expect(first.stderr).toContain('from 2026-06-30 to 2026-07-02');
    const report = JSON.parse(first.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({ from: '2026-06-30', to: '2026-07-02' });
    expect(report.evaluatedTrades).toBeGreaterThan(0);

    const second = backtest(...args);
    expect(second.code, second.stderr).toBe(0);
    const { evaluatedAt: _a, ...figures } = report;
    const { evaluatedAt: _b, ...again } = JSON.parse(second.stdout) as Record<string, unknown>;
    expect(again).toEqual(figures);
  }, 600_000);

  it.each([
    [['--seed', '--end', '2026-07-03'], '2026-07-03 is not a business day'],
    [['--seed', '--end', '2026-02-30'], '"2026-02-30" is not a date written YYYY-MM-DD'],
    [['--seed', '--end', '2999-01-04'], '2999-01-04 has not closed yet'],
    [['--end', '2026-07-02'], '--end only goes with --seed'],
  ])(
    'refuses %j, saying why, before it seeds anything',
    (args, reason) => {
      const run = backtest(...args);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(reason);
      expect(run.stderr).not.toContain('Seeding');
    },
    280_000,
  );
});
