import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDeal } from '../../../../common/api/adminDeals';
import type { EdgarUploadResponse, Filing, FilingList } from '../../../../common/api/edgar';
import { businessDaysBetween } from '../../../../common/calendar';
import { createCurves, createSector } from '../../../services/pricing/testFixtures';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';

const NOW = Date.parse('2026-11-24T15:00:00Z'); // before the Contoso sheets' trade date: their deal times are capped at now
const sample = (name: string) => readFileSync(new URL(`../../../../samples/fwp/${name}`, import.meta.url), 'utf8');
type Method = 'GET' | 'POST' | 'PUT';

describe('EDGAR pricing term sheets: upload, review, correction and the deal made from each', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let industryCode: string;

  const call = (method: Method, url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = async (fileName: string, content = sample(fileName)) => {
    const res = await call('POST', '/admin/edgar', { fileName, content });
    expect([200, 201], res.body.slice(0, 300)).toContain(res.statusCode);
    return res.json() as EdgarUploadResponse;
  };
  const filingOf = async (id: number) => (await call('GET', `/admin/edgar/${id}`)).json() as Filing;
  const count = async (table: string) =>
    Number((await sql.raw<{ n: string }>(`select count(*) as n from ${table}`).execute(ctx.database.db)).rows[0]!.n);

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
    admin = await signedIn(ctx, 'edgar-admin', { admin: true });
    const db = ctx.database.db;
    const { industryId } = await createSector(db, 'IND', 'Industrials');
    industryCode = 'IND-1';
    await db
      .insertInto('issuers')
      .values({
        name: 'Northwind Industries Inc',
        display_name: 'Northwind',
        ticker: 'NWIND',
        sector_id: industryId,
        country_of_risk: 'US',
        corporate_structure: 'OpCo',
      })
      .execute();
    await createCurves(db, businessDaysBetween('2026-10-26', '2026-11-24'));
  });
  afterAll(() => ctx.close());

  it('a complete sheet whose issuer is known becomes its priced deal, and each tranche its bond', async () => {
    const result = await upload('northwind-3-tranche-table.html');
    expect(result).toMatchObject({ status: 'imported', problems: [], duplicate: false });
    const deal = (await call('GET', `/admin/deal/${result.dealId}`)).json() as AdminDeal;
    expect(deal).toMatchObject({
      status: 'priced',
      source: 'edgar',
      issuer: { ticker: 'NWIND' },
      bookrunners: expect.arrayContaining(['Fabrikam Securities LLC']),
    });
    expect(deal.timeline.map((s) => [s.status, s.at])).toEqual([
      ['announced', '2026-11-23T14:00:00.000Z'],
      ['priced', '2026-11-23T21:00:00.000Z'],
    ]);
    expect(deal.tranches.map((t) => [t.tenorYears, t.sizeMm, t.coupon, t.pricedSpreadBp])).toEqual([
      [5, 500, 0.045, 70],
      [10, 750, 0.051, 95],
      [30, 1000, 0.059, 120],
    ]);
    const bond = await ctx.database.db.selectFrom('bonds').selectAll().where('cusip', '=', '66985NAA7').executeTakeFirstOrThrow();
    expect(bond).toMatchObject({
      isin: 'US66985NAA72',
      coupon_type: 'fixed',
      day_count: '30/360',
      frequency: 2,
      call_schedule: [{ date: '2031-10-15', price: 100 }],
      rating_sp: 'A-',
      rating_moody: 'A3',
      source: 'edgar',
    });
    const day = (d: unknown) => new Date(d as string).toISOString().slice(0, 10);
    expect([day(bond.issue_date), day(bond.first_coupon_date), day(bond.maturity_date)]).toEqual([
      '2026-11-27',
      '2027-05-15',
      '2031-11-15',
    ]);
    expect(Number(bond.amount_issued)).toBe(500_000_000);
    expect(deal.tranches[0]!.bondId).toBe(bond.id);
    // The new bonds are priced like any other, and the deal shows to every subscriber.
    const user = await signedIn(ctx, 'edgar-reader');
    const detail = await ctx.app.inject({ method: 'GET', url: `/v2/bond/${bond.id}`, headers: user });
    expect(detail.json().analytics?.price).toEqual(expect.any(Number));
    expect((await ctx.app.inject({ method: 'GET', url: `/v2/primary/deal/${result.dealId}`, headers: user })).statusCode).toBe(200);

    // The same document again: nothing new.
    const deals = await count('deals');
    const again = await upload('northwind-3-tranche-table.html');
    expect(again).toMatchObject({ id: result.id, duplicate: true, dealId: result.dealId });
    expect(await count('deals')).toBe(deals);
  });

  it('a sheet whose numbers disagree waits for review; corrected, and its issuer created, it becomes a deal', async () => {
    const deals = await count('deals');
    const result = await upload('contoso-price-contradicts-yield.txt');
    expect(result.status).toBe('needs review');
    expect(result.problems[0]).toMatchObject({ field: 'tranches[0].priceToPublic' });
    expect(result.problems[0]!.message).toMatch(/99\.750.*99\.967/);
    const refused = await call('POST', `/admin/edgar/${result.id}/deal`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^tranches\[0\]\.priceToPublic/);
    expect(await count('deals')).toBe(deals);

    const filing = await filingOf(result.id);
    expect(filing.source).toContain('Contoso Bank Corp.');
    expect(filing.matchedIssuer).toBeNull();
    const reading = { ...filing.reading!, tranches: [{ ...filing.reading!.tranches[0]!, priceToPublic: 99.967 }] };
    const corrected = (await call('PUT', `/admin/edgar/${result.id}`, { reading })).json() as Filing;
    expect(corrected).toMatchObject({ status: 'parsed', problems: 0, corrected: true });

    const unknown = await call('POST', `/admin/edgar/${result.id}/deal`, {});
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.issuerId: is needed: "Contoso Bank Corp." is not a known issuer, so pick one or create it (newIssuer)' },
    });
    const noSuch = await call('POST', `/admin/edgar/${result.id}/deal`, { issuerId: 999_999 });
    expect(noSuch.json()).toEqual({ error: 'Invalid body.issuerId: is unknown: there is no issuer 999999' });
    const made = await call('POST', `/admin/edgar/${result.id}/deal`, { newIssuer: { ticker: 'CNTSO', industryCode } });
    expect(made.statusCode, made.body).toBe(200);
    const imported = made.json() as Filing;
    expect(imported).toMatchObject({ status: 'imported', matchedIssuer: { ticker: 'CNTSO', name: 'Contoso Bank Corp.' } });
    expect(await count('deals')).toBe(deals + 1);

    // A later correction brings the same deal up to date.
    const resized = { ...reading, tranches: [{ ...reading.tranches[0]!, principalAmount: 600_000_000 }] };
    await call('PUT', `/admin/edgar/${result.id}`, { reading: resized });
    const again = (await call('POST', `/admin/edgar/${result.id}/deal`, {})).json() as Filing;
    expect(again.dealId).toBe(imported.dealId);
    const deal = (await call('GET', `/admin/deal/${imported.dealId}`)).json() as AdminDeal;
    expect(deal.tranches.map((t) => t.sizeMm)).toEqual([600]);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'edgar_filing')
      .where('target_id', '=', String(result.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['edgar.correct', 'edgar.deal_create', 'edgar.correct', 'edgar.deal_update']);
  });

  it('lists filings by status with their first problem; a missing maturity is named', async () => {
    const result = await upload('northwind-missing-maturity.html');
    expect(result.status).toBe('needs review');
    const { filings } = (await call('GET', '/admin/edgar?status=needs%20review')).json() as FilingList;
    expect(filings.map((f) => f.id)).toEqual([result.id]);
    expect(filings[0]).toMatchObject({ fileName: 'northwind-missing-maturity.html', issuer: 'Northwind Industries, Inc.', tranches: 2 });
    expect(filings[0]!.firstProblem).toMatchObject({ field: 'tranches[1].maturityDate' });
    expect((await filingOf(result.id)).matchedIssuer).toMatchObject({ ticker: 'NWIND' });
  });

  it('rejects a document that is not a term sheet, saying why, and makes nothing of it', async () => {
    const result = await upload('notes.txt', 'Quarterly letter to shareholders.\nRevenue grew.\n');
    expect(result.status).toBe('rejected');
    expect(result.problems.map((p) => p.field)).toContain('tranches');
    const filing = await filingOf(result.id);
    expect(filing.reading).toBeNull();
    const refused = await call('POST', `/admin/edgar/${result.id}/deal`, { issuerId: 1 });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 400,
      body: { error: `Filing ${result.id} has no tranche to make a deal of.` },
    });
  });

  it('answers bad input with an error naming the field, and changes nothing', async () => {
    const { id } = await upload('northwind-single-tranche-blocks.html');
    const before = await ctx.database.db.selectFrom('edgar_filings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const { reading } = await filingOf(id);
    const cases: Array<[Method, string, unknown, RegExp]> = [
      ['POST', '/admin/edgar', { fileName: 'x.txt', content: '' }, /content/],
      ['POST', '/admin/edgar', { fileName: '', content: 'x' }, /fileName/],
      ['POST', '/admin/edgar', { fileName: 'x.txt', content: 'x', extra: 1 }, /extra/],
      [
        'PUT',
        `/admin/edgar/${id}`,
        { reading: { ...reading, tranches: [{ ...reading!.tranches[0]!, priceToPublic: 500 }] } },
        /priceToPublic/,
      ],
      ['PUT', `/admin/edgar/${id}`, { reading: { ...reading, tranches: [] } }, /tranches/],
      ['PUT', `/admin/edgar/${id}`, { reading: { ...reading, tradeDate: '2026-02-30' } }, /tradeDate/],
      ['POST', `/admin/edgar/${id}/deal`, { newIssuer: { ticker: 'lower', industryCode } }, /ticker/],
      [
        'POST',
        `/admin/edgar/${id}/deal`,
        { newIssuer: { ticker: 'NEWCO', industryCode: 'NOPE' } },
        /^Invalid body\.newIssuer\.industryCode: is unknown: there is no industry NOPE$/,
      ],
      ['POST', `/admin/edgar/${id}/deal`, { issuerId: 1, newIssuer: { ticker: 'NEWCO', industryCode } }, /not both/],
    ];
    for (const [method, url, body, error] of cases) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.json().error).toMatch(error);
    }
    const after = await ctx.database.db.selectFrom('edgar_filings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(await ctx.database.db.selectFrom('issuers').select('id').where('ticker', '=', 'NEWCO').execute()).toEqual([]);
  });

  it('a correction with a rate in percent, not as the decimal carried, is refused naming the decimal', async () => {
    const { id } = await upload('northwind-single-tranche-blocks.html');
    const { reading } = await filingOf(id);
    const tranche = reading!.tranches[0]!;
    const inPercent = { reading: { ...reading, tranches: [{ ...tranche, coupon: 5.25, yieldToMaturity: -6 }] } };
    const res = await call('PUT', `/admin/edgar/${id}`, inPercent);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'Invalid body.reading.tranches.0.coupon: must be a decimal rate of at most 0.5 (50%); ' +
        'body.reading.tranches.0.yieldToMaturity: must be a decimal rate of at least -0.05 (-5%)',
    );
    expect((await filingOf(id)).reading).toEqual(reading);
  });

  it('answers 404 for an unknown filing', async () => {
    expect((await call('GET', '/admin/edgar/987654')).statusCode).toBe(404);
    expect((await call('POST', '/admin/edgar/987654/deal', {})).statusCode).toBe(404);
  });
});
