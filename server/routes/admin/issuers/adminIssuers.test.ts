import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminIssuerDetail, AdminIssuerMergeResponse, AdminIssuersResponse } from '../../../../common/api/adminIssuers';
import { createBonds, createIssuer, createSector } from '../../../services/pricing/testFixtures';
import { settledBondTableSnapshot } from '../../../services/market/queries/bondTableSnapshot';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';

/** The issuers admin: the list found on the server, a versioned and audited edit, and the merge of duplicates. */
describe('admin: issuers', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let user: { authorization: string };
  let industryId: number;
  let otherIndustryId: number;
  let sectorId: number;
  let acme: number;
  let acmeDuplicate: number;
  let beta: number;
  let clock = Date.parse('2026-06-01T15:00:00Z');
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, headers = admin) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const audit = (action: string) =>
    ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clock });
    admin = await signedIn(ctx, 'issuers-admin', { admin: true });
    user = await signedIn(ctx, 'issuers-user');
    const db = ctx.database.db;
    ({ sectorId, industryId } = await createSector(db, 'FINL', 'Financials'));
    ({ industryId: otherIndustryId } = await createSector(db, 'ENRG', 'Energy'));
    acme = await createIssuer(db, industryId, 'ACME');
    acmeDuplicate = await createIssuer(db, industryId, 'ACMX');
    beta = await createIssuer(db, otherIndustryId, 'BETA');
    await createBonds(db, [
      { issuerId: acme, issueDate: '2024-01-15', maturityDate: '2034-01-15' },
      { issuerId: acmeDuplicate, issueDate: '2024-03-01', maturityDate: '2031-03-01' },
      { issuerId: acmeDuplicate, issueDate: '2024-03-01', maturityDate: '2029-03-01' },
    ]);
  });
  afterAll(() => ctx.close());

  it('lists issuers found by part of a name or ticker and by sector, paged with the number matching', async () => {
    const all = (await call('GET', '/admin/issuers')).json() as AdminIssuersResponse;
    expect(all.total).toBe(3);
    expect(all.issuers.map((i) => i.ticker)).toEqual(['ACME', 'ACMX', 'BETA']);
    const found = (await call('GET', '/admin/issuers?q=acm&limit=1&offset=1')).json() as AdminIssuersResponse;
    expect(found.total).toBe(2);
    expect(found.issuers.map((i) => i.ticker)).toEqual(['ACMX']);
    expect(found.issuers[0]!.bondCount).toBe(2);
    const bySector = (await call('GET', `/admin/issuers?sectorId=${sectorId}`)).json() as AdminIssuersResponse;
    expect(bySector.issuers.map((i) => i.ticker)).toEqual(['ACME', 'ACMX']);
    expect(bySector.issuers[0]!.sector?.code).toBe('FINL');
    // Wildcards are taken literally.
    expect(((await call('GET', '/admin/issuers?q=%25')).json() as AdminIssuersResponse).total).toBe(0);
  });

  it('shows one issuer with its bonds and its curve', async () => {
    const res = await call('GET', `/admin/issuers/${acmeDuplicate}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as AdminIssuerDetail;
    expect(detail.bonds.map((b) => b.maturityDate)).toEqual(['2029-03-01', '2031-03-01']);
    expect(detail.curve.points).toHaveLength(2);
    const unknown = await call('GET', '/admin/issuers/999999');
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 404, body: { error: 'There is no issuer 999999.' } });
  });

  it('edits an issuer, audited before and after; a stale version is told (409), not overwritten', async () => {
    const res = await call('PUT', `/admin/issuers/${acme}`, {
      version: 0,
      displayName: 'Acme Holdings',
      ticker: 'acmh',
      sectorId: otherIndustryId,
      countryOfRisk: 'gb',
      parentIssuerId: beta,
      secCik: '320193',
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json() as AdminIssuerDetail;
    expect(edited).toMatchObject({
      displayName: 'Acme Holdings',
      ticker: 'ACMH',
      countryOfRisk: 'GB',
      secCik: '0000320193',
      version: 1,
      industry: { id: otherIndustryId },
      parent: { id: beta },
    });
    const [entry] = await audit('issuer.update');
    expect(entry).toMatchObject({ actor_user_id: 'issuers-admin', target_type: 'issuer', target_id: String(acme) });
    expect(entry!.details).toMatchObject({
      before: { displayName: 'ACME Corporation', ticker: 'ACME', countryOfRisk: 'US', secCik: null, parentIssuerId: null },
      after: { displayName: 'Acme Holdings', ticker: 'ACMH', countryOfRisk: 'GB', secCik: '0000320193', parentIssuerId: beta },
      version: 1,
    });
    expect((entry!.details as { ip: unknown }).ip).toBeTruthy();
    // A second admin still on version 0.
    const stale = await call('PUT', `/admin/issuers/${acme}`, { version: 0, name: 'Overwritten' });
    // A change meanwhile, not a bad field: a plain sentence (the issuer page offers its reload on the 409).
    expect({ status: stale.statusCode, body: stale.json() }).toEqual({
      status: 409,
      body: { error: 'This issuer was changed by someone else since you opened it (version 0, now 1): reload and try again.' },
    });
    expect((await call('GET', `/admin/issuers/${acme}`)).json().name).toBe('ACME Corp');
  });

  it('issuer search shows an edited name at its next freshness check (a second), not at the ten-minute reload', async () => {
    const before = await call('GET', '/v2/issuer?q=renamed', undefined, admin);
    expect(before.json().issuers).toEqual([]);
    await call('PUT', `/admin/issuers/${beta}`, { version: 0, displayName: 'Beta Renamed Group' });
    clock += 1001;
    await call('GET', '/v2/issuer?q=renamed', undefined, admin); // starts the re-read
    await settledBondTableSnapshot(ctx.database.db);
    const search = await call('GET', '/v2/issuer?q=renamed', undefined, admin);
    expect(search.json().issuers.map((i: { ticker: string }) => i.ticker)).toEqual(['BETA']);
  });

  it('refuses bad fields by name (400) and a parent that would make a cycle', async () => {
    const bad = async (payload: object, field: string) => {
      const res = await call('PUT', `/admin/issuers/${acmeDuplicate}`, { version: 0, ...payload });
      expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 400, error: expect.stringContaining(field) });
    };
    await bad({ countryOfRisk: 'USA' }, 'countryOfRisk');
    await bad({ secCik: '12345678901' }, 'secCik');
    await bad({ ticker: 'has space' }, 'ticker');
    await bad({ name: '' }, 'name');
    // The rules only the server checks, in the validator's form (web/api/humaneError says them).
    const refused = async (payload: object, error: string) => {
      const res = await call('PUT', `/admin/issuers/${acmeDuplicate}`, { version: 0, ...payload });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: { error } });
    };
    await refused(
      { sectorId: sectorId },
      'Invalid body.sectorId: must not be a top-level sector (FINL): issuers belong to one of its industries',
    );
    await refused({ sectorId: 99999 }, 'Invalid body.sectorId: is unknown: there is no industry 99999');
    await refused(
      { parentIssuerId: acmeDuplicate },
      'Invalid body.parentIssuerId: must be another issuer: an issuer cannot be its own parent',
    );
    await refused({ parentIssuerId: 99999 }, 'Invalid body.parentIssuerId: is unknown: there is no issuer 99999');
    // BETA is ACME's parent: making ACME BETA's parent is a cycle.
    const beta1 = (await call('GET', `/admin/issuers/${beta}`)).json() as AdminIssuerDetail;
    const cycle = await call('PUT', `/admin/issuers/${beta}`, { version: beta1.version, parentIssuerId: acme });
    expect({ status: cycle.statusCode, body: cycle.json() }).toEqual({
      status: 400,
      body: {
        error: `Invalid body.parentIssuerId: must not be one of this issuer's subsidiaries (issuer ${acme} is one): that would make a cycle`,
      },
    });
    const nothing = await call('PUT', `/admin/issuers/${beta}`, { version: beta1.version });
    expect(nothing.statusCode).toBe(400);
  });

  it('merges a duplicate: asks for confirmation, moves its bonds in one step, audits, deletes it', async () => {
    const survivor = (await call('GET', `/admin/issuers/${acme}`)).json() as AdminIssuerDetail;
    const unconfirmed = await call('POST', `/admin/issuers/${acme}/merge`, {
      duplicateId: acmeDuplicate,
      version: survivor.version,
      duplicateVersion: 0,
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error).toMatch(/confirm/);
    const self = await call('POST', `/admin/issuers/${acme}/merge`, {
      duplicateId: acme,
      version: survivor.version,
      duplicateVersion: 0,
      confirm: true,
    });
    expect({ status: self.statusCode, body: self.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.duplicateId: must be another issuer: an issuer cannot be merged into itself' },
    });
    const unknown = await call('POST', `/admin/issuers/${acme}/merge`, {
      duplicateId: 999_999,
      version: survivor.version,
      duplicateVersion: 0,
      confirm: true,
    });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.duplicateId: is unknown: there is no issuer 999999' },
    });
    const noSurvivor = await call('POST', '/admin/issuers/999999/merge', {
      duplicateId: acmeDuplicate,
      version: 0,
      duplicateVersion: 0,
      confirm: true,
    });
    expect({ status: noSurvivor.statusCode, body: noSurvivor.json() }).toEqual({
      status: 404,
      body: { error: 'There is no issuer 999999.' },
    });
    const stale = await call('POST', `/admin/issuers/${acme}/merge`, {
      duplicateId: acmeDuplicate,
      version: 0,
      duplicateVersion: 0,
      confirm: true,
    });
    expect(stale.statusCode).toBe(409);
    const res = await call('POST', `/admin/issuers/${acme}/merge`, {
      duplicateId: acmeDuplicate,
      version: survivor.version,
      duplicateVersion: 0,
      confirm: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as AdminIssuerMergeResponse).toMatchObject({
      survivorId: acme,
      mergedId: acmeDuplicate,
      bondsMoved: 2,
      version: survivor.version + 1,
    });
    const after = (await call('GET', `/admin/issuers/${acme}`)).json() as AdminIssuerDetail;
    expect(after.bonds).toHaveLength(3);
    expect((await call('GET', `/admin/issuers/${acmeDuplicate}`)).statusCode).toBe(404);
    const [entry] = await audit('issuer.merge');
    expect(entry!.details).toMatchObject({ before: { duplicate: { id: acmeDuplicate, ticker: 'ACMX' } } });
    expect((entry!.details as { moved: { bonds: number[] } }).moved.bonds).toHaveLength(2);
  });

  it('answers 401 anonymous and 403 to a user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/issuers' })).statusCode).toBe(401);
    expect((await call('GET', '/admin/issuers', undefined, user)).statusCode).toBe(403);
    expect((await call('PUT', `/admin/issuers/${beta}`, { version: 0, name: 'X' }, user)).statusCode).toBe(403);
    expect((await call('POST', `/admin/issuers/${beta}/merge`, {}, user)).statusCode).toBe(403);
  });
});
