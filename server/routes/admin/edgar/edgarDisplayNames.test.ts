import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDeal } from '../../../../common/api/adminDeals';
import type { EdgarUploadResponse, Filing } from '../../../../common/api/edgar';
import { businessDaysBetween } from '../../../../common/calendar';
import { createCurves, createSector } from '../../../services/pricing/testFixtures';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';

const NOW = Date.parse('2026-11-24T15:00:00Z');
const sample = (name: string) => readFileSync(new URL(`../../../../samples/fwp/${name}`, import.meta.url), 'utf8');

/**
 * A term sheet names its issuer as the desk knows it, which may be neither the issuer's legal name
 * nor its reference display name but the name an admin set as its display-name override: matching
 * knows that name too (the sample's issuer is "Contoso Bank Corp.").
 */
describe('EDGAR matching by an admin’s display-name override', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let issuerId: number;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
    admin = await signedIn(ctx, 'edgar-names-admin', { admin: true });
    const db = ctx.database.db;
    const { industryId } = await createSector(db, 'FIN', 'Financials');
    const row = await db
      .insertInto('issuers')
      .values({
        name: 'Contoso Financial Holdings Inc',
        display_name: 'Contoso Financial',
        ticker: 'CNTF',
        sector_id: industryId,
        country_of_risk: 'US',
        corporate_structure: 'HoldCo',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    issuerId = row.id;
    await createCurves(db, businessDaysBetween('2026-10-26', '2026-11-24'));
  });
  afterAll(() => ctx.close());

  it('an unknown name waits for an admin; once an issuer carries it as its display name, the filing matches it and becomes its deal', async () => {
    const upload = await call('POST', '/admin/edgar', {
      fileName: 'contoso-2-tranche-blocks.txt',
      content: sample('contoso-2-tranche-blocks.txt'),
    });
    expect([200, 201], upload.body.slice(0, 300)).toContain(upload.statusCode);
    const result = upload.json() as EdgarUploadResponse;
    // Complete, but no issuer is called "Contoso Bank Corp." yet: it waits.
    expect(result).toMatchObject({ status: 'parsed', problems: [], dealId: null });
    expect(((await call('GET', `/admin/edgar/${result.id}`)).json() as Filing).matchedIssuer).toBeNull();

    const set = await call('PUT', `/admin/display-names/issuer/${issuerId}`, { displayName: 'Contoso Bank Corp.', version: null });
    expect(set.statusCode, set.body).toBe(200);
    const filing = (await call('GET', `/admin/edgar/${result.id}`)).json() as Filing;
    expect(filing.matchedIssuer).toEqual({ id: issuerId, ticker: 'CNTF', name: 'Contoso Financial Holdings Inc' });

    // Making the deal without naming an issuer takes the matched one.
    const made = await call('POST', `/admin/edgar/${result.id}/deal`, {});
    expect(made.statusCode, made.body).toBe(200);
    const imported = made.json() as Filing;
    expect(imported.status).toBe('imported');
    const deal = (await call('GET', `/admin/deal/${imported.dealId}`)).json() as AdminDeal;
    expect(deal.issuer).toMatchObject({ id: issuerId, ticker: 'CNTF' });
  });
});
