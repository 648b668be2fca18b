import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDaysBetween } from '../../../common/calendar';
import type { DatabaseHandle } from '../../db/database';
import type { Database } from '../../db/schema';
import { createTestDatabase } from '../../test/testDatabase';
import { priceHistory as marketPriceHistory } from '../market/queries/priceHistory';
import { listTrades } from '../market/queries/trades';
import { refreshDailyStats } from '../market/simulator/live';
import { priceHistory, repriceUniverse } from './index';
import {
  createBonds,
  createCurves,
  createIssuer,
  createSector,
  createTrades,
  entriesOf,
  fixtureCurves,
  priceAtSpread,
} from './testFixtures';

/**
 * Issue 32: a bad print is flagged on its trade row and never priced from. Five A-rated bonds
 * trade between dealers at 100 bp over Treasuries every day; on DAY the target also prints once
 * 60 bp through Treasuries (about 3.5 points rich: a bad print) and once 150 bp wide of its other
 * prints (off-market by the outlier rule). Expectations are read from the scenario, not from the
 * pricer: the two planted prints are the flagged ones, every other print is not.
 */
const DAYS = businessDaysBetween('2026-11-02', '2026-11-20');
const DAY = '2026-11-19';
const NEXT = '2026-11-20';

let handle: DatabaseHandle;
let db: Kysely<Database>;
let target: number;
let bad: number;
let wide: number;
let good: number[];

const flags = async () =>
  new Map(
    (await sql<{ id: string; flag: string | null }>`select id, flag from trades order by id`.execute(db)).rows.map((r) => [
      Number(r.id),
      r.flag,
    ]),
  );
const closeOf = async (bondId: number, day: string) =>
  (
    await sql<{
      inputs: { trades?: [number, number][]; rejected?: [number, number | null, string][] };
    }>`select inputs from evaluated_prices where bond_id = ${bondId} and price_date = ${day} and kind = 'eod'`.execute(db)
  ).rows[0]!.inputs;

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  const { industryId } = await createSector(db);
  const issuer = await createIssuer(db, industryId, 'FLG');
  const ids = await createBonds(
    db,
    [2031, 2032, 2033, 2034, 2035].map((y) => ({ issuerId: issuer, issueDate: '2024-08-08', maturityDate: `${y}-08-08`, coupon: 0.048 })),
  );
  target = ids[2]!;
  await createCurves(db, DAYS);
  const curves = fixtureCurves(DAYS);
  const entries = await entriesOf(db);
  const at = (bondId: number, spreadBp: number, day: string, hour: number) => ({
    bondId,
    time: new Date(`${day}T${hour}:00:00Z`),
    quantity: 2e6,
    price: priceAtSpread(entries.get(bondId)!, spreadBp, day, curves),
    side: 'inter_dealer' as const,
  });
  const days = ['2026-11-16', '2026-11-17', '2026-11-18', DAY];
  good = await createTrades(
    db,
    days.flatMap((day) => ids.flatMap((id) => [at(id, 100, day, 14), at(id, 101, day, 15), at(id, 99, day, 16)])),
  );
  [bad, wide] = (await createTrades(db, [at(target, -60, DAY, 17), at(target, 250, DAY, 18)])) as [number, number];
  // The day's figures as the live path keeps them while the day trades, before any close.
  for (const day of days) await refreshDailyStats(db, ids, day);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('bad prints flagged per trade', () => {
  it('the close flags its day’s bad and off-market prints on their rows, and prices without them', async () => {
    await repriceUniverse(db, DAY, { kind: 'eod' });
    const f = await flags();
    expect(f.get(bad)).toBe('bad print');
    expect(f.get(wide)).toBe('off-market');
    for (const id of good) expect(f.get(id)).toBeNull();
    const close = await closeOf(target, DAY);
    const used = (close.trades ?? []).map(([id]) => id);
    expect(used).not.toContain(bad);
    expect(used).not.toContain(wide);
    expect(used.length).toBeGreaterThan(0);
  });

  it('the day’s high, low and volume leave the flagged prints out, on the bond’s history and the bond table', async () => {
    const stats = async () =>
      (
        await sql<{ volume: string; trade_count: number; high: string; low: string }>`select volume, trade_count, high, low
          from daily_bond_stats where bond_id = ${target} and trade_date = ${DAY}`.execute(db)
      ).rows[0]!;
    // Before anything: the day's counted prints are the target's three good ones of DAY, 2MM each.
    const goodOfDay = (
      await sql<{ price: string }>`select price from trades where bond_id = ${target} and id <> all(${[bad, wide]}::bigint[])
        and execution_time >= ${`${DAY}T00:00:00Z`}::timestamptz and execution_time < ${`${NEXT}T00:00:00Z`}::timestamptz`.execute(db)
    ).rows.map((r) => Number(r.price));
    expect(goodOfDay).toHaveLength(3);
    const badPrice = Number((await sql<{ price: string }>`select price from trades where id = ${bad}`.execute(db)).rows[0]!.price);
    expect(badPrice).toBeGreaterThan(Math.max(...goodOfDay) + 3);

    const day = await stats();
    expect(Number(day.high)).toBeCloseTo(Math.max(...goodOfDay), 6);
    expect(Number(day.low)).toBeCloseTo(Math.min(...goodOfDay), 6);
    expect(Number(day.volume)).toBe(3 * 2e6);
    expect(day.trade_count).toBe(3);
    const history = await marketPriceHistory(db, target, { from: DAY, to: DAY });
    expect(history.points).toEqual([expect.objectContaining({ date: DAY, volume: 3 * 2e6, tradeCount: 3 })]);
    const state = await db.selectFrom('bond_market_state').select('volume').where('bond_id', '=', target).executeTakeFirstOrThrow();
    expect(Number(state.volume)).toBe(3 * 2e6);
  });

  it('the trade tape shows them as printed, saying why they are not valid', async () => {
    const tape = await listTrades(db, { bondId: target, from: DAY, to: DAY, limit: 100 });
    expect(tape.find((t) => t.id === String(bad))).toMatchObject({ flag: 'bad print', status: 'active' });
    expect(tape.find((t) => t.id === String(wide))).toMatchObject({ flag: 'off-market' });
    expect(tape.filter((t) => t.flag === null)).toHaveLength(3);
  });

  it('the history backfill decides the same flags, and a later close leaves flagged prints out', async () => {
    await sql`update trades set flag = null`.execute(db);
    await priceHistory(db, '2026-11-16', NEXT);
    const f = await flags();
    expect(f.get(bad)).toBe('bad print');
    expect(f.get(wide)).toBe('off-market');
    for (const id of good) expect(f.get(id)).toBeNull();
    const next = await closeOf(target, NEXT);
    expect((next.trades ?? []).map(([id]) => id)).not.toContain(wide);
    expect(next.rejected).toEqual(expect.arrayContaining([[wide, null, 'off-market']]));
  });

  it('a re-priced close decides its day again: a flag set by hand on a good print is cleared', async () => {
    await sql`update trades set flag = 'off-market' where id = ${good[0]!}`.execute(db);
    await repriceUniverse(db, '2026-11-16', { kind: 'eod' });
    expect((await flags()).get(good[0]!)).toBeNull();
  });
});
