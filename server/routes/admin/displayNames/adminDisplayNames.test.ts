import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisplayNameOverride, DisplayNamePreview, DisplayNamesResponse } from '../../../../common/api/adminDisplayNames';
import { settledBondTableSnapshot } from '../../../services/market/queries/bondTableSnapshot';
import { createBonds, createIssuer, createSector } from '../../../services/pricing/testFixtures';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';

interface Row {
  id: number;
  issuer: string;
  displayName: string;
  description: string;
}

/** Display-name overrides: previewed, then shown in the bond table and issuer search; versioned, audited, removable. */
describe('admin: display names', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let user: { authorization: string };
  let parent: number;
  let child: number;
  let bondIds: number[];
  let clock = Date.parse('2026-06-01T15:00:00Z');
  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, headers = admin) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  /** The bond table as a user reads it after the snapshot's next freshness check. */
  const bondTable = async (): Promise<Row[]> => {
    clock += 1001;
    await call('GET', '/v2/bond?limit=50&columns=issuer,displayName,description');
    await settledBondTableSnapshot(ctx.database.db);
    const res = await call('GET', '/v2/bond?limit=50&columns=issuer,displayName,description');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().rows as Row[];
  };

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clock });
    admin = await signedIn(ctx, 'names-admin', { admin: true });
    user = await signedIn(ctx, 'names-user');
    const { industryId } = await createSector(ctx.database.db);
    parent = await createIssuer(ctx.database.db, industryId, 'PRNT');
    child = await createIssuer(ctx.database.db, industryId, 'CHLD');
    await ctx.database.db.updateTable('issuers').set({ parent_issuer_id: parent }).where('id', '=', child).execute();
    bondIds = await createBonds(ctx.database.db, [
      { issuerId: parent, issueDate: '2024-01-15', maturityDate: '2034-01-15' },
      { issuerId: child, issueDate: '2024-01-15', maturityDate: '2030-01-15' },
    ]);
  });
  afterAll(() => ctx.close());

  it('previews an issuer override on the rows it touches, its subsidiaries’ included, saving nothing', async () => {
    const res = await call('POST', '/admin/display-names/preview', {
      subjectType: 'issuer',
      subjectId: parent,
      displayName: 'Parent Group',
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as DisplayNamePreview;
    expect(preview).toMatchObject({
      referenceName: 'PRNT Corporation',
      currentName: 'PRNT Corporation',
      proposedName: 'Parent Group',
      bondCount: 2,
    });
    const byBond = new Map(preview.rows.map((r) => [r.bondId, r]));
    expect(byBond.get(bondIds[0]!)!.after).toEqual({
      issuer: 'Parent Group',
      displayName: 'Parent Group',
      description: expect.any(String),
    });
    // The subsidiary's bond: the Issuer column is the parent's name; its own display name stays.
    expect(byBond.get(bondIds[1]!)!.before).toMatchObject({ issuer: 'PRNT Corporation', displayName: 'CHLD Corporation' });
    expect(byBond.get(bondIds[1]!)!.after).toMatchObject({ issuer: 'Parent Group', displayName: 'CHLD Corporation' });
    expect(((await call('GET', '/admin/display-names')).json() as DisplayNamesResponse).total).toBe(0);
  });

  it('sets an issuer’s and a bond’s name: the bond table and issuer search show them within a second; audited', async () => {
    await bondTable(); // a snapshot exists before the change
    const issuer = await call('PUT', `/admin/display-names/issuer/${parent}`, { displayName: 'Parent Group', version: null });
    expect(issuer.statusCode, issuer.body).toBe(200);
    expect(issuer.json() as DisplayNameOverride).toMatchObject({
      label: 'PRNT',
      referenceName: 'PRNT Corporation',
      displayName: 'Parent Group',
      version: 0,
    });
    const bond = await call('PUT', `/admin/display-names/bond/${bondIds[1]}`, { displayName: 'Child 2030 notes', version: null });
    expect(bond.statusCode, bond.body).toBe(200);
    const rows = new Map((await bondTable()).map((r) => [r.id, r]));
    expect(rows.get(bondIds[0]!)).toMatchObject({ issuer: 'Parent Group', displayName: 'Parent Group' });
    expect(rows.get(bondIds[1]!)).toMatchObject({
      issuer: 'Parent Group',
      displayName: 'CHLD Corporation',
      description: 'Child 2030 notes',
    });
    const search = await call('GET', '/v2/issuer?q=parent group');
    expect(search.json().issuers.map((i: { displayName: string }) => i.displayName)).toEqual(['Parent Group']);
    // The SQL path (a sort the snapshot serves too) and the text search read the override as well.
    const found = await call('GET', '/v2/bond?q=child 2030&columns=description');
    expect(found.json().rows.map((r: Row) => r.id)).toEqual([bondIds[1]]);
    const entries = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'display-name.set')
      .orderBy('id')
      .execute();
    expect(entries.map((e) => [e.target_type, e.target_id])).toEqual([
      ['issuer', String(parent)],
      ['bond', String(bondIds[1])],
    ]);
    expect(entries[0]!.details).toMatchObject({ before: { displayName: null }, after: { displayName: 'Parent Group' } });
  });

  it('tells the second writer (409) instead of overwriting, and refuses bad names by field', async () => {
    const stale = await call('PUT', `/admin/display-names/issuer/${parent}`, { displayName: 'Someone else', version: null });
    expect({ status: stale.statusCode, body: stale.json() }).toEqual({
      status: 409,
      body: { error: 'This name was changed by someone else since you read it (now "Parent Group", version 0): reload and try again.' },
    });
    const empty = await call('PUT', `/admin/display-names/issuer/${parent}`, { displayName: '  ', version: 0 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/displayName/);
    const long = await call('POST', '/admin/display-names/preview', {
      subjectType: 'bond',
      subjectId: bondIds[0],
      displayName: 'x'.repeat(121),
    });
    expect(long.json().error).toMatch(/displayName/);
    const unknown = await call('PUT', '/admin/display-names/issuer/999999', { displayName: 'Nobody', version: null });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 404, body: { error: 'There is no issuer 999999.' } });
    const unseen = await call('POST', '/admin/display-names/preview', { subjectType: 'bond', subjectId: 999_999, displayName: 'Nobody' });
    expect({ status: unseen.statusCode, body: unseen.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.subjectId: is unknown: there is no bond 999999' },
    });
    const badType = await call('PUT', `/admin/display-names/deal/${parent}`, { displayName: 'X', version: null });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error).toMatch(/subjectType/);
  });

  it('lists and finds overrides and subjects; removing one brings the reference name back', async () => {
    const list = (await call('GET', '/admin/display-names?type=issuer')).json() as DisplayNamesResponse;
    expect(list.overrides.map((o) => o.displayName)).toEqual(['Parent Group']);
    const subjects = await call('GET', '/admin/display-names/subjects?type=issuer&q=prnt');
    expect(subjects.json().subjects).toEqual([
      { subjectId: parent, label: 'PRNT', referenceName: 'PRNT Corporation', override: 'Parent Group', version: 0 },
    ]);
    expect((await call('DELETE', `/admin/display-names/issuer/${parent}?version=3`)).statusCode).toBe(409);
    expect((await call('DELETE', `/admin/display-names/issuer/${parent}?version=0`)).statusCode).toBe(204);
    const none = await call('DELETE', `/admin/display-names/issuer/${parent}?version=0`);
    expect({ status: none.statusCode, body: none.json() }).toEqual({
      status: 404,
      body: { error: `The issuer ${parent} has no display-name override.` },
    });
    const rows = new Map((await bondTable()).map((r) => [r.id, r]));
    expect(rows.get(bondIds[0]!)).toMatchObject({ issuer: 'PRNT Corporation', displayName: 'PRNT Corporation' });
    const [entry] = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'display-name.delete').execute();
    expect(entry!.details).toMatchObject({ before: { displayName: 'Parent Group' } });
  });

  it('answers 401 anonymous and 403 to a user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/display-names' })).statusCode).toBe(401);
    expect((await call('GET', '/admin/display-names', undefined, user)).statusCode).toBe(403);
    expect((await call('PUT', `/admin/display-names/issuer/${parent}`, { displayName: 'X', version: null }, user)).statusCode).toBe(403);
  });
});
