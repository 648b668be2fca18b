import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDeal } from '../../../../common/api/adminDeals';
import type { EdgarUploadResponse, Filing } from '../../../../common/api/edgar';
import { businessDaysBetween } from '../../../../common/calendar';
import { createCurves, createSector } from '../../../services/pricing/testFixtures';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';

const NOW = Date.parse('2026-11-24T15:00:00Z');
const sheet = (name: string) => readFileSync(new URL(`../../../../samples/fwp/families/${name}`, import.meta.url), 'utf8');
const day = (d: unknown) => new Date(d as string).toISOString().slice(0, 10);

describe('EDGAR reopenings: a tap adds to the existing bond, never a new one', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let ironwood: number;

  const upload = async (fileName: string, content = sheet(fileName)) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/admin/edgar', headers: admin, payload: { fileName, content } });
    expect([200, 201], res.body.slice(0, 300)).toContain(res.statusCode);
    return res.json() as EdgarUploadResponse;
  };
  const count = async (table: string) =>
    Number((await sql.raw<{ n: string }>(`select count(*) as n from ${table}`).execute(ctx.database.db)).rows[0]!.n);
  const issuer = async (name: string, ticker: string, sectorId: number) =>
    (
      await ctx.database.db
        .insertInto('issuers')
        .values({ name, display_name: name, ticker, sector_id: sectorId, country_of_risk: 'US', corporate_structure: 'OpCo' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
    admin = await signedIn(ctx, 'edgar-taps-admin', { admin: true });
    const db = ctx.database.db;
    const { industryId } = await createSector(db, 'INS', 'Insurance');
    ironwood = await issuer('Ironwood Life Insurance Company', 'IRNWD', industryId);
    await issuer('Juniper Ridge Utilities, Inc.', 'JUNIP', industryId);
    await issuer('Kestrel Beverages Company', 'KSTRL', industryId);
    // The bond f09 reopens, as it was issued on 1 March 2024.
    await db
      .insertInto('bonds')
      .values({
        cusip: '48851EAG3',
        isin: 'US48851EAG35',
        issuer_id: ironwood,
        description: 'IRNWD 4.65 03/01/34',
        coupon_type: 'fixed',
        coupon: 0.0465,
        frequency: 2,
        day_count: '30/360',
        end_of_month: false,
        issue_date: '2024-03-01',
        first_coupon_date: '2024-09-01',
        maturity_date: '2034-03-01',
        amount_issued: 750_000_000,
        amount_outstanding: 750_000_000,
        seniority: 'Senior Unsecured',
        call_schedule: JSON.stringify([{ date: '2033-12-01', price: 100 }]),
        floater_index: null,
        quoted_margin: null,
        rating_sp: 'A-',
        rating_moody: 'A3',
        is_benchmark: false,
        tenor_at_issue: 10,
        currency: 'USD',
        source: 'edgar',
      })
      .execute();
    await createCurves(db, businessDaysBetween('2026-10-26', '2026-11-24'));
  });
  afterAll(() => ctx.close());

  it('a reopening is recorded as a tap of the existing bond: amounts increased, issue date and first coupon kept, the tap audited', async () => {
    const bonds = await count('bonds');
    const result = await upload('f09-reopening-single.html');
    expect(result).toMatchObject({ status: 'imported', problems: [] });
    expect(await count('bonds')).toBe(bonds);
    const bond = await ctx.database.db.selectFrom('bonds').selectAll().where('cusip', '=', '48851EAG3').executeTakeFirstOrThrow();
    expect([day(bond.issue_date), day(bond.first_coupon_date), day(bond.maturity_date)]).toEqual([
      '2024-03-01',
      '2024-09-01',
      '2034-03-01',
    ]);
    expect([Number(bond.amount_issued), Number(bond.amount_outstanding)]).toEqual([1_000_000_000, 1_000_000_000]);
    expect(bond.call_schedule).toEqual([{ date: '2033-12-01', price: 100 }]);
    // The bond was held without make-whole terms; the sheet's "make-whole call at T+15 bps" prior to
    // the 1 Dec 2033 par call is added (a reopening is issued under the same terms).
    expect([Number(bond.make_whole_spread_bp), day(bond.make_whole_until)]).toEqual([15, '2033-12-01']);
    const deal = (await ctx.app.inject({ method: 'GET', url: `/admin/deal/${result.dealId}`, headers: admin })).json() as AdminDeal;
    expect(deal.tranches.map((t) => [t.sizeMm, t.bondId])).toEqual([[250, bond.id]]);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'details'])
      .where('action', '=', 'bond.tap')
      .execute();
    expect(audit).toEqual([
      {
        action: 'bond.tap',
        target_id: String(bond.id),
        details: expect.objectContaining({
          filingId: result.id,
          cusip: '48851EAG3',
          amount: 250_000_000,
          settlementDate: '2024-09-16',
          accruedFrom: '2024-09-01',
          before: { amountIssued: 750_000_000, amountOutstanding: 750_000_000 },
          after: { amountIssued: 1_000_000_000, amountOutstanding: 1_000_000_000 },
          makeWholeAdded: { spreadBp: 15, until: '2033-12-01' },
        }),
      },
    ]);
    // Made again, the tap would count twice: refused.
    const again = await ctx.app.inject({ method: 'POST', url: `/admin/edgar/${result.id}/deal`, headers: admin, payload: {} });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toContain('tapped an existing bond');
    const unchanged = await ctx.database.db
      .selectFrom('bonds')
      .select('amount_outstanding')
      .where('id', '=', bond.id)
      .executeTakeFirstOrThrow();
    expect(Number(unchanged.amount_outstanding)).toBe(1_000_000_000);
  });

  it('a reopening whose bond is not held waits for review, saying so, and nothing of the sheet is made', async () => {
    const [bonds, deals] = [await count('bonds'), await count('deals')];
    const result = await upload('f10-new-tranche-and-reopening.txt');
    expect(result.status).toBe('needs review');
    expect(result.problems).toEqual([
      { field: 'tranches[1].cusip', message: expect.stringContaining('no bond with CUSIP 92817HAK8 or ISIN US92817HAK86 is held') },
    ]);
    expect([await count('bonds'), await count('deals')]).toEqual([bonds, deals]);
    const refused = await ctx.app.inject({ method: 'POST', url: `/admin/edgar/${result.id}/deal`, headers: admin, payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^tranches\[1\]\.cusip: a reopening of an existing bond/);
  });

  it('a euro sheet is refused: rejected, and a correction cannot make it a deal', async () => {
    const deals = await count('deals');
    const result = await upload('f11-euro-bund-refused.html');
    expect(result.status).toBe('rejected');
    expect(result.problems[0]).toMatchObject({ field: 'currency' });
    const filing = (await ctx.app.inject({ method: 'GET', url: `/admin/edgar/${result.id}`, headers: admin })).json() as Filing;
    expect(filing.reading?.currency).toBe('EUR');
    const corrected = await ctx.app.inject({
      method: 'PUT',
      url: `/admin/edgar/${result.id}`,
      headers: admin,
      payload: { reading: filing.reading },
    });
    expect((corrected.json() as Filing).problemList[0]).toMatchObject({ field: 'currency' });
    const refused = await ctx.app.inject({ method: 'POST', url: `/admin/edgar/${result.id}/deal`, headers: admin, payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^currency: the notes are in EUR/);
    expect(await count('deals')).toBe(deals);
  });
});
