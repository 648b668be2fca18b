import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import { createTestDatabase } from '../../test/testDatabase';
import { createTrades } from '../pricing/testFixtures';
import { runAccuracyBacktestToEnd } from './backtest';
import { accuracyReport } from './report';
import { accuracyReportByScan } from './reportByScan';
import { type AccuracyFixture, accuracyRowOf, insertAccuracyFixture } from './testFixtures';

/*
 * Issue 32: the hand-built market of testFixtures.ts plus one print of bond A at 150 on 17 Nov,
 * 17:00 — after a3 (100.20), before a4 — that a close flagged as a bad print. Figures worked out
 * by hand in backtest.test.ts: a4 (customer sell 99.00, 5MM) has mid 99.1333568, so its last
 * trade a3 gives an error of 100.20 − 99.1333568 = 1.0666432 (the flagged 150 would give
 * 50.8666432), and a3 is also its previous close. The fixture's compared trades are 4; the bad
 * print, were it believed, would be a fifth (shown the 16 Nov close 100, last trade a3, previous
 * close a1).
 */
let database: DatabaseHandle;
let fx: AccuracyFixture;
let flagged: number;

beforeAll(async () => {
  database = await createTestDatabase();
  fx = await insertAccuracyFixture(database.db);
  [flagged] = (await createTrades(database.db, [
    { bondId: fx.bondA, time: new Date('2026-11-17T17:00:00Z'), quantity: 1_000_000, price: 150, side: 'inter_dealer' },
  ])) as [number];
  await sql`update trades set flag = 'bad print' where id = ${flagged}`.execute(database.db);
});
afterAll(() => database.close());

const compared = async () => {
  const report = await accuracyReport(database.db, {});
  expect(report).toEqual(await accuracyReportByScan(database.db, {}));
  return report.comparedTrades;
};

describe('the accuracy backtest and flagged prints', () => {
  it('does not score a flagged print, nor compare a later trade with it as the last trade or the close', async () => {
    await runAccuracyBacktestToEnd(database.db);
    const a4 = await accuracyRowOf(database.db, fx.trades.a4!);
    expect(a4!.last_trade_error).toBeCloseTo(1.0666432, 6);
    expect(a4!.previous_close_error).toBeCloseTo(1.0666432, 6);
    expect(await compared()).toBe(4);
  });

  it('a print accepted later is scored again, and leaves the report when flagged again', async () => {
    await sql`update trades set flag = null where id = ${flagged}`.execute(database.db);
    expect(await compared()).toBe(5);
    await sql`update trades set flag = 'off-market' where id = ${flagged}`.execute(database.db);
    expect(await compared()).toBe(4);
  });
});
