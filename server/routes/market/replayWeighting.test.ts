import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketDetailResponse, MarketSectorsResponse } from '../../../common/api/market';
import { priceHistory } from '../../services/pricing/history';
import { loadReplayMarket, REPLAY_NOW } from '../../services/sources/testReplayMarket';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

/**
 * The market detail series and the sector figures on the public sources' recorded data, where
 * FINRA gives no bond an amount outstanding: weighted by size, the series had no point before
 * today and every sector's spread and yield were null. They weight equally, as the summary does,
 * and say so.
 */
describe('market detail and sectors on replayed FINRA data, where no amount outstanding is known', () => {
  let ctx: TestContext;
  let auth: { authorization: string };
  const get = async <T>(url: string): Promise<T> => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => REPLAY_NOW });
    await loadReplayMarket(ctx.database.db);
    // The replay brings one day of last sales (23 Sep); that day's close is struck by the pricing
    // engine's end-of-day run, as the market's days go by.
    await priceHistory(ctx.database.db, '2026-09-23', '2026-09-23');
    auth = await signedIn(ctx, 'user-1');
  }, 120_000);
  afterAll(() => ctx?.close());

  it('the detail series averages each close equally and says so, ending on the summary cell', async () => {
    const sized = await sql<{ n: string }>`select count(*) as n from bonds where amount_outstanding > 0`.execute(ctx.database.db);
    expect(Number(sized.rows[0]!.n)).toBe(0);
    // By hand from the stored closes of 23 Sep: the plain mean of the live bonds' clean prices.
    const closes = await sql<{ clean_price: string }>`select ep.clean_price from evaluated_prices ep join bonds b on b.id = ep.bond_id
      where ep.kind = 'eod' and ep.price_date = '2026-09-23' and b.maturity_date > '2026-09-23'`.execute(ctx.database.db);
    const prices = closes.rows.map((r) => Number(r.clean_price));
    expect(prices.length).toBeGreaterThan(5);
    const mean = prices.reduce((a, b) => a + b, 0) / prices.length;

    const price = await get<MarketDetailResponse>('/v2/market/detail?metric=price&segment=all&from=2026-09-23');
    expect(price.weighting).toBe('equal');
    expect(price.points.map((p) => p.date)).toEqual(['2026-09-23', '2026-09-24']);
    expect(price.points[0]!.bondCount).toBe(prices.length);
    expect(price.points[0]!.value).toBeCloseTo(mean, 5);
    const summary = await get<{ rows: { segment: string; total: { value: number } }[] }>('/v2/market/summary?metric=price&segments=all');
    expect(price.points[1]!.value).toBe(summary.rows[0]!.total.value);

    const spread = await get<MarketDetailResponse>('/v2/market/detail?metric=spread&segment=IG&from=2026-09-23');
    expect(spread.weighting).toBe('equal');
    expect(spread.points[0]).toMatchObject({ date: '2026-09-23', value: expect.any(Number) });
    expect((await get<MarketDetailResponse>('/v2/market/detail?metric=volume&from=2026-09-23')).weighting).toBeNull();
  });

  it("the sectors average each priced bond's spread and yield equally and say so", async () => {
    // By hand from the bonds as the bond table lists them: the plain mean of one sector's bonds.
    const rows = (
      await get<{ rows: { gSpread: number | null; yieldToWorst: number | null; maturityDate: string }[] }>('/v2/bond?sector=CONS&limit=500')
    ).rows.filter((r) => r.maturityDate > '2026-09-24' && r.gSpread !== null);
    expect(rows.length).toBeGreaterThan(1);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

    const body = await get<MarketSectorsResponse>('/v2/market/sectors');
    expect(body.weighting).toBe('equal');
    const cons = body.sectors.find((s) => s.code === 'CONS')!;
    expect(cons.bondCount).toBe(rows.length);
    expect(cons.spread).toBeCloseTo(mean(rows.map((r) => r.gSpread!)), 2);
    expect(cons.yield).toBeCloseTo(mean(rows.map((r) => r.yieldToWorst!)), 6);
  });
});
