import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { createTestDatabase } from '../../../test/testDatabase';
import { indexInputs } from './indexReadModel';
import { marketIndex } from './marketIndex';
import { insertTestUniverse, type TestUniverse } from './testUniverse';

/*
 * The index from the read model (baskets and closes kept for the market's day, shared by every
 * `from`) must be the index computed directly from the database, to the last digit.
 */
let database: DatabaseHandle;
let u: TestUniverse;

beforeAll(async () => {
  database = await createTestDatabase();
  u = await insertTestUniverse(database.db, { bonds: 80, historyDays: 70 });
}, 120_000);
afterAll(() => database.close());

describe('the market index answered from its read model', () => {
  it('equals the direct computation for every from, the model shared between them', async () => {
    const inputs = indexInputs(database.db, u.asOfDay, 0);
    const monthStart = u.days.find((d) => d.slice(0, 7) !== u.days[0]!.slice(0, 7))!;
    const ranges = [
      {},
      { from: u.days[0] },
      { from: u.days[1] },
      { from: u.days[17] },
      { from: monthStart },
      { from: u.days[30], to: u.days[50] },
      { from: '2020-01-01' },
      { from: u.asOfDay },
      { to: u.days[20] },
    ];
    let periods = 0;
    for (const q of ranges) {
      const direct = await marketIndex(database.db, q);
      expect(await marketIndex(database.db, q, undefined, inputs), JSON.stringify(q)).toEqual(direct);
      periods = Math.max(periods, new Set(direct.points.map((p) => p.date.slice(0, 7))).size);
    }
    // The ranges cross rebalances: at least three months of points.
    expect(periods).toBeGreaterThanOrEqual(3);
    expect((await marketIndex(database.db, { from: u.days[1] })).points.length).toBe(u.days.length - 1);
  });
});
