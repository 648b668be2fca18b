import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settledBondTableSnapshot } from '../../services/market/queries/bondTableSnapshot';
import { insertTestUniverse } from '../../services/market/queries/testUniverse';
import { marketTestApp } from '../../test/marketTestApp';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

describe('issuer APIs', () => {
  const m = marketTestApp({ bonds: 30, historyDays: 3 });

  it('searches by ticker prefix first, then name contains, case-insensitively', async () => {
    const body = (await m.get('/v2/issuer?q=be')).json();
    expect(body.issuers[0]).toMatchObject({ ticker: 'BETA', sectorCode: 'INSU', bondCount: 3 });
    const byName = (await m.get('/v2/issuer?q=holdings&limit=3')).json();
    expect(byName.issuers).toHaveLength(3);
    expect((await m.get('/v2/issuer?q=zzz')).json().issuers).toEqual([]);
    expect((await m.get('/v2/issuer?limit=0')).statusCode).toBe(400);
    expect((await m.ctx.app.inject({ method: 'GET', url: '/v2/issuer' })).statusCode).toBe(401);
  });

  it('filters issuers by sector (covering its industries) or by industry', async () => {
    const bySector = (await m.get('/v2/issuer?sector=FIN&limit=100')).json().issuers as Array<{ sectorCode: string }>;
    expect(bySector.length).toBeGreaterThan(0);
    expect(new Set(bySector.map((i) => i.sectorCode))).toEqual(new Set(['BANK', 'INSU']));
    const byIndustry = (await m.get('/v2/issuer?sector=INSU&limit=100')).json().issuers as Array<{ sectorCode: string }>;
    expect(byIndustry.length).toBeGreaterThan(0);
    expect(byIndustry.every((i) => i.sectorCode === 'INSU')).toBe(true);
    expect((await m.get('/v2/issuer?sector=NOPE')).json().issuers).toEqual([]);
    expect((await m.get(`/v2/issuer?sector=${'x'.repeat(41)}`)).statusCode).toBe(400);
  });

  it('shows an issuer with its parent, sector and outstanding bonds shortest first', async () => {
    const res = await m.get(`/v2/issuer/${m.u.issuerIds[9]}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ticker: 'JULI', parent: { ticker: 'ACME' }, industry: { code: 'INSU' }, sector: { code: 'FIN' } });
    expect(body.bondCount).toBe(body.bonds.length);
    const maturities = body.bonds.map((b: { maturityDate: string }) => b.maturityDate);
    expect([...maturities].sort()).toEqual(maturities);
    // The bond table names the group: JULI's bonds show the parent's display name as issuer.
    expect(body.bonds[0].issuer).toBe('Acme Co');
    expect(body.bonds[0].displayName).toBe('Juli Co');
    expect((await m.get('/v2/issuer/999999')).statusCode).toBe(404);
    expect((await m.get('/v2/issuer/x')).statusCode).toBe(400);
  });

  it('gives the issuer curve: tenor against yield and spreads for each outstanding bond', async () => {
    const body = (await m.get(`/v2/issuer/${m.u.issuerIds[2]}/curve`)).json();
    expect(body.issuerId).toBe(m.u.issuerIds[2]);
    expect(body.points.length).toBeGreaterThan(0);
    for (const p of body.points) {
      expect(p.tenor).toBeGreaterThan(0);
      expect(typeof p.yieldToWorst).toBe('number');
      expect(p.amountOutstanding).toBeGreaterThan(0);
    }
    // The curve is read from memory, the issuer page's bonds by SQL: the same bonds, the same figures.
    const detail = (await m.get(`/v2/issuer/${m.u.issuerIds[2]}`)).json();
    expect(body.points).toEqual(
      detail.bonds.map((b: Record<string, unknown>) => ({
        bondId: b.id,
        cusip: b.bondIdentifier,
        description: b.description,
        maturityDate: b.maturityDate,
        tenor: b.tenor,
        yieldToWorst: b.yieldToWorst,
        gSpread: b.gSpread,
        tSpread: b.tSpread,
        price: b.price,
        amountOutstanding: expect.any(Number),
        isBenchmark: b.isBenchmark,
      })),
    );
    expect((await m.get('/v2/issuer/999999/curve')).statusCode).toBe(404);
  });
});

describe('issuer search as issuers and bonds are added (it searches an in-memory directory)', () => {
  let clock = Date.parse('2026-11-20T15:00:00Z');
  let ctx: TestContext;
  let auth: { authorization: string };
  const search = async (q: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/v2/issuer?q=${q}`, headers: auth })).json().issuers as Array<{
      ticker: string;
      bondCount: number;
    }>;
  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clock });
    await insertTestUniverse(ctx.database.db, { bonds: 12, historyDays: 2 });
    auth = await signedIn(ctx, 'user-1');
  });
  afterAll(() => ctx.close());

  it('finds an issuer added with its first bond once the market data is next checked, with its bond count', async () => {
    expect(await search('NEWCO')).toEqual([]);
    const db = ctx.database.db;
    const sector = await db.selectFrom('sectors').select('id').where('code', '=', 'INSU').executeTakeFirstOrThrow();
    const issuer = await db
      .insertInto('issuers')
      .values({
        name: 'Newco Holdings Inc',
        display_name: 'Newco',
        ticker: 'NEWCO',
        sector_id: sector.id,
        country_of_risk: 'US',
        corporate_structure: 'OpCo',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const template = await db.selectFrom('bonds').selectAll().orderBy('id').limit(1).executeTakeFirstOrThrow();
    const { id: _id, created_at: _c, updated_at: _u, ...terms } = template;
    await db
      .insertInto('bonds')
      .values({ ...terms, cusip: 'NEWCO0001', isin: 'USNEWCO00011', issuer_id: issuer.id, call_schedule: JSON.stringify([]) })
      .execute();
    // Within the second the data is re-checked at most once, the directory may still be the old one.
    clock += 1_001;
    await search('NEWCO'); // sees the change and starts the refresh (stale-while-revalidate)
    await settledBondTableSnapshot(db);
    expect(await search('NEWCO')).toEqual([expect.objectContaining({ ticker: 'NEWCO', bondCount: 1 })]);
    // Matched by name anywhere, not only as a ticker prefix.
    expect((await search('WCO HOLD')).map((i) => i.ticker)).toEqual(['NEWCO']);
  });
});
