import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/testDatabase';
import { listSourceStates, readCursor, recordSourceRun, saveCursor } from './sourceState';

/** The app's time the cursors are saved at. */
const AT = new Date('2026-12-21T09:00:00Z');

describe('the public sources run log and cursors', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('a dataset never loaded has no cursor; a saved cursor is read back and replaced by the next', async () => {
    const db = database.db;
    expect(await readCursor(db, 'finra', 'never')).toBeNull();
    await saveCursor(db, 'finra', 'corporates', 'offset:5000', AT);
    expect(await readCursor(db, 'finra', 'corporates')).toBe('offset:5000');
    await saveCursor(db, 'finra', 'corporates', 'offset:10000', AT);
    expect(await readCursor(db, 'finra', 'corporates')).toBe('offset:10000');
    const saved = await db.selectFrom('source_states').select('updated_at').where('dataset', '=', 'corporates').executeTakeFirstOrThrow();
    expect(saved.updated_at.toISOString()).toBe(AT.toISOString());
    expect(await readCursor(db, 'treasury', 'corporates')).toBeNull();
  });

  it('a cursor saved in a transaction that rolls back is not kept, so the page it covered is loaded again', async () => {
    const db = database.db;
    await saveCursor(db, 'finra', 'history', '2026-12-01', AT);
    await expect(
      db.transaction().execute(async (trx) => {
        await saveCursor(trx, 'finra', 'history', '2026-12-02', AT);
        throw new Error('the page failed');
      }),
    ).rejects.toThrow('the page failed');
    expect(await readCursor(db, 'finra', 'history')).toBe('2026-12-01');
  });

  it('runs add up their rows; a failed run keeps its error until the next success; an empty run keeps the data-through date', async () => {
    const db = database.db;
    const at = (iso: string) => new Date(iso);
    await recordSourceRun(db, {
      source: 'treasury',
      dataset: 'par-curve',
      startedAt: at('2026-12-21T10:00:00Z'),
      finishedAt: at('2026-12-21T10:00:05Z'),
      rows: 120,
      error: null,
      dataThrough: '2026-12-18',
    });
    await recordSourceRun(db, {
      source: 'treasury',
      dataset: 'par-curve',
      startedAt: at('2026-12-22T10:00:00Z'),
      finishedAt: at('2026-12-22T10:00:01Z'),
      rows: 0,
      error: 'Treasury answered 503',
      dataThrough: null,
    });
    let [state] = (await listSourceStates(db)).filter((s) => s.source === 'treasury');
    expect(state).toEqual({
      source: 'treasury',
      dataset: 'par-curve',
      cursor: null,
      lastStartedAt: '2026-12-22T10:00:00.000Z',
      lastFinishedAt: '2026-12-22T10:00:01.000Z',
      lastRows: 0,
      totalRows: 120,
      lastError: 'Treasury answered 503',
      dataThrough: '2026-12-18',
      runs: 2,
      failures: 1,
    });
    await recordSourceRun(db, {
      source: 'treasury',
      dataset: 'par-curve',
      startedAt: at('2026-12-23T10:00:00Z'),
      finishedAt: at('2026-12-23T10:00:02Z'),
      rows: 13,
      error: null,
      dataThrough: '2026-12-22',
    });
    [state] = (await listSourceStates(db)).filter((s) => s.source === 'treasury');
    expect(state).toMatchObject({ lastRows: 13, totalRows: 133, lastError: null, dataThrough: '2026-12-22', runs: 3, failures: 1 });
    expect((await listSourceStates(db)).map((s) => `${s.source}/${s.dataset}`)).toEqual([
      'finra/corporates',
      'finra/history',
      'treasury/par-curve',
    ]);
  });
});
