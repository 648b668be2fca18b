import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOND_TABLES_PER_USER_MAX, DEFAULT_BOND_TABLE_COLUMNS, type BondTable } from '../../../common/api/bondTables';
import { insertUser } from '../../test/factories';
import { bearer, createTestApp, type TestContext } from '../../test/testApp';

describe('custom bond tables API', () => {
  let ctx: TestContext;
  let alice: { authorization: string };
  let bob: { authorization: string };
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    ctx = await createTestApp();
    for (const id of ['alice', 'bob']) {
      await insertUser(ctx.database.db, id);
    }
    alice = await bearer('alice');
    bob = await bearer('bob');
  });
  afterAll(() => ctx.close());

  it('creates a table with the standard view by default, lists it and reads it back by uuid', async () => {
    const res = await call('POST', '/v2/bond-tables', alice, { name: '  IG financials  ' });
    expect(res.statusCode).toBe(201);
    const table = res.json() as BondTable;
    expect(table.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(table).toMatchObject({
      name: 'IG financials',
      columns: [...DEFAULT_BOND_TABLE_COLUMNS],
      primarySort: 'volume',
      primaryDescending: true,
      secondarySort: null,
      secondaryDescending: false,
      filters: { sector: [], rating: [], seniority: [], tenor: [], callable: null, q: null },
    });
    expect((await call('GET', `/v2/bond-tables/${table.id}`, alice)).json()).toEqual(table);
    const list = (await call('GET', '/v2/bond-tables', alice)).json().tables as BondTable[];
    expect(list.map((t) => t.id)).toContain(table.id);
    expect((await call('GET', '/v2/bond-tables', bob)).json().tables).toEqual([]);
  });

  it('saves columns, sorts and filters; renames; duplicates as "(copy)"; deletes', async () => {
    const created = (
      await call('POST', '/v2/bond-tables', alice, {
        name: 'HY 5Y callables',
        columns: ['description', 'yieldToWorst', 'gSpread'],
        primarySort: 'gSpread',
        primaryDescending: false,
        secondarySort: 'yieldToWorst',
        secondaryDescending: true,
        filters: { rating: ['HY'], tenor: ['5Y'], callable: true, sector: ['FINL'], seniority: ['Senior Unsecured'], q: 'bank' },
      })
    ).json() as BondTable;
    expect(created.filters).toEqual({
      rating: ['HY'],
      tenor: ['5Y'],
      callable: true,
      sector: ['FINL'],
      seniority: ['Senior Unsecured'],
      q: 'bank',
      issuerId: [],
    });

    const renamed = await call('PATCH', `/v2/bond-tables/${created.id}`, alice, { name: 'HY 5Y calls' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'HY 5Y calls',
      columns: ['description', 'yieldToWorst', 'gSpread'],
      primarySort: 'gSpread',
    });

    const resorted = (await call('PATCH', `/v2/bond-tables/${created.id}`, alice, { primarySort: null, columns: ['price'] })).json();
    expect(resorted).toMatchObject({ name: 'HY 5Y calls', primarySort: null, columns: ['price'], secondarySort: 'yieldToWorst' });

    const copy = await call('POST', `/v2/bond-tables/${created.id}/duplicate`, alice);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'HY 5Y calls (copy)', columns: ['price'], filters: created.filters });
    expect(copy.json().id).not.toBe(created.id);

    expect((await call('DELETE', `/v2/bond-tables/${created.id}`, alice)).statusCode).toBe(204);
    expect((await call('GET', `/v2/bond-tables/${created.id}`, alice)).statusCode).toBe(404);
    expect((await call('GET', `/v2/bond-tables/${copy.json().id}`, alice)).statusCode).toBe(200);
  });

  it('answers 401 without a token on every endpoint', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/v2/bond-tables'],
      ['POST', '/v2/bond-tables'],
      ['GET', `/v2/bond-tables/${id}`],
      ['PATCH', `/v2/bond-tables/${id}`],
      ['POST', `/v2/bond-tables/${id}/duplicate`],
      ['DELETE', `/v2/bond-tables/${id}`],
    ] as const) {
      expect(
        (await call(method, url, {}, method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' })).statusCode,
        `${method} ${url}`,
      ).toBe(401);
    }
  });

  it("answers another user's table on read, rename, duplicate and delete as unknown (404), and leaves it untouched", async () => {
    const table = (await call('POST', '/v2/bond-tables', alice, { name: 'Mine' })).json() as BondTable;
    for (const [method, url] of [
      ['GET', `/v2/bond-tables/${table.id}`],
      ['PATCH', `/v2/bond-tables/${table.id}`],
      ['POST', `/v2/bond-tables/${table.id}/duplicate`],
      ['DELETE', `/v2/bond-tables/${table.id}`],
    ] as const) {
      const res = await call(method, url, bob, method === 'PATCH' ? { name: 'Stolen' } : undefined);
      // The same answer as for an id nobody has: whether it exists is not bob's to learn.
      expect(res.statusCode, method).toBe(404);
      expect(res.json(), method).toEqual({ error: `Bond table ${table.id} not found` });
    }
    expect((await call('GET', `/v2/bond-tables/${table.id}`, alice)).json().name).toBe('Mine');
    expect((await call('GET', '/v2/bond-tables', bob)).json().tables).toEqual([]);
  });

  it('answers 404 for an unknown uuid and 400 for a malformed one', async () => {
    const unknown = '11111111-1111-4111-8111-111111111111';
    for (const [method, url] of [
      ['GET', `/v2/bond-tables/${unknown}`],
      ['PATCH', `/v2/bond-tables/${unknown}`],
      ['POST', `/v2/bond-tables/${unknown}/duplicate`],
      ['DELETE', `/v2/bond-tables/${unknown}`],
    ] as const) {
      expect((await call(method, url, alice, method === 'PATCH' ? { name: 'x' } : undefined)).statusCode, `${method}`).toBe(404);
    }
    const bad = await call('GET', '/v2/bond-tables/not-a-uuid', alice);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/id/);
  });

  it('answers 400 naming the field for invalid names, columns, sorts and filters', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{}, /name/],
      [{ name: '   ' }, /name/],
      [{ name: 'x'.repeat(81) }, /name/],
      [{ name: 'ok', columns: [] }, /columns/],
      [{ name: 'ok', columns: ['price', 'price'] }, /columns/],
      [{ name: 'ok', columns: ['nope'] }, /columns/],
      [{ name: 'ok', primarySort: 'nope' }, /primarySort/],
      [{ name: 'ok', filters: { rating: ['ZZZ'] } }, /rating/],
      [{ name: 'ok', filters: { tenor: ['4Y'] } }, /tenor/],
      [{ name: 'ok', filters: { sector: Array.from({ length: 51 }, (_, i) => `S${i}`) } }, /sector/],
    ];
    for (const [body, field] of cases) {
      const res = await call('POST', '/v2/bond-tables', alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(field);
    }
    const table = (await call('POST', '/v2/bond-tables', alice, { name: 'valid' })).json() as BondTable;
    expect((await call('PATCH', `/v2/bond-tables/${table.id}`, alice, { name: '' })).statusCode).toBe(400);
  });

  it(`keeps at most ${BOND_TABLES_PER_USER_MAX} tables per user (409 beyond)`, async () => {
    const have = ((await call('GET', '/v2/bond-tables', bob)).json().tables as BondTable[]).length;
    const values = Array.from({ length: BOND_TABLES_PER_USER_MAX - have }, (_, i) => ({
      id: `22222222-2222-4222-8222-${String(i).padStart(12, '0')}`,
      owner_id: 'bob',
      name: `t${i}`,
      config: JSON.stringify({
        columns: ['price'],
        primarySort: null,
        primaryDescending: false,
        secondarySort: null,
        secondaryDescending: false,
        filters: {},
      }),
    }));
    await ctx.database.db.insertInto('bond_tables').values(values).execute();
    const res = await call('POST', '/v2/bond-tables', bob, { name: 'one too many' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/at most/);
  });
});
