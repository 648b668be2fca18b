import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database';
import { createTestDatabase } from '../../../test/testDatabase';
import { useMarketClock } from '../../market/queries/marketClock';
import { marketIndex } from '../../market/queries/marketIndex';
import { REPLAY_NOW, type ReplayServers, startReplayServers } from '../testReplayMarket';

/**
 * Closes on public data: the replayed FINRA history (samples/replay) loaded by the real loader
 * into a real database, its days closed by the pricing engine. The bonds below have end-of-day
 * records on 15–18 Sep 2026 and their last sale on 23 Sep; the prices are the fixture's, by hand.
 */
const PRINTS: Record<string, Record<string, number>> = {
  '037833BW9': { '2026-09-15': 94.102, '2026-09-16': 94.35, '2026-09-17': 94.518, '2026-09-18': 94.41, '2026-09-23': 94.296 },
  '26138EAX7': { '2026-09-15': 98.861, '2026-09-16': 98.872, '2026-09-17': 98.893, '2026-09-18': 98.88, '2026-09-23': 98.904 },
  '037833CJ7': { '2026-09-15': 99.548, '2026-09-16': 99.561, '2026-09-17': 99.583, '2026-09-18': 99.574, '2026-09-23': 99.59 },
};
/** Every business day from the first print through the last day of history loaded (23 Sep). */
const CLOSE_DAYS = ['2026-09-15', '2026-09-16', '2026-09-17', '2026-09-18', '2026-09-21', '2026-09-22', '2026-09-23'];
/** A close on a day the bond printed is that print's level: a point either way is the most plausible drift. */
const BAND_POINTS = 1;
const DAY_MS = 86_400_000;

describe('end-of-day closes struck on replayed FINRA data', () => {
  let database: DatabaseHandle;
  let replay: ReplayServers;

  beforeAll(async () => {
    replay = await startReplayServers();
  });
  afterAll(() => replay?.close());
  beforeEach(async () => {
    database = await createTestDatabase();
    useMarketClock(database.db, () => REPLAY_NOW);
  });
  afterEach(() => database.close());

  const loadCurve = () => replay.loadCurve(database.db);
  const refresh = (now: number, today: string) => replay.loadFinra(database.db, today, now);
  const closes = async () =>
    (
      await sql<{ cusip: string; d: string; price: string }>`
        select b.cusip, to_char(ep.price_date, 'YYYY-MM-DD') as d, ep.clean_price as price
        from evaluated_prices ep join bonds b on b.id = ep.bond_id where ep.kind = 'eod' order by b.cusip, ep.price_date`.execute(
        database.db,
      )
    ).rows;

  it('a replay start closes each history day of the printed bonds near its print, the index answers, and a second load strikes nothing', async () => {
    await loadCurve();
    await refresh(REPLAY_NOW, '2026-09-24');

    const stored = await closes();
    for (const [cusip, prints] of Object.entries(PRINTS)) {
      const own = stored.filter((c) => c.cusip === cusip);
      expect(
        own.map((c) => c.d),
        cusip,
      ).toEqual(CLOSE_DAYS);
      for (const c of own)
        if (prints[c.d] !== undefined) expect(Math.abs(Number(c.price) - prints[c.d]!), `${cusip} ${c.d}`).toBeLessThanOrEqual(BAND_POINTS);
    }
    // No day before the first history print is closed (a last sale of 2018 or 2022 starts nothing), nor today.
    expect([...new Set(stored.map((c) => c.d))].sort()).toEqual(CLOSE_DAYS);

    const index = await marketIndex(database.db, { from: '2026-09-01' });
    expect(index.points.map((p) => p.date)).toEqual(CLOSE_DAYS);
    expect(index.points[0]!.ig).toBe(100);

    // A day already closed is not struck again: a close marked by hand survives the next load.
    await sql`update evaluated_prices set clean_price = 1 where kind = 'eod' and price_date = '2026-09-16'
      and bond_id = (select id from bonds where cusip = '037833BW9')`.execute(database.db);
    await refresh(REPLAY_NOW + 3_600_000, '2026-09-24');
    const again = await closes();
    expect(again.length).toBe(stored.length);
    expect(again.find((c) => c.cusip === '037833BW9' && c.d === '2026-09-16')!.price).toMatch(/^1(\.0*)?$/);
  });

  it('closes wait for the first Treasury curve, then the next day’s refresh closes only the new day', async () => {
    await refresh(REPLAY_NOW, '2026-09-24');
    expect(await closes()).toEqual([]);

    await loadCurve();
    await refresh(REPLAY_NOW + 3_600_000, '2026-09-24');
    const first = await closes();
    expect([...new Set(first.map((c) => c.d))].sort()).toEqual(CLOSE_DAYS);

    // FINRA publishes 24 Sep overnight: one more end-of-day record, in FINRA's layout.
    const file = join(replay.finra.root, 'finra/fixedIncomeMarket/endOfDayPriceYield.json');
    const recorded = readFileSync(file, 'utf8');
    const history = JSON.parse(recorded) as Record<string, unknown>[];
    const next = { cusip: '037833BW9', issueSymbolIdentifier: 'AAPL4336436', finraSecurityIdentifier: 4336436, tradeDate: '2026-09-24' };
    writeFileSync(file, JSON.stringify([...history, { ...next, lastSaleYield: 5.21, productType: 'CA', lastSalePrice: 94.5 }]));
    try {
      await refresh(REPLAY_NOW + DAY_MS, '2026-09-25');
    } finally {
      writeFileSync(file, recorded);
    }
    const after = await closes();
    const added = after.filter((c) => !first.some((f) => f.cusip === c.cusip && f.d === c.d));
    expect([...new Set(added.map((c) => c.d))]).toEqual(['2026-09-24']);
    expect(after.length - first.length).toBe(added.length);
    const bw9 = added.find((c) => c.cusip === '037833BW9')!;
    expect(Math.abs(Number(bw9.price) - 94.5)).toBeLessThanOrEqual(BAND_POINTS);
  });
});
