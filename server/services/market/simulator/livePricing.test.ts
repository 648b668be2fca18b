import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { createTestDatabase } from '../../../test/testDatabase';
import { seedUniverse } from './index';
import { FULL_REPRICE_INTERVAL_MS, runLiveTick } from './tick';
import { marketAsOf } from '../queries/common';
import { resetAllCaches } from '../../caches/registry';
import { repriceUniverse } from '../../pricing/index';

const FRIDAY = '2026-11-20';
const MONDAY_OPEN = Date.parse('2026-11-23T15:00:00Z'); // 10:00 in New York
const TICK_MS = 10_000;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedUniverse(database.db, { bonds: 150, historyDays: 10, seed: 17, endDate: FRIDAY, now: () => Date.parse(`${FRIDAY}T22:00:00Z`) });
}, 120_000);
afterAll(() => database?.close());

interface StateRow {
  bond_id: number;
  as_of: Date;
  price: string;
  change_price: string | null;
  volume: string;
}
const marketState = async () =>
  new Map(
    (await sql<StateRow>`select bond_id, as_of, price, change_price, volume from bond_market_state`.execute(database.db)).rows.map((r) => [
      r.bond_id,
      r,
    ]),
  );
const tradedOn = async (day: string) =>
  new Set(
    (
      await sql<{
        bond_id: number;
      }>`select distinct bond_id from trades where execution_time >= ${`${day}T00:00:00Z`}::timestamptz`.execute(database.db)
    ).rows.map((r) => r.bond_id),
  );

describe("live figures are today's, also for bonds that have not traded today", () => {
  it("a server started on Monday reprices every bond on Monday's curve at its first tick, against Friday's close", async () => {
    const friday = await marketState();
    const fridayClose = new Map(
      (
        await sql<{ bond_id: number; clean_price: string }>`
          select bond_id, clean_price from evaluated_prices where kind = 'eod' and price_date = ${FRIDAY}`.execute(database.db)
      ).rows.map((r) => [r.bond_id, Number(r.clean_price)]),
    );
    const tick = await runLiveTick(database.db, { now: new Date(MONDAY_OPEN), tickMs: TICK_MS });
    expect(tick.applied).toBe(true);
    expect(tick.finishedDays).toEqual([]); // nothing missed over the weekend: the case that kept Friday's figures

    const monday = await marketState();
    const traded = await tradedOn('2026-11-23');
    const untraded = [...monday.values()].filter((r) => !traded.has(r.bond_id));
    expect(untraded.length, 'most bonds do not trade in the first tick').toBeGreaterThan(100);
    for (const row of untraded) {
      expect(row.as_of.toISOString(), `bond ${row.bond_id}`).toBe(new Date(MONDAY_OPEN).toISOString());
      // The change is today's against Friday's close, not Friday's against Thursday's.
      const close = fridayClose.get(row.bond_id)!;
      expect(Number(row.change_price), `bond ${row.bond_id}`).toBeCloseTo(Number(row.price) - close, 4);
      expect(Number(row.volume)).toBe(0);
    }
    // The overnight curve and spread moves reach the bonds nobody traded.
    const moved = untraded.filter((r) => Number(r.price) !== Number(friday.get(r.bond_id)!.price));
    expect(moved.length).toBeGreaterThan(untraded.length * 0.9);
  });

  it(`ticks in between reprice the bonds they touched, and every ${FULL_REPRICE_INTERVAL_MS / 1000} s the whole universe`, async () => {
    const first = await marketState();
    const soon = MONDAY_OPEN + TICK_MS;
    await runLiveTick(database.db, { now: new Date(soon), tickMs: TICK_MS });
    const traded = await tradedOn('2026-11-23');
    const afterSoon = await marketState();
    const quiet = [...afterSoon.values()].filter((r) => !traded.has(r.bond_id));
    expect(quiet.length).toBeGreaterThan(100);
    for (const row of quiet) expect(row.as_of.getTime()).toBe(first.get(row.bond_id)!.as_of.getTime());

    const due = MONDAY_OPEN + FULL_REPRICE_INTERVAL_MS;
    await runLiveTick(database.db, { now: new Date(due), tickMs: TICK_MS });
    const later = await marketState();
    const tradedSince = await tradedOn('2026-11-23');
    const stillQuiet = quiet.filter((r) => !tradedSince.has(r.bond_id) && later.has(r.bond_id));
    // The curve moved since the first tick: the quiet bonds' figures are rewritten as of now.
    const repriced = stillQuiet.filter((r) => later.get(r.bond_id)!.as_of.getTime() === due);
    expect(repriced.length).toBeGreaterThan(stillQuiet.length * 0.9);
  });

  it("the market's as-of is its last full reprice: a reprice of some bonds does not move it, and nothing moves it back", async () => {
    const db = database.db;
    const asOf = async () => {
      resetAllCaches();
      return (await marketAsOf(db)).asOf;
    };
    const full = new Date(MONDAY_OPEN + FULL_REPRICE_INTERVAL_MS).toISOString();
    expect(await asOf()).toBe(full);
    const [one] = (await sql<{ bond_id: number }>`select bond_id from bond_market_state limit 1`.execute(db)).rows;
    await repriceUniverse(db, new Date(MONDAY_OPEN + 2 * FULL_REPRICE_INTERVAL_MS - 1000), { bondIds: [one!.bond_id] });
    expect(await asOf()).toBe(full);
    await repriceUniverse(db, new Date(MONDAY_OPEN + 1000));
    expect(await asOf()).toBe(full);
  });
});
