import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BondRow } from '../../../common/api/bond';
import { BOND_TABLE_COLUMNS } from '../../../common/enums';
import { seedUniverse, type SeedSummary } from '../../services/market/simulator/index';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

/**
 * The APIs over a real simulated universe (the simulator's seedUniverse priced by the pricing service): every
 * endpoint answers with data of the right shape, and the bond table's default and column sorts
 * hold on realistic values. The fixture-based tests next to this one check exact numbers.
 */
describe('market APIs over a seeded, priced universe', () => {
  let ctx: TestContext;
  let seeded: SeedSummary;
  let auth: { authorization: string };
  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: auth });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    seeded = await seedUniverse(ctx.database.db, { bonds: 100, historyDays: 25, seed: 11, now: ctx.app.now });
    auth = await signedIn(ctx, 'user-1');
  });
  afterAll(() => ctx.close());

  it('lists the priced universe with analytics, sorted by volume by default', async () => {
    const body = await get('/v2/bond?limit=500');
    expect(body.total).toBeGreaterThan(80);
    expect(body.asOf).not.toBeNull();
    const rows: BondRow[] = body.rows;
    expect(rows.filter((r) => r.price !== null).length).toBeGreaterThan(rows.length * 0.9);
    const volumes = rows.map((r) => r.volume);
    expect([...volumes].sort((a, b) => b - a)).toEqual(volumes);
    for (const column of BOND_TABLE_COLUMNS) {
      const res = await ctx.app.inject({ method: 'GET', url: `/v2/bond?sort=${column}&sortDesc=true&limit=5`, headers: auth });
      expect(res.statusCode, column).toBe(200);
    }
  });

  it('serves bond detail with lineage, history, trades and cash flows for a traded bond', async () => {
    const [top] = (await get('/v2/bond?limit=1&sort=volume&sortDesc=true')).rows as BondRow[];
    const detail = await get(`/v2/bond/${top!.id}`);
    expect(detail.analytics.price).toBeGreaterThan(0);
    expect(detail.lineage).not.toBeNull();
    expect(['trades', 'blend', 'model']).toContain(detail.lineage.explanation.method);
    const history = await get(`/v2/bond/${top!.id}/price-history`);
    expect(history.points.length).toBeGreaterThan(10);
    expect((await get(`/v2/bond/${top!.id}/trades`)).trades.length).toBeGreaterThan(0);
    expect((await get(`/v2/bond/${top!.id}/cashflows`)).cashflows.length).toBeGreaterThan(0);
    expect((await get(`/v2/issuer/${detail.issuer.id}/curve`)).points.length).toBeGreaterThan(0);
  });

  it('summarises the market, its sectors, history, index, movers and new issues', async () => {
    const summary = await get('/v2/market/summary?metric=yield');
    const all = summary.rows.find((r: { segment: string }) => r.segment === 'all');
    expect(all.total.value).toBeGreaterThan(0.01);
    expect(all.total.value).toBeLessThan(0.2);
    expect(summary.treasury.points.length).toBeGreaterThan(5);
    const sectors = await get('/v2/market/sectors');
    expect(sectors.sectors.length).toBeGreaterThan(3);
    const detail = await get('/v2/market/detail?metric=spread&segment=IG');
    expect(detail.points.length).toBeGreaterThan(10);
    const index = await get('/v2/market/index');
    expect(index.points[0].ig).toBe(100);
    const moves = await get('/v2/market/moves?metric=yield&period=1w');
    expect(moves.moves.length).toBeGreaterThan(0);
    const tsc = await get(`/v2/market/term-structure-change?sector=${sectors.sectors[0].code}`);
    expect(tsc.bonds.length).toBeGreaterThan(0);
    expect((await get('/v2/primary/new-issue-volume?weeks=8')).weeks).toHaveLength(8);
    expect(seeded.bonds).toBe(100);
  });
});
