import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketSummaryResponse } from '../../../common/api/market';
import { sourceCursor } from '../../services/sources/cursorStore';
import { finraPublicProvider } from '../../services/sources/finra/provider';
import { startFinraReplay } from '../../services/sources/finra/testReplay';
import { handClock, type RecordedServer, startRecordedServer } from '../../services/sources/recordedServer';
import { loadTreasuryCurve, TREASURY_SOURCE } from '../../services/sources/treasury/treasuryLoader';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

/** The day after FINRA's recorded data (its last sales are of 23 Sep 2026), 4 pm in New York. */
const NOW = Date.parse('2026-09-24T20:00:00Z');

/**
 * The market summary on the public sources' recorded data (samples/replay, as `npm run replay`
 * serves it): the Treasury's own curve file, then FINRA's corporates and their end-of-day history,
 * loaded by the real loaders into a real database. FINRA publishes no issue size, so every bond's
 * amount outstanding is 0 (unknown): the summary must still average the priced bonds, and say how.
 */
describe('the market summary on replayed FINRA data, where no amount outstanding is known', () => {
  let ctx: TestContext;
  let auth: { authorization: string };
  let treasury: RecordedServer;
  let closeFinra: () => Promise<void>;
  const summary = async (metric: string): Promise<MarketSummaryResponse> => {
    const res = await ctx.app.inject({ method: 'GET', url: `/v2/market/summary?metric=${metric}`, headers: auth });
    expect(res.statusCode).toBe(200);
    return res.json<MarketSummaryResponse>();
  };

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
    const clock = handClock(NOW);
    treasury = await startRecordedServer(join(process.cwd(), 'samples/replay/treasury'), clock.now);
    await loadTreasuryCurve(ctx.database.db, {
      baseUrl: treasury.baseUrl,
      clock,
      cursor: sourceCursor(ctx.database.db, TREASURY_SOURCE.source, TREASURY_SOURCE.dataset, () => clock.now()),
      backfillYears: 2,
    });
    const finra = await startFinraReplay(() => false);
    closeFinra = finra.close;
    await finraPublicProvider(finra.config, { now: () => NOW, sleep: async () => {} }).loadBatch!(ctx.database.db, {
      to: '2026-09-24',
      from: '2026-08-25',
    });
    auth = await signedIn(ctx, 'user-1');
  });
  afterAll(async () => {
    await closeFinra?.();
    await treasury?.close();
    await ctx?.close();
  });

  it('averages the priced bonds with equal weights and says so, where weighting by size gave nothing', async () => {
    // The premise, from the database: FINRA's bonds are stored without an issue size.
    const amounts = await sql<{ n: string; sized: string }>`select count(*) as n,
      count(*) filter (where amount_outstanding > 0) as sized from bonds where source = 'finra-public'`.execute(ctx.database.db);
    expect(Number(amounts.rows[0]!.n)).toBe(15);
    expect(Number(amounts.rows[0]!.sized)).toBe(0);

    // The expectation from the bonds' own prices as the bond table lists them: a plain mean.
    const rows = (await ctx.app.inject({ method: 'GET', url: '/v2/bond?limit=500', headers: auth })).json<{
      rows: { price: number | null; maturityDate: string }[];
    }>().rows;
    const priced = rows.filter((r) => r.price !== null && r.maturityDate > '2026-09-24').map((r) => r.price!);
    expect(priced.length).toBeGreaterThan(1);
    const mean = priced.reduce((a, b) => a + b, 0) / priced.length;

    const price = await summary('price');
    const all = price.rows.find((r) => r.segment === 'all')!;
    expect(all.total.bondCount).toBe(priced.length);
    expect(all.total.value).toBeCloseTo(mean, 4);
    expect(all.cells.some((c) => c.value !== null)).toBe(true);
    expect(price.weighting).toBe('equal');

    const spread = (await summary('spread')).rows.find((r) => r.segment === 'all')!;
    expect(spread.total.value).toEqual(expect.any(Number));
    const yields = (await summary('yield')).rows.find((r) => r.segment === 'all')!;
    expect(yields.total.value).toEqual(expect.any(Number));
  });
});
