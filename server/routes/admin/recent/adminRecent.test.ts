import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecentResponse } from '../../../../common/api/adminRecent';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';
import { bondIdOf, sampleMarket, termsOf } from '../bonds/testSetup';

/** The sample market imported, then a deal created and a bond edited by an admin. */
describe('admin: recent changes', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let editedId: number;
  let dealId: number;
  const recent = async (query = '') => {
    const res = await ctx.app.inject({ method: 'GET', url: `/admin/recent${query}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RecentResponse;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedIn(ctx, 'recent-admin', { admin: true });
    await sampleMarket(ctx);
    const issuerId = (await ctx.database.db.selectFrom('issuers').select('id').where('ticker', '=', 'NWEC').executeTakeFirstOrThrow()).id;
    const deal = await ctx.app.inject({
      method: 'POST',
      url: '/admin/deal',
      headers: admin,
      payload: { issuerId, tranches: [{ tenorYears: 5, sizeMm: 500 }] },
    });
    expect(deal.statusCode, deal.body).toBe(201);
    dealId = deal.json().id;
    editedId = await bondIdOf(ctx, 'ZQ1002AA7');
    const bond = (await ctx.app.inject({ method: 'GET', url: `/admin/bond/${editedId}`, headers: admin })).json();
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/admin/bond/${editedId}`,
      headers: admin,
      payload: { ...termsOf(bond), description: 'CNTB 5.125 01/22/29 corrected' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
  });
  afterAll(() => ctx.close());

  it('lists the newest change first, with who made it and how', async () => {
    const page = await recent();
    const [first, second] = page.items;
    expect(first).toMatchObject({
      kind: 'bond',
      id: editedId,
      label: 'ZQ1002AA7 CNTB 5.125 01/22/29 corrected',
      change: 'updated',
      source: 'import',
      lastAction: { action: 'bond.update', actor: 'recent-admin', actorEmail: 'recent-admin@bondwise.com' },
    });
    expect(second).toMatchObject({ kind: 'deal', id: dealId, change: 'created', lastAction: { action: 'deal.create' } });
    // 20 bonds and their issuers from the sample file, and the deal.
    const issuers = await ctx.database.db
      .selectFrom('issuers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(page.total).toBe(20 + Number(issuers.n) + 1);
  });

  it('filters by kind, by created or changed, and to what a person changed', async () => {
    expect((await recent('?kind=deal')).items.map((i) => i.id)).toEqual([dealId]);
    expect((await recent('?kind=issuer')).items.every((i) => i.kind === 'issuer' && i.source === null)).toBe(true);
    const updated = await recent('?change=updated');
    expect(updated.items.map((i) => `${i.kind} ${i.id}`)).toEqual([`bond ${editedId}`]);
    expect((await recent('?change=created')).items.some((i) => i.kind === 'bond' && i.id === editedId)).toBe(false);
    expect((await recent('?byPerson=true')).items.map((i) => `${i.kind} ${i.id}`)).toEqual([`bond ${editedId}`, `deal ${dealId}`]);
  });

  it('pages on the server without skipping or repeating a row', async () => {
    const whole = await recent('?limit=6');
    const first = await recent('?limit=3');
    const next = await recent('?limit=3&offset=3');
    expect([...first.items, ...next.items]).toEqual(whole.items);
    expect(next.offset).toBe(3);
  });

  it.each([
    ['kind', '?kind=user'],
    ['limit', '?limit=1000'],
    ['offset', '?offset=-1'],
    ['change', '?change=deleted'],
  ])('refuses a bad %s with a 400 naming it', async (field, query) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/admin/recent${query}`, headers: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(new RegExp(field));
  });

  it('answers 401 without a session and 403 to a non-admin', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/recent' })).statusCode).toBe(401);
    const user = await signedIn(ctx, 'recent-user');
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/recent', headers: user })).statusCode).toBe(403);
  });
});
