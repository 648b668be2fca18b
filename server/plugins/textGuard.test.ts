import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../test/factories';
import { bearer, createTestApp, type TestContext } from '../test/testApp';

/**
 * PostgreSQL stores neither a NUL character nor a lone surrogate; such text once reached it and
 * answered 500. Every route now refuses it up front, naming the field.
 */
describe('text that cannot be stored', () => {
  let ctx: TestContext;
  let alice: { authorization: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    await insertUser(ctx.database.db, 'alice');
    alice = await bearer('alice');
  });
  afterAll(() => ctx.close());

  const tables = async () => (await ctx.database.db.selectFrom('bond_tables').select('id').execute()).length;
  const json = (method: 'POST' | 'PUT', url: string, body: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: body });

  it('a NUL character in a JSON field is a 400 naming the field, and nothing is stored', async () => {
    const before = await tables();
    const res = await json('POST', '/v2/bond-tables', '{"name":"IG\\u0000 financials"}', alice);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid body.name: must not contain a NUL character' });
    expect(await tables()).toBe(before);
  });

  it('a lone surrogate is refused; a real emoji (a surrogate pair) is kept', async () => {
    const lone = await json('POST', '/v2/bond-tables', '{"name":"HY \\ud800 book"}', alice);
    expect(lone.statusCode).toBe(400);
    expect(lone.json().error).toBe('Invalid body.name: must be valid Unicode text (it contains a lone surrogate)');
    const pair = await json('POST', '/v2/bond-tables', '{"name":"HY \\ud83d\\ude00 book"}', alice);
    expect(pair.statusCode).toBe(201);
    expect(pair.json().name).toBe('HY 😀 book');
  });

  it('sign-up, a query parameter, a path parameter and a key are checked the same way', async () => {
    const signup = await json('POST', '/auth/signup', '{"email":"ann\\u0000@example.com"}');
    expect(signup.json()).toEqual({ error: 'Invalid body.email: must not contain a NUL character' });
    const query = await ctx.app.inject({ method: 'GET', url: '/v2/bond?q=AB%00C', headers: alice });
    expect([query.statusCode, query.json().error]).toEqual([400, 'Invalid querystring.q: must not contain a NUL character']);
    const param = await ctx.app.inject({ method: 'GET', url: '/v2/bond-tables/x%00y', headers: alice });
    expect([param.statusCode, param.json().error]).toEqual([400, 'Invalid params.id: must not contain a NUL character']);
    const key = await json('POST', '/v2/bond-tables', '{"name":"ok","filters":{"a\\u0000":1}}', alice);
    expect([key.statusCode, key.json().error]).toEqual([400, 'Invalid body.filters key: must not contain a NUL character']);
  });
});

describe('input the database refuses', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('a valid token of an account that no longer exists cannot create rows: a 409, not a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bond-tables',
      headers: await bearer('deleted-user'),
      payload: { name: 'Orphan' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'That refers to something that does not exist (any more)' });
  });
});
