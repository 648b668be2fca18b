import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/testDatabase';
import { seedUniverse } from '../market/simulator/index';
import { runAccuracyBacktest, runAccuracyBacktestToEnd } from './backtest';
import { accuracyReport } from './report';
import { accuracyReportByScan } from './reportByScan';

/*
 * The read model must answer exactly what the direct computation (one read of the range and
 * sorts) answers, for any range, as the backtest adds trades, a trade is cancelled and a row
 * arrives below the newest id.
 */
let database: DatabaseHandle;
const END = '2026-11-20';

beforeAll(async () => {
  database = await createTestDatabase();
  await seedUniverse(database.db, { bonds: 80, historyDays: 30, seed: 7, endDate: END, now: () => Date.parse(`${END}T22:00:00Z`) });
}, 120_000);
afterAll(() => database.close());

/** Ranges over the seeded days: open, each bound alone, both, a weekend, before and after the data. */
const RANGES = [
  {},
  { from: '2026-10-20' },
  { from: '2026-10-25' },
  { from: '2026-11-02', to: '2026-11-13' },
  { to: '2026-10-28' },
  { from: '2026-11-20', to: '2026-11-20' },
  { from: '2025-01-01' },
  { from: '2026-12-01' },
];

async function expectSameAnswers(minimumCompared: number) {
  for (const range of RANGES) {
    const direct = await accuracyReportByScan(database.db, range);
    expect(await accuracyReport(database.db, range), JSON.stringify(range)).toEqual(direct);
  }
  expect((await accuracyReportByScan(database.db, {})).comparedTrades).toBeGreaterThan(minimumCompared);
}

describe('the accuracy tables answered from the read model', () => {
  it('equal the direct computation for every range', async () => {
    await runAccuracyBacktest(database.db, 600);
    await expectSameAnswers(200);
  });

  it('still equal it after the backtest adds the next trades', async () => {
    await runAccuracyBacktestToEnd(database.db);
    await expectSameAnswers(400);
  });

  it('drop a trade cancelled after it was evaluated', async () => {
    const before = (await accuracyReport(database.db, {})).comparedTrades;
    await sql`update trades set status = 'cancelled' where id = (select max(trade_id) - 50 from trade_accuracy where model_error is not null and last_trade_error is not null and previous_close_error is not null)`.execute(
      database.db,
    );
    await expectSameAnswers(400);
    expect((await accuracyReport(database.db, {})).comparedTrades).toBe(before - 1);
  });

  it('take in a row written below the newest evaluated id', async () => {
    const row = await sql<{ trade_id: string }>`select trade_id from trade_accuracy order by trade_id limit 1 offset 100`.execute(
      database.db,
    );
    const id = row.rows[0]!.trade_id;
    // Held in an ordinary table: a temporary one lives on one pooled connection only, and on
    // PostgreSQL the statements below may each run on another.
    await sql`create table held_accuracy_row as select * from trade_accuracy where trade_id = ${id}`.execute(database.db);
    await sql`delete from trade_accuracy where trade_id = ${id}`.execute(database.db);
    await expectSameAnswers(400);
    await sql`insert into trade_accuracy select * from held_accuracy_row`.execute(database.db);
    await sql`drop table held_accuracy_row`.execute(database.db);
    await expectSameAnswers(400);
  });
});
