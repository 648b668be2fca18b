/** The bondcalc CLI contract: one JSON line out per line in, in order, errors carry on. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { processLine } from '../jsonl';
import { exampleBond } from '../testBonds';

const good = (id: string, extra: Record<string, unknown> = {}) => JSON.stringify({ id, ...exampleBond({ yield: 0.065 }), ...extra });

describe('processLine', () => {
  it('echoes the id and returns the contract outputs', () => {
    const out = JSON.parse(processLine(good('a1')));
    expect(out.id).toBe('a1');
    expect(out.cleanPrice).toBeCloseTo(94.63436162, 8);
  });

  it('bad JSON, bad fields and non-objects become {id, error} lines', () => {
    expect(JSON.parse(processLine('{not json'))).toEqual({ id: null, error: 'input: not valid JSON' });
    expect(JSON.parse(processLine(good('b2', { dayCount: 'XX' })))).toEqual({ id: 'b2', error: expect.stringMatching(/^dayCount: /) });
    expect(JSON.parse(processLine('42'))).toEqual({ id: null, error: expect.stringMatching(/^input: /) });
  });
});

describe('bondcalc process', () => {
  it('streams stdin to stdout line by line, in order, carrying on after bad lines', async () => {
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const cli = fileURLToPath(new URL('./bondcalc.ts', import.meta.url));
    const child = spawn(tsx, [cli], { stdio: ['pipe', 'pipe', 'pipe'] });
    const lines = [good('1'), 'garbage', good('3', { maturityDate: '2001-01-01' }), good('4', { yield: null, cleanPrice: 95 })];
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stdin.end(lines.join('\n') + '\n');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    const out = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(out.map((o) => o.id)).toEqual(['1', null, '3', '4']);
    expect(out[1].error).toBeTypeOf('string');
    expect(out[2].error).toMatch(/^maturityDate: /);
    expect(out[3].yieldToMaturity).toBeGreaterThan(0.06);
  }, 20_000);
});

describe('unknown input fields', () => {
  it('a misspelt or extra field is an error naming it, not silently ignored', () => {
    expect(JSON.parse(processLine(good('c3', { coupn: 0.05 })))).toEqual({ id: 'c3', error: 'input: unknown field "coupn"' });
    expect(JSON.parse(processLine(good('c4', { a: 1, b: 2 })))).toEqual({ id: 'c4', error: 'input: unknown fields "a", "b"' });
  });
});
