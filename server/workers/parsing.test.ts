import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Filing } from '../../common/api/edgar';
import { parseTermSheet } from '../services/primary/edgar/fwpParser';
import { readingOf } from '../services/primary/edgar/review';
import { ServiceRefusal } from '../services/refusal';
import { createTestApp, signedIn, type TestContext } from '../test/testApp';
import type { ParseTasks } from './parseTasks';
import { INLINE_TERM_SHEET_CHARS, parseTermSheetOnThread, parsingThreadTasksDone } from './parsing';
import { WorkerPool } from './pool';

const SAMPLES = new URL('../../samples/fwp/', import.meta.url);
const samples = [
  ...readdirSync(SAMPLES).filter((f) => /\.(html|txt)$/.test(f)),
  ...readdirSync(new URL('families/', SAMPLES))
    .filter((f) => /\.(html|txt)$/.test(f))
    .map((f) => `families/${f}`),
];
const sample = (name: string) => readFileSync(new URL(name, SAMPLES), 'utf8');

describe('term sheets read on the parsing thread', () => {
  it('every sample term sheet reads the same on the parsing thread as on the main thread', async () => {
    expect(samples.length).toBeGreaterThan(10);
    for (const name of samples) {
      const content = sample(name);
      expect(await parseTermSheetOnThread(content), name).toEqual(parseTermSheet(content));
    }
    expect(await parseTermSheetOnThread('', 'text')).toEqual(parseTermSheet('', 'text'));
  });

  it('past its queue, the pool refuses with a sentence instead of piling work up', async () => {
    const pool = new WorkerPool<ParseTasks>({
      entry: new URL('./parseThread.mjs', import.meta.url),
      size: 1,
      queued: 1,
      busyMessage: 'The server is busy reading other uploads',
    });
    try {
      const running = pool.run('termSheet', sample('contoso-2-tranche-blocks.txt'));
      const waiting = pool.run('termSheet', sample('northwind-3-tranche-table.html'));
      const refused = pool.run('termSheet', 'Issuer: Acme');
      await expect(refused).rejects.toEqual(new ServiceRefusal('too many', 'The server is busy reading other uploads'));
      expect((await running).status).not.toBe('rejected');
      expect((await waiting).status).not.toBe('rejected');
    } finally {
      await pool.close();
    }
  });
});

describe('the FWP upload route reads through the parsing thread', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => Date.parse('2026-11-24T15:00:00Z') });
    admin = await signedIn(ctx, 'parsing-admin', { admin: true });
  });
  afterAll(() => ctx?.close());

  it('a large uploaded term sheet is read on the thread and stored with the reading the parser gives on the main thread', async () => {
    // No issuer is known in this database: each sheet is stored for review, its reading as read.
    for (const name of ['northwind-3-tranche-table.html', 'contoso-price-contradicts-yield.txt', 'families/f09-reopening-single.html']) {
      // Made large (trailing blank lines) so that it goes to the thread; small sheets are read at once.
      const content = `${sample(name)}${'\n'.repeat(INLINE_TERM_SHEET_CHARS)}`;
      const before = parsingThreadTasksDone();
      const res = await ctx.app.inject({ method: 'POST', url: '/admin/edgar', headers: admin, payload: { fileName: name, content } });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
      expect(parsingThreadTasksDone()).toBe(before + 1);
      const filing = (await ctx.app.inject({ method: 'GET', url: `/admin/edgar/${res.json().id}`, headers: admin })).json() as Filing;
      expect(filing.reading, name).toEqual(readingOf(parseTermSheet(content)));
    }
  });
});
