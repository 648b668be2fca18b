import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { volumeWindowStart } from '../../pricing/closes';
import { createTestDatabase } from '../../../test/testDatabase';
import { seedUniverse } from './index';
import { runLiveTick } from './tick';

// Thanksgiving week 2026 on a seeded and priced market: Thursday 26 November is a SIFMA full
// close, Friday 27 an early close. The days below are written by hand from SIFMA's calendar.
const END = '2026-11-30'; // a Monday
const THANKSGIVING = '2026-11-26';
const OPEN_DAYS = ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-27', '2026-11-30'];

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedUniverse(database.db, {
    bonds: 60,
    historyDays: OPEN_DAYS.length,
    seed: 5,
    endDate: END,
    now: () => Date.parse(`${END}T22:00:00Z`),
  });
});
afterAll(async () => {
  await database?.close();
});

async function daysIn(select: string): Promise<string[]> {
  const { rows } = await sql
    .raw<{ d: string }>(`select distinct to_char(d, 'YYYY-MM-DD') as d from (${select}) x order by 1`)
    .execute(database.db);
  return rows.map((r) => r.d);
}

describe('a seeded market across Thanksgiving', () => {
  it('has curves, trades, stats and end-of-day prices on the open days only', async () => {
    expect(await daysIn('select curve_date as d from treasury_curve_points')).toEqual(OPEN_DAYS);
    expect(await daysIn('select trade_date as d from daily_bond_stats')).toEqual(OPEN_DAYS);
    expect(await daysIn(`select (execution_time at time zone 'America/New_York')::date as d from trades`)).toEqual(OPEN_DAYS);
    expect(await daysIn(`select price_date as d from evaluated_prices where kind = 'eod'`)).toEqual(OPEN_DAYS);
  });

  it('squeezes the Friday after Thanksgiving into an early session ending by 14:15 New York time', async () => {
    const { rows } = await sql<{ latest: string }>`
      select to_char(max(execution_time at time zone 'America/New_York'), 'HH24:MI') as latest from trades
      where (execution_time at time zone 'America/New_York')::date = '2026-11-27'`.execute(database.db);
    expect(rows[0]!.latest <= '14:15').toBe(true);
  });

  it('counts only open days in the 20-day volume average window', () => {
    // Counting back from 30 November: 19 open days in November (Thanksgiving on the 26th and
    // Veterans Day on the 11th are closed), so the 20th is Friday 30 October.
    expect(volumeWindowStart('2026-12-01')).toBe('2026-10-30');
  });

  it('leaves the market closed in live mode on Thanksgiving, then fills nothing for it', async () => {
    const tickMs = 60_000;
    const thanksgivingNoon = new Date('2026-11-26T17:00:00Z');
    const closed = await runLiveTick(database.db, { now: thanksgivingNoon, tickMs, price: false });
    expect(closed.trades).toBe(0);
    const friday = await runLiveTick(database.db, { now: new Date('2026-12-01T15:00:00Z'), tickMs, price: false });
    expect(friday.day).toBe('2026-12-01');
    expect(await daysIn(`select curve_date as d from treasury_curve_points where curve_date >= '${THANKSGIVING}'`)).toEqual([
      '2026-11-27',
      '2026-11-30',
      '2026-12-01',
    ]);
  });
});
