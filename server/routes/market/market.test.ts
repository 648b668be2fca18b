import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BondRow } from '../../../common/api/bond';
import { compositeRating, ratingBucketOf, ratingClassOf, tenorBucketOf } from '../../../common/market';
import { resetAllCaches } from '../../services/caches/registry';
import { insertTestUniverse, type TestUniverse } from '../../services/market/queries/testUniverse';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

/** Outstanding amount-weighted mean, as the API computes it. */
function weighted(rows: { v: number | null; w: number }[]): number | null {
  let sw = 0;
  let swx = 0;
  for (const r of rows)
    if (r.v !== null) {
      sw += r.w;
      swx += r.w * r.v;
    }
  return sw > 0 ? swx / sw : null;
}

describe('market overview APIs', () => {
  let ctx: TestContext;
  let u: TestUniverse;
  let auth: { authorization: string };
  let bonds: (BondRow & { outstanding: number })[];
  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: auth });

  beforeAll(async () => {
    ctx = await createTestApp();
    u = await insertTestUniverse(ctx.database.db, { bonds: 60, historyDays: 12 });
    auth = await signedIn(ctx, 'user-1');
    const rows: BondRow[] = (await get('/v2/bond?limit=500')).json().rows;
    const amounts = await ctx.database.db.selectFrom('bonds').select(['id', 'amount_outstanding']).execute();
    const byId = new Map(amounts.map((a) => [a.id, Number(a.amount_outstanding)]));
    bonds = rows.map((r) => ({ ...r, outstanding: byId.get(r.id)! }));
  });
  afterAll(() => ctx.close());

  it('summarises spread by segment × tenor with weighted levels and changes matching the bonds', async () => {
    const res = await get('/v2/market/summary?metric=spread');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.rows.map((r: { segment: string }) => r.segment)).toEqual([
      'all',
      'IG',
      'HY',
      'rating:AAA',
      'rating:AA',
      'rating:A',
      'rating:BBB',
      'rating:BB',
      'rating:B',
      'rating:CCC',
      'sector:FIN',
      'sector:IND',
    ]);
    const ig = body.rows.find((r: { segment: string }) => r.segment === 'IG');
    const igBonds = bonds.filter((b) => ratingClassOf(compositeRating(b.ratingSP, b.ratingMoody)) === 'IG');
    for (const cell of ig.cells) {
      const inCell = igBonds.filter((b) => tenorBucketOf(b.tenor) === cell.tenor);
      const level = weighted(inCell.map((b) => ({ v: b.gSpread, w: b.outstanding })));
      if (level === null) expect(cell.value).toBeNull();
      else expect(cell.value).toBeCloseTo(level, 4);
      const change = weighted(inCell.map((b) => ({ v: b.changeGSpread, w: b.outstanding })));
      if (change !== null) expect(cell.change).toBeCloseTo(change, 4);
    }
    expect(ig.total.value).toBeCloseTo(weighted(igBonds.map((b) => ({ v: b.gSpread, w: b.outstanding })))!, 4);
    expect(body.weighting).toBe('amountOutstanding');
    expect(body.treasury).toMatchObject({ date: u.asOfDay, previousDate: u.days.at(-2) });
    expect(body.treasury.points[0].change).toBeCloseTo(0.0001, 7);
    const volumes = body.mostActive.map((b: BondRow) => b.volume);
    expect([...volumes].sort((a, b) => b - a)).toEqual(volumes);
  });

  it('sums volume and picks asked segments; rejects bad metric and segment', async () => {
    const body = (await get('/v2/market/summary?metric=volume&segments=rating:BBB,sector:BANK')).json();
    expect(body.rows.map((r: { segment: string }) => r.segment)).toEqual(['rating:BBB', 'sector:BANK']);
    const bbb = bonds.filter((b) => ratingBucketOf(compositeRating(b.ratingSP, b.ratingMoody)) === 'BBB');
    expect(body.rows[0].total.value).toBe(bbb.reduce((s, b) => s + b.volume, 0));
    expect(body.rows[1].label).toBe('Banks');
    expect((await get('/v2/market/summary?metric=duration')).json().error).toMatch(/metric/);
    expect((await get('/v2/market/summary?segments=rating:Q')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/v2/market/summary' })).statusCode).toBe(401);
  });

  it('gives a daily series for one cell from end-of-day history', async () => {
    const body = (await get('/v2/market/detail?metric=price&segment=all')).json();
    expect(body.points.map((p: { date: string }) => p.date)).toEqual(u.days);
    expect(body.points.every((p: { value: number }) => p.value > 80 && p.value < 120)).toBe(true);
    // Every simulated bond has an amount outstanding: weighted by it.
    expect(body.weighting).toBe('amountOutstanding');
    const cell = (await get('/v2/market/detail?metric=spread&segment=HY&tenor=10Y')).json();
    expect(cell).toMatchObject({ metric: 'spread', segment: 'HY', tenor: '10Y' });
    const vol = (await get(`/v2/market/detail?metric=volume&from=${u.days[3]}`)).json();
    expect(vol.points[0].date >= u.days[3]!).toBe(true);
    expect(vol.weighting).toBeNull();
    expect((await get('/v2/market/detail?tenor=11Y')).statusCode).toBe(400);
  });

  it('overviews sectors with their industries and counts', async () => {
    const body = (await get('/v2/market/sectors')).json();
    expect(body.sectors.map((s: { code: string }) => s.code)).toEqual(['FIN', 'IND']);
    const fin = body.sectors[0];
    expect(fin.industries.map((s: { code: string }) => s.code).sort()).toEqual(['BANK', 'INSU']);
    expect(fin.bondCount).toBe(fin.industries.reduce((s: number, i: { bondCount: number }) => s + i.bondCount, 0));
    const total = body.sectors.reduce((s: number, x: { bondCount: number }) => s + x.bondCount, 0);
    expect(total).toBe(bonds.length);
    expect(body.weighting).toBe('amountOutstanding');
  });

  it('compares an issuer curve on two dates by tenor with each bond, and validates scope', async () => {
    const res = await get(`/v2/market/term-structure-change?issuerId=${u.issuerIds[0]}&from=${u.days[0]}&to=${u.asOfDay}&metric=yield`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ metric: 'yield', fromDate: u.days[0], toDate: u.asOfDay });
    // The simulated bonds all have an amount outstanding.
    expect(body.weighting).toBe('amountOutstanding');
    expect(body.bonds.length).toBeGreaterThan(0);
    for (const b of body.buckets) expect(b.change).toBeCloseTo(b.to - b.from, 6);
    const sector = (await get('/v2/market/term-structure-change?sector=FIN')).json();
    expect(sector.bonds.length).toBeGreaterThan(body.bonds.length);
    expect((await get('/v2/market/term-structure-change')).json()).toEqual({
      error: 'Invalid querystring.issuerId: choose an issuer or a sector',
    });
    expect((await get('/v2/market/term-structure-change?issuerId=999999')).statusCode).toBe(404);
    expect((await get('/v2/market/term-structure-change?sector=NOPE')).statusCode).toBe(404);
  });

  it('refuses a start after the last close when the end is left to default to it, naming the start', async () => {
    const res = await get('/v2/market/term-structure-change?sector=FIN&from=2199-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: `Invalid querystring.from: must not be after to (${u.asOfDay})` });
  });

  it('builds IG and HY index levels from 100 with basket counts', async () => {
    const body = (await get(`/v2/market/index?from=${u.days[0]}`)).json();
    expect(body.points.length).toBe(u.days.length);
    expect(body.points[0]).toMatchObject({ date: u.days[0], ig: 100, hy: 100 });
    expect(body.points[0].igConstituents).toBeGreaterThan(0);
    expect(body.points.every((p: { ig: number }) => p.ig > 90 && p.ig < 110)).toBe(true);
    expect(body.weighting).toBe('amountOutstanding');
  });

  it('ranks the biggest movers, filterable like the bond table', async () => {
    const body = (await get('/v2/market/moves?metric=price&period=1d&limit=5')).json();
    const changes = body.moves.map((m: { change: number }) => Math.abs(m.change));
    expect([...changes].sort((a, b) => b - a)).toEqual(changes);
    const top = [...bonds].filter((b) => b.changePrice !== null).sort((a, b) => Math.abs(b.changePrice!) - Math.abs(a.changePrice!))[0]!;
    expect(body.moves[0].bondId).toBe(top.id);
    const week = (await get('/v2/market/moves?metric=spread&period=1w&rating=HY')).json();
    expect(week.baseDate).toBe(u.days.at(-8));
    // Classes are by the composite rating: the lower of S&P and Moody's.
    expect(week.moves.length).toBeGreaterThan(0);
    expect(
      week.moves.every(
        (m: { ratingSP: string; ratingMoody: string }) => ratingClassOf(compositeRating(m.ratingSP, m.ratingMoody)) === 'HY',
      ),
    ).toBe(true);
    expect((await get('/v2/market/moves?period=2d')).statusCode).toBe(400);
  });

  it('totals new-issue volume by week and sector', async () => {
    const body = (await get('/v2/primary/new-issue-volume?weeks=200')).json();
    expect(body.error).toMatch(/weeks/);
    const ok = (await get('/v2/primary/new-issue-volume?weeks=104')).json();
    expect(ok.weeks).toHaveLength(104);
    expect(ok.sectors.map((s: { code: string }) => s.code)).toEqual(['FIN', 'IND']);
    for (const w of ok.weeks) {
      expect(new Date(`${w.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(w.bySector.FIN + w.bySector.IND).toBe(w.total);
    }
    expect(ok.weeks.reduce((s: number, w: { bondCount: number }) => s + w.bondCount, 0)).toBeGreaterThan(0);
  });
  it('classes a split-rated bond by its lower rating on the bond table, the summary and the moves alike', async () => {
    // Last, because it changes a bond: S&P BBB- (IG) but Moody's Ba1 (HY) makes it high yield.
    const split = bonds.find((b) => b.ratingSP !== null && b.price !== null && b.gSpread !== null)!;
    await ctx.database.db.updateTable('bonds').set({ rating_sp: 'BBB-', rating_moody: 'Ba1' }).where('id', '=', split.id).execute();
    resetAllCaches();
    const ids = async (url: string) => ((await get(url)).json().rows as { id: number }[]).map((r) => r.id);
    expect(await ids('/v2/bond?limit=500&rating=HY&columns=bondIdentifier')).toContain(split.id);
    expect(await ids('/v2/bond?limit=500&rating=IG&columns=bondIdentifier')).not.toContain(split.id);
    expect(await ids('/v2/bond?limit=500&rating=BB&columns=bondIdentifier')).toContain(split.id);
    const hyPriced = ((await get('/v2/bond?limit=500&rating=HY&columns=price')).json().rows as { price: number | null }[]).filter(
      (r) => r.price !== null,
    ).length;
    const summary = (await get('/v2/market/summary?metric=price&segments=HY')).json();
    expect(summary.rows[0].total.bondCount).toBe(hyPriced);
  });
  it('refuses anonymous callers on every market path and documents every path in OpenAPI', async () => {
    const paths = [
      '/v2/market/summary',
      '/v2/market/detail',
      '/v2/market/sectors',
      '/v2/market/term-structure-change?sector=FIN',
      '/v2/market/index',
      '/v2/market/moves',
      '/v2/primary/new-issue-volume',
      '/v2/trade',
      '/v2/issuer',
      `/v2/issuer/${u.issuerIds[0]}`,
      `/v2/issuer/${u.issuerIds[0]}/curve`,
      '/v2/bond',
      '/v2/download/bonds.csv',
      `/v2/bond/${u.bondIds[1]}/cashflows`,
    ];
    for (const url of paths) expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v2/bond',
        '/v2/download/bonds.csv',
        '/v2/bond/{id}',
        '/v2/bond/{id}/price-history',
        '/v2/bond/{id}/trades',
        '/v2/bond/{id}/cashflows',
        '/v2/issuer',
        '/v2/issuer/{id}',
        '/v2/issuer/{id}/curve',
        '/v2/market/summary',
        '/v2/market/detail',
        '/v2/market/sectors',
        '/v2/market/term-structure-change',
        '/v2/market/index',
        '/v2/market/moves',
        '/v2/trade',
        '/v2/primary/new-issue-volume',
      ]),
    );
    const sortParam = doc.paths['/v2/bond'].get.parameters.find((p: { name: string }) => p.name === 'sort');
    expect(JSON.stringify(sortParam)).toContain('yieldToWorst');
  });
});
