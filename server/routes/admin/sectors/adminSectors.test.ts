import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSector, AdminSectorsResponse } from '../../../../common/api/adminSectors';
import { createIssuer, createSector } from '../../../services/pricing/testFixtures';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';

/** The two-level taxonomy: add, rename, move industries and issuers; never an orphaned issuer. */
describe('admin: sectors', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let user: { authorization: string };
  let finl: { sectorId: number; industryId: number };
  let enrg: { sectorId: number; industryId: number };
  let issuers: number[];
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, headers = admin) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const sectors = async () => ((await call('GET', '/admin/sectors')).json() as AdminSectorsResponse).sectors;
  const byCode = async (code: string) => (await sectors()).find((s) => s.code === code)!;
  const audit = (action: string) =>
    ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').execute();

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedIn(ctx, 'sectors-admin', { admin: true });
    user = await signedIn(ctx, 'sectors-user');
    finl = await createSector(ctx.database.db, 'FINL', 'Financials');
    enrg = await createSector(ctx.database.db, 'ENRG', 'Energy');
    issuers = [await createIssuer(ctx.database.db, finl.industryId, 'BANK'), await createIssuer(ctx.database.db, finl.industryId, 'LEND')];
  });
  afterAll(() => ctx.close());

  it('lists sectors then industries with their issuer counts', async () => {
    const list = await sectors();
    expect(list.map((s) => [s.code, s.parentId, s.issuerCount])).toEqual([
      ['ENRG', null, 0],
      ['FINL', null, 0],
      ['ENRG-1', enrg.sectorId, 0],
      ['FINL-1', finl.sectorId, 2],
    ]);
  });

  it('adds an industry under a sector, refusing a third level and a taken code', async () => {
    const res = await call('POST', '/admin/sectors', { code: 'finl-ins', name: 'Insurance', parentId: finl.sectorId });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ code: 'FINL-INS', name: 'Insurance', parentId: finl.sectorId, issuerCount: 0, version: 0 });
    const third = await call('POST', '/admin/sectors', { code: 'DEEP', name: 'Too deep', parentId: finl.industryId });
    expect({ status: third.statusCode, body: third.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.parentId: must be a top-level sector, not the industry FINL-1: the taxonomy has two levels' },
    });
    const nowhere = await call('POST', '/admin/sectors', { code: 'LOST', name: 'Lost', parentId: 999_999 });
    expect({ status: nowhere.statusCode, body: nowhere.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.parentId: is unknown: there is no sector 999999' },
    });
    // A duplicate stays a 409, in the validator's form so a form puts it on the code.
    const taken = await call('POST', '/admin/sectors', { code: 'FINL', name: 'Again' });
    expect({ status: taken.statusCode, body: taken.json() }).toEqual({
      status: 409,
      body: { error: "Invalid body.code: is already another sector's (FINL)" },
    });
    const bad = await call('POST', '/admin/sectors', { code: 'no spaces', name: 'X' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/code/);
    expect((await audit('sector.create'))[0]!.details).toMatchObject({ after: { code: 'FINL-INS', name: 'Insurance' } });
  });

  it('renames with the version read (409 when stale) and moves an industry to another sector', async () => {
    const ins = await byCode('FINL-INS');
    const renamed = await call('PUT', `/admin/sectors/${ins.id}`, { version: ins.version, name: 'Insurance carriers' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Insurance carriers', version: ins.version + 1 });
    const stale = await call('PUT', `/admin/sectors/${ins.id}`, { version: ins.version, name: 'Lost' });
    expect(stale.statusCode).toBe(409);
    const moved = await call('PUT', `/admin/sectors/${ins.id}`, { version: ins.version + 1, parentId: enrg.sectorId });
    expect((moved.json() as AdminSector).parentId).toBe(enrg.sectorId);
    const sectorMove = await call('PUT', `/admin/sectors/${finl.sectorId}`, { version: 0, parentId: enrg.sectorId });
    expect({ status: sectorMove.statusCode, body: sectorMove.json() }).toEqual({
      status: 400,
      body: {
        error: 'Invalid body.parentId: must stay empty for FINL: it is a top-level sector, and only industries move between sectors',
      },
    });
    expect((await audit('sector.update'))[0]!.details).toMatchObject({
      before: { parentId: finl.sectorId },
      after: { parentId: enrg.sectorId },
    });
  });

  it('moves issuers between industries, each audited with where it was', async () => {
    const res = await call('POST', '/admin/sectors/move-issuers', { issuerIds: issuers, sectorId: enrg.industryId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ moved: 2, sectorId: enrg.industryId });
    expect((await byCode('ENRG-1')).issuerCount).toBe(2);
    expect((await byCode('FINL-1')).issuerCount).toBe(0);
    expect((await audit('sector.move-issuers'))[0]!.details).toMatchObject({
      before: { [issuers[0]!]: finl.industryId, [issuers[1]!]: finl.industryId },
      after: { sectorId: enrg.industryId },
    });
    const toSector = await call('POST', '/admin/sectors/move-issuers', { issuerIds: issuers, sectorId: enrg.sectorId });
    expect({ status: toSector.statusCode, body: toSector.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.sectorId: must not be a top-level sector (ENRG): issuers belong to one of its industries' },
    });
    const unknown = await call('POST', '/admin/sectors/move-issuers', { issuerIds: [999999], sectorId: enrg.industryId });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.issuerIds: include unknown ones: there is no issuer 999999' },
    });
    const unknowns = await call('POST', '/admin/sectors/move-issuers', {
      issuerIds: [999998, issuers[0], 999999],
      sectorId: enrg.industryId,
    });
    expect(unknowns.json()).toEqual({ error: 'Invalid body.issuerIds: include unknown ones: there are no issuers 999998, 999999' });
    const noIndustry = await call('POST', '/admin/sectors/move-issuers', { issuerIds: issuers, sectorId: 999_999 });
    expect({ status: noIndustry.statusCode, body: noIndustry.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.sectorId: is unknown: there is no industry 999999' },
    });
    expect((await call('POST', '/admin/sectors/move-issuers', { issuerIds: [], sectorId: enrg.industryId })).json().error).toMatch(
      /issuerIds/,
    );
  });

  it('refuses to delete a sector or industry that still has issuers or industries (no orphans); deletes an empty one', async () => {
    const withIssuers = await byCode('ENRG-1');
    const refused = await call('DELETE', `/admin/sectors/${withIssuers.id}?version=${withIssuers.version}`);
    // About the sector the address names, not a field: plain sentences.
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 409,
      body: { error: 'ENRG-1 still has 2 issuers: move them to another industry first.' },
    });
    const parent = await byCode('ENRG');
    const withIndustries = await call('DELETE', `/admin/sectors/${parent.id}?version=${parent.version}`);
    expect({ status: withIndustries.statusCode, body: withIndustries.json() }).toEqual({
      status: 409,
      body: { error: 'ENRG still has 2 industries (ENRG-1, FINL-INS): move or delete them first.' },
    });
    const empty = await byCode('FINL-1');
    expect((await call('DELETE', `/admin/sectors/${empty.id}?version=${empty.version + 5}`)).statusCode).toBe(409);
    expect((await call('DELETE', `/admin/sectors/${empty.id}?version=${empty.version}`)).statusCode).toBe(204);
    expect((await sectors()).some((s) => s.code === 'FINL-1')).toBe(false);
    expect((await audit('sector.delete'))[0]!.details).toMatchObject({ before: { code: 'FINL-1' } });
    const gone = await call('DELETE', `/admin/sectors/${empty.id}?version=0`);
    expect({ status: gone.statusCode, body: gone.json() }).toEqual({ status: 404, body: { error: `There is no sector ${empty.id}.` } });
    expect((await call('DELETE', `/admin/sectors/${empty.id}`)).json().error).toMatch(/version/);
  });

  it('answers 401 anonymous and 403 to a user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/sectors' })).statusCode).toBe(401);
    expect((await call('GET', '/admin/sectors', undefined, user)).statusCode).toBe(403);
    expect((await call('POST', '/admin/sectors', { code: 'X', name: 'X' }, user)).statusCode).toBe(403);
  });
});
