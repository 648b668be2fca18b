import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { createTestDatabase } from '../../../test/testDatabase';
import { seedUniverse } from './index';
import { demoSessionInstant } from './live';
import { runLiveTick } from './tick';

/**
 * The demo clock (DEMO_CLOCK=always-open): on a weekend or a US market holiday the simulated
 * market trades as in the last business day's session, so a demo on a Saturday is not frozen;
 * with it off the market rests, as the SIFMA calendar says it does.
 */
const FRIDAY = '2026-11-20';
const SATURDAY_10_NY = new Date('2026-11-21T15:00:00Z');
const TICK_MS = 10_000;

describe('the demo clock maps a closed day onto the last session', () => {
  it('a Saturday, a Saturday night and Thanksgiving take the previous business day at the same New York time; a business day is itself', () => {
    expect(demoSessionInstant(SATURDAY_10_NY).toISOString()).toBe('2026-11-20T15:00:00.000Z');
    // 22:00 on Saturday in New York is already Sunday in UTC: still Saturday's session replayed.
    expect(demoSessionInstant(new Date('2026-11-22T03:00:00Z')).toISOString()).toBe('2026-11-21T03:00:00.000Z');
    // Thanksgiving (a SIFMA full close) at 11:00 → Wednesday 11:00.
    expect(demoSessionInstant(new Date('2026-11-26T16:00:00Z')).toISOString()).toBe('2026-11-25T16:00:00.000Z');
    const monday = new Date('2026-11-23T15:00:00Z');
    expect(demoSessionInstant(monday)).toBe(monday);
  });
});

describe('on a Saturday the simulated market', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedUniverse(database.db, { bonds: 120, historyDays: 5, seed: 23, endDate: FRIDAY, now: () => SATURDAY_10_NY.getTime() });
  }, 120_000);
  afterAll(() => database?.close());

  const prices = async () =>
    new Map(
      (await sql<{ bond_id: number; price: string }>`select bond_id, price from bond_market_state`.execute(database.db)).rows.map((r) => [
        r.bond_id,
        Number(r.price),
      ]),
    );
  const tradeCount = async () => Number((await sql<{ n: string }>`select count(*) as n from trades`.execute(database.db)).rows[0]!.n);

  it('rests with the demo clock off: no trades, no price moves', async () => {
    const before = await prices();
    const trades = await tradeCount();
    for (let k = 0; k < 3; k++) {
      const tick = await runLiveTick(database.db, { now: new Date(SATURDAY_10_NY.getTime() + k * TICK_MS), tickMs: TICK_MS });
      expect(tick.trades).toBe(0);
      expect(tick.day).toBeNull();
    }
    expect(await tradeCount()).toBe(trades);
    expect(await prices()).toEqual(before);
  });

  it("moves with it on: trades in Friday's session and reprices the bonds", async () => {
    const before = await prices();
    const trades = await tradeCount();
    let traded = 0;
    for (let k = 3; k < 9; k++) {
      const now = new Date(SATURDAY_10_NY.getTime() + k * TICK_MS);
      const tick = await runLiveTick(database.db, { now, tickMs: TICK_MS, alwaysOpen: true });
      expect(tick.applied).toBe(true);
      expect(tick.day).toBe(FRIDAY);
      expect(tick.marketNow.toISOString()).toBe(new Date(Date.parse('2026-11-20T15:00:00Z') + k * TICK_MS).toISOString());
      traded += tick.trades;
    }
    expect(traded).toBeGreaterThan(0);
    expect(await tradeCount()).toBe(trades + traded);
    // The new prints are stamped in Friday's session, not on the Saturday nobody trades.
    const { rows } = await sql<{ first: Date; last: Date }>`
      select min(execution_time) as first, max(execution_time) as last from (select execution_time from trades order by id desc limit ${traded}) t`.execute(
      database.db,
    );
    expect(new Date(rows[0]!.first).getTime()).toBeGreaterThanOrEqual(Date.parse('2026-11-20T14:59:00Z'));
    expect(new Date(rows[0]!.last).getTime()).toBeLessThan(Date.parse('2026-11-20T16:00:00Z'));
    const after = await prices();
    const moved = [...after].filter(([id, p]) => before.has(id) && p !== before.get(id));
    expect(moved.length).toBeGreaterThan(after.size * 0.5);
  });
});
