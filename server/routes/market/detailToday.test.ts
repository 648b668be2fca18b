import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketDetailResponse, MarketSummaryResponse } from '../../../common/api/market';
import { businessDaysBetween } from '../../../common/calendar';
import { resetAllCaches } from '../../services/caches/registry';
import { repriceUniverse } from '../../services/pricing/index';
import { createBonds, createCurves, createIssuer, createSector } from '../../services/pricing/testFixtures';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

/**
 * A summary cell and its detail page tell one story (issue #11 item 7): the detail's daily series
 * ends at the value the cell shows now — today's close is not struck yet — and its closes measure
 * the same thing the cell does (the yield is the yield to worst, as for a callable priced to call).
 */
const PREV = '2026-11-17';
const DAY = '2026-11-18';

describe('market detail series end at the summary value', () => {
  let ctx: TestContext;
  let auth: { authorization: string };
  const get = async <T>(url: string): Promise<T> => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    auth = await signedIn(ctx, 'user-1');
    const db = ctx.database.db;
    const { industryId } = await createSector(db);
    const acme = await createIssuer(db, industryId, 'ACME');
    await createBonds(db, [
      { issuerId: acme, coupon: 0.05, issueDate: '2024-03-15', maturityDate: '2034-03-15' },
      // A high coupon callable soon: priced to its call, its yield to worst is well under its YTM.
      {
        issuerId: acme,
        coupon: 0.09,
        issueDate: '2023-02-15',
        maturityDate: '2035-02-15',
        callSchedule: [{ date: '2027-02-15', price: 100 }],
      },
      { issuerId: acme, coupon: 0.045, issueDate: '2022-06-01', maturityDate: '2031-06-01' },
    ]);
    await createCurves(db, businessDaysBetween('2026-10-19', DAY), (d) => (d === DAY ? 20 : 0));
    for (const day of businessDaysBetween('2026-11-10', PREV)) await repriceUniverse(db, day, { kind: 'eod' });
    await repriceUniverse(db, new Date(`${DAY}T15:00:00Z`));
    resetAllCaches();
  });
  afterAll(() => ctx.close());

  for (const metric of ['yield', 'spread', 'price'] as const) {
    it(`${metric}: the last point is today's, at the summary's value; the ones before are the closes`, async () => {
      const summary = await get<MarketSummaryResponse>(`/v2/market/summary?metric=${metric}&segments=all`);
      const cell = summary.rows.find((r) => r.segment === 'all')!.total;
      const detail = await get<MarketDetailResponse>(`/v2/market/detail?metric=${metric}&segment=all`);
      expect(detail.points.at(-1)).toEqual({ date: DAY, value: cell.value, bondCount: cell.bondCount });
      expect(detail.points.at(-2)!.date).toBe(PREV);
    });
  }

  it("a close's yield is the yield to worst, as the summary's is", async () => {
    const closes = await sql<{ ytw: string; ytm: string; amount: string }>`
      select (ep.inputs->'m'->>1) as ytw, ep.yield as ytm, b.amount_outstanding as amount
      from evaluated_prices ep join bonds b on b.id = ep.bond_id where ep.kind = 'eod' and ep.price_date = ${PREV}`.execute(
      ctx.database.db,
    );
    const weighted = (pick: (r: { ytw: string; ytm: string }) => number) =>
      closes.rows.reduce((s, r) => s + pick(r) * Number(r.amount), 0) / closes.rows.reduce((s, r) => s + Number(r.amount), 0);
    const detail = await get<MarketDetailResponse>('/v2/market/detail?metric=yield&segment=all');
    const prev = detail.points.find((p) => p.date === PREV)!;
    expect(weighted((r) => Number(r.ytw))).not.toBeCloseTo(
      weighted((r) => Number(r.ytm)),
      4,
    );
    expect(prev.value).toBeCloseTo(
      weighted((r) => Number(r.ytw)),
      6,
    );
  });
});
