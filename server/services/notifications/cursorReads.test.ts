import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';
import { CursorReads } from './cursorReads';
import { createNotificationBatch, createNotifications } from './notifications';

const T0 = Date.parse('2026-11-20T08:00:00Z');
const DAY = 86_400_000;

describe('the long-poll cursor reads, coalesced', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    for (const id of ['ann', 'bob', 'cat']) await signedIn(ctx, id);
  });
  afterAll(() => ctx.close());

  it('polls arriving together are answered by one query, each with its own user, cursor and replay window', async () => {
    const ann = await createNotifications(ctx.app.db, ['ann'], { type: 'other', category: 'other', at: new Date(T0 - 8 * DAY) });
    const mixed = await createNotificationBatch(ctx.app.db, [
      { userId: 'ann', type: 'other', category: 'other', payload: { n: 1 }, at: new Date(T0 - 60_000) },
      { userId: 'bob', type: 'markethawkalert', category: 'markethawk', payload: { n: 2 }, at: new Date(T0 - 50_000) },
      { userId: 'ann', type: 'other', category: 'other', payload: { n: 3 }, at: new Date(T0 - 40_000) },
    ]);
    const reads = new CursorReads(ctx.app.db);
    const now = new Date(T0);
    const [annAll, annAfterFirst, bobAll, catAll] = await Promise.all([
      reads.after('ann', '0', now),
      reads.after('ann', mixed[0]!, now),
      reads.after('bob', '0', now),
      reads.after('cat', '0', now),
    ]);
    expect(reads.queries).toBe(1);
    // Ann's notification of eight days ago is past the 7-day replay window.
    expect(ann).toHaveLength(1);
    expect(annAll.map((n) => n.payload)).toEqual([{ n: 1 }, { n: 3 }]);
    expect(annAfterFirst.map((n) => n.id)).toEqual([mixed[2]]);
    expect(bobAll).toEqual([
      { id: mixed[1], type: 'markethawkalert', category: 'markethawk', timestamp: new Date(T0 - 50_000).toISOString(), payload: { n: 2 } },
    ]);
    expect(catAll).toEqual([]);
  });

  it('polls arriving after a query started get a query of their own, shared by those arriving together', async () => {
    const reads = new CursorReads(ctx.app.db);
    const first = reads.after('cat', '0', new Date(T0));
    await new Promise((resolve) => setImmediate(resolve));
    const second = await Promise.all([reads.after('ann', '0', new Date(T0)), reads.after('bob', '0', new Date(T0))]);
    await first;
    expect(reads.queries).toBe(2);
    expect(second.map((list) => list.length)).toEqual([2, 1]);
  });
});
