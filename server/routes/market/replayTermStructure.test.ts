import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TermStructureChangeResponse } from '../../../common/api/market';
import { resetAllCaches } from '../../services/caches/registry';
import { priceHistory } from '../../services/pricing/history';
import { loadReplayMarket, REPLAY_NOW } from '../../services/sources/testReplayMarket';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

/**
 * The term-structure change on the public sources' recorded data, where FINRA gives no bond an
 * amount outstanding: weighted by size, every bucket weighed nothing and a sector had no curve.
 * It weights equally, as the summary, the index and the sectors do, and says so.
 *
 * The sector CONS is one issuer's (Keurig Dr Pepper's) five bonds; seen from 24 Sep 2026 two
 * mature in 0.7 years (15 Jun 2027, 26138EAX7 and its 144A twin 26138EAZ2: the 1Y bucket), one
 * in 11.6 (1 May 2038, 26138EAJ8: 10Y), two in 19.1 and 20.2 (15 Nov 2045, 26138EAT6, and
 * 15 Dec 2046, 26138EAY5: 20Y, up to 25 years).
 */
describe('the term-structure change on replayed FINRA data, where no amount outstanding is known', () => {
  let ctx: TestContext;
  let auth: { authorization: string };
  const URL = '/v2/market/term-structure-change?sector=CONS&metric=spread&from=2026-09-23&to=2026-09-24';
  const get = async (url: string): Promise<TermStructureChangeResponse> => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TermStructureChangeResponse>();
  };
  /** Each CONS bond's stored G-spread closes of 23 and 24 Sep, by CUSIP. */
  const closes = async () => {
    const rows = await sql<{ cusip: string; d: string; g: string }>`
      select b.cusip, ep.price_date::text as d, ep.g_spread_bp as g
      from evaluated_prices ep join bonds b on b.id = ep.bond_id join issuers i on i.id = b.issuer_id
        join sectors s on s.id = i.sector_id join sectors p on p.id = s.parent_id
      where p.code = 'CONS' and ep.kind = 'eod' and ep.price_date in ('2026-09-23', '2026-09-24')`.execute(ctx.database.db);
    const at = (cusip: string, d: string) => Number(rows.rows.find((r) => r.cusip === cusip && r.d === d)!.g);
    return (cusip: string) => ({ from: at(cusip, '2026-09-23'), to: at(cusip, '2026-09-24') });
  };
  const size = async (cusip: string, amount: number) => {
    await sql`update bonds set amount_outstanding = ${amount} where cusip = ${cusip}`.execute(ctx.database.db);
    resetAllCaches();
  };

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => REPLAY_NOW });
    await loadReplayMarket(ctx.database.db);
    // The load closes the replayed days through 23 Sep; the 24th's close is the end-of-day run's.
    await priceHistory(ctx.database.db, '2026-09-23', '2026-09-24');
    auth = await signedIn(ctx, 'user-1');
  }, 120_000);
  afterAll(() => ctx?.close());

  it('averages each bucket equally and says so', async () => {
    const sized = await sql<{ n: string }>`select count(*) as n from bonds where amount_outstanding > 0`.execute(ctx.database.db);
    expect(Number(sized.rows[0]!.n)).toBe(0);
    const close = await closes();
    const short = [close('26138EAX7'), close('26138EAZ2')];
    const a = close('26138EAT6');
    const b = close('26138EAY5');
    // By hand: the 1Y and 20Y buckets are the plain means of their two bonds, the 10Y its one.
    const from20 = (a.from + b.from) / 2;
    const to20 = (a.to + b.to) / 2;

    const body = await get(URL);
    expect(body.weighting).toBe('equal');
    expect(body).toMatchObject({ fromDate: '2026-09-23', toDate: '2026-09-24' });
    expect(body.buckets.map((x) => [x.tenor, x.bondCount])).toEqual([
      ['1Y', 2],
      ['10Y', 1],
      ['20Y', 2],
    ]);
    const [y1, y10, y20] = body.buckets;
    expect(y1!.from).toBeCloseTo((short[0]!.from + short[1]!.from) / 2, 6);
    expect(y1!.to).toBeCloseTo((short[0]!.to + short[1]!.to) / 2, 6);
    expect(y10!.to).toBeCloseTo(close('26138EAJ8').to, 6);
    expect(y20!.from).toBeCloseTo(from20, 6);
    expect(y20!.to).toBeCloseTo(to20, 6);
    expect(y20!.change).toBeCloseTo(to20 - from20, 6);
    // The two long bonds' closes differ enough that a weighting by size would show.
    expect(Math.abs(a.from - b.from)).toBeGreaterThan(1);
  });

  it('stays equal while one counted bond has no size, and weights by size once every one has', async () => {
    const close = await closes();
    const a = close('26138EAT6');
    const b = close('26138EAY5');
    // The 20Y bonds sized 3:1, the others not yet: one rule per answer, so still equal.
    await size('26138EAT6', 3_000_000_000);
    await size('26138EAY5', 1_000_000_000);
    const partly = await get(URL);
    expect(partly.weighting).toBe('equal');
    expect(partly.buckets.find((x) => x.tenor === '20Y')!.from).toBeCloseTo((a.from + b.from) / 2, 6);

    for (const cusip of ['26138EAX7', '26138EAZ2', '26138EAJ8']) await size(cusip, 500_000_000);
    const body = await get(URL);
    expect(body.weighting).toBe('amountOutstanding');
    // By hand: 3 parts of the 2045 bond to 1 of the 2046.
    const y20 = body.buckets.find((x) => x.tenor === '20Y')!;
    expect(y20.from).toBeCloseTo((3 * a.from + b.from) / 4, 6);
    expect(y20.to).toBeCloseTo((3 * a.to + b.to) / 4, 6);
    expect(y20.change).toBeCloseTo((3 * (a.to - a.from) + (b.to - b.from)) / 4, 6);
  });
});
