import { readFileSync, writeFileSync } from 'node:fs';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { Database } from '../../db/schema';
import { createTestDatabase } from '../../test/testDatabase';
import { addDays } from '../../../common/calendar';
import { loadClose, previousCloseDate } from './closes';
import { MS_PER_DAY, TRADE_WINDOW_DAYS } from './conventions';
import { FIXING_LOOKBACK_DAYS, loadCurves } from './curves';
import { evaluateUniverse } from './evaluate';
import { priceHistory, repriceUniverse } from './index';
import { createTrades, entriesOf, seedSyntheticMarket } from './testFixtures';
import { TradeCache } from './trades';
import { marketStateRow } from './write';

/**
 * A reprice's every figure, to the last bit, against a snapshot stored by the code before the
 * warm-reprice speed-ups of issue 31 item 5 (commit that added this file): the evaluations at full
 * double precision (prices, yields, spreads, confidence, lineage, the carried basis) of a seeded
 * synthetic market with callables and floaters, priced with carried bases after a week of closes,
 * lean as the history backfill prices, and for a subset; the bond_market_state rows they make; and
 * the bond table and snapshots two reprices (a close, then a warm tick with new trades) wrote.
 * A change meant to move figures regenerates it with REPRICE_SNAPSHOT_WRITE=1 and says so.
 */
const FIXTURE = new URL('./fixtures/repriceSnapshot.json', import.meta.url);
const END = '2026-11-18';

let handle: DatabaseHandle;
let db: Kysely<Database>;
let days: string[];
let bondIds: number[];

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  ({ days, bondIds } = await seedSyntheticMarket(db, { bonds: 160, issuers: 20, days: 24, endDay: END, tradingShare: 0.35, seed: 31 }));
  await priceHistory(db, days[days.length - 7]!, days[days.length - 2]!);
}, 240_000);

afterAll(async () => {
  await handle?.close();
});

async function tableDump(): Promise<string[]> {
  const { rows } = await sql<{ r: string }>`select (s.*)::text as r from bond_market_state s order by bond_id`.execute(db);
  return rows.map((x) => x.r);
}

async function snapshotsDump(day: string): Promise<string[]> {
  const { rows } = await sql<{ r: string }>`
    select concat_ws('|', bond_id, price_date, kind, as_of, clean_price, yield, g_spread_bp, confidence, inputs::text) as r
    from evaluated_prices where price_date = ${day}::date order by bond_id, kind, as_of`.execute(db);
  return rows.map((x) => x.r);
}

describe('a reprice against the stored snapshot', () => {
  it('gives every figure the snapshot holds, bit for bit', async () => {
    const day = END;
    const asOf = new Date(`${day}T19:00:00Z`);
    const entries = await entriesOf(db);
    const trades = new TradeCache();
    await trades.refresh(db, asOf.getTime() - TRADE_WINDOW_DAYS * MS_PER_DAY);
    const curves = await loadCurves(db, addDays(day, -TRADE_WINDOW_DAYS - 1 - FIXING_LOOKBACK_DAYS), day);
    const prevDate = (await previousCloseDate(db, day))!;
    const prev = await loadClose(db, prevDate);
    const window = (id: number, from: number, to: number) => trades.book.window(id, from, to);
    const carried = evaluateUniverse(entries.values(), window, curves, asOf, undefined, false, (id) => prev.get(id)?.basis);
    const lean = evaluateUniverse(entries.values(), window, curves, asOf, undefined, true);
    const some = evaluateUniverse(
      entries.values(),
      window,
      curves,
      asOf,
      new Set(bondIds.filter((_, i) => i % 7 === 0)),
      false,
      (id) => prev.get(id)?.basis,
    );
    const rows = carried.evaluations.map((e, i) => marketStateRow(e, prev.get(e.bondId), i * 1000, i % 3 ? 40_000 : undefined));

    // The engine itself: a close of the previous day, a warm tick today, new trades, another tick.
    await repriceUniverse(db, prevDate, { kind: 'eod' });
    await repriceUniverse(db, asOf);
    const closeAndTick = { table: await tableDump(), snapshots: await snapshotsDump(day) };
    await createTrades(
      db,
      bondIds
        .filter((_, i) => i % 5 === 1)
        .map((bondId, i) => ({
          bondId,
          time: new Date(asOf.getTime() + 60_000 + i * 1000),
          quantity: 250_000 * (1 + (i % 6)),
          price: 97 + (i % 9) * 0.5,
          side: i % 3 === 0 ? ('customer_buy' as const) : i % 3 === 1 ? ('customer_sell' as const) : ('inter_dealer' as const),
        })),
      false,
    );
    await repriceUniverse(db, new Date(asOf.getTime() + 300_000));
    const secondTick = { table: await tableDump(), snapshots: await snapshotsDump(day) };

    const actual = JSON.stringify({ carried, lean, some, rows, closeAndTick, secondTick });
    if (process.env.REPRICE_SNAPSHOT_WRITE === '1') writeFileSync(FIXTURE, actual);
    const expected = readFileSync(FIXTURE, 'utf8');
    // Compared part by part first, for a readable failure; then the whole text, byte for byte.
    const parsed = JSON.parse(expected) as Record<string, unknown>;
    for (const [key, value] of Object.entries(JSON.parse(actual) as Record<string, unknown>)) expect(value, key).toEqual(parsed[key]);
    expect(actual === expected).toBe(true);
  }, 240_000);
});
