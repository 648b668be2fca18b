import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAWK_SUBSCRIPTIONS_PER_USER_MAX, type HawkSubscription } from '../../../common/api/hawk';
import { insertTestUniverse, type TestUniverse } from '../../services/market/queries/testUniverse';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

const NOW = Date.parse('2026-11-20T15:00:00Z');

describe('market hawk subscriptions API', () => {
  let ctx: TestContext;
  let u: TestUniverse;
  let alice: { authorization: string };
  let bob: { authorization: string };
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const stored = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from hawk_subscriptions`.execute(ctx.database.db)).rows[0]!.n);

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
    u = await insertTestUniverse(ctx.database.db, { bonds: 12, historyDays: 3 });
    alice = await signedIn(ctx, 'hawk-alice');
    bob = await signedIn(ctx, 'hawk-bob');
  });
  afterAll(() => ctx.close());

  it('creates a bond level alert with defaults, summarises it in words, lists and reads it back', async () => {
    const res = await call('POST', '/v2/hawk/subscriptions', alice, {
      rule: { kind: 'level', metric: 'price', direction: 'above', level: 101.5 },
      target: { kind: 'bond', bondId: u.bondIds[0] },
    });
    expect(res.statusCode).toBe(201);
    const sub = res.json() as HawkSubscription;
    const bond = await ctx.database.db.selectFrom('bonds').select('description').where('id', '=', u.bondIds[0]!).executeTakeFirstOrThrow();
    expect(sub).toMatchObject({
      frequency: { type: 'daily' },
      channels: ['in_app'],
      paused: false,
      disabledAt: null,
      targetLabel: bond.description,
      summary: `Price of ${bond.description} above 101.50 — at most once a day`,
    });
    expect((await call('GET', `/v2/hawk/subscriptions/${sub.id}`, alice)).json()).toEqual(sub);
    expect(((await call('GET', '/v2/hawk/subscriptions', alice)).json().subscriptions as HawkSubscription[]).map((s) => s.id)).toEqual([
      sub.id,
    ]);
  });

  it('edits, pauses and deletes; another user sees 404 and changes nothing', async () => {
    const sub = (
      await call('POST', '/v2/hawk/subscriptions', alice, {
        name: 'Issuer blocks',
        rule: { kind: 'tradeSize', minSize: 5_000_000 },
        target: { kind: 'issuer', issuerId: u.issuerIds[1] },
        frequency: { type: 'every', cooldownMinutes: 30 },
        channels: ['in_app', 'email'],
      })
    ).json() as HawkSubscription;
    expect(sub.summary).toContain('A trade of 5MM or more prints in');
    expect((await call('GET', `/v2/hawk/subscriptions/${sub.id}`, bob)).statusCode).toBe(404);
    expect((await call('PATCH', `/v2/hawk/subscriptions/${sub.id}`, bob, { paused: true })).statusCode).toBe(404);
    expect((await call('DELETE', `/v2/hawk/subscriptions/${sub.id}`, bob)).statusCode).toBe(404);
    expect((await call('GET', `/v2/hawk/subscriptions/${sub.id}`, alice)).json().paused).toBe(false);

    const paused = await call('PATCH', `/v2/hawk/subscriptions/${sub.id}`, alice, {
      paused: true,
      rule: { kind: 'tradeSize', minSize: 2_000_000 },
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ paused: true, name: 'Issuer blocks', rule: { minSize: 2_000_000, includeCapped: true } });
    expect((await call('DELETE', `/v2/hawk/subscriptions/${sub.id}`, alice)).statusCode).toBe(204);
    expect((await call('GET', `/v2/hawk/subscriptions/${sub.id}`, alice)).statusCode).toBe(404);
  });

  it.each([
    [
      'a negative price',
      { rule: { kind: 'level', metric: 'price', direction: 'below', level: -1 }, target: { kind: 'bond', bondId: 1 } },
      'rule.level',
    ],
    [
      'a spread beyond 10,000 bp',
      { rule: { kind: 'level', metric: 'gSpread', direction: 'above', level: 10_001 }, target: { kind: 'bond', bondId: 1 } },
      'rule.level',
    ],
    [
      'a window out of range',
      { rule: { kind: 'move', metric: 'price', threshold: 1, window: '1y' }, target: { kind: 'bond', bondId: 1 } },
      'window',
    ],
    [
      'a T-spread move over a week',
      { rule: { kind: 'move', metric: 'tSpread', threshold: 5, window: '1w' }, target: { kind: 'bond', bondId: 1 } },
      'rule.window',
    ],
    [
      'a price move of 500 points',
      { rule: { kind: 'move', metric: 'price', threshold: 500, window: '1d' }, target: { kind: 'bond', bondId: 1 } },
      'rule.threshold',
    ],
    [
      'a market rule on a bond',
      { rule: { kind: 'marketMove', segment: 'HY', thresholdBp: 5 }, target: { kind: 'bond', bondId: 1 } },
      'target',
    ],
    ['a trade rule on the market', { rule: { kind: 'tradeSize', minSize: 1_000_000 }, target: { kind: 'market' } }, 'target'],
    ['no channel', { rule: { kind: 'confidence', below: 40 }, target: { kind: 'bond', bondId: 1 }, channels: [] }, 'channels'],
    ['an unknown kind', { rule: { kind: 'moonPhase' }, target: { kind: 'market' } }, 'rule'],
    [
      'a cool-down of zero',
      { rule: { kind: 'confidence', below: 40 }, target: { kind: 'bond', bondId: 1 }, frequency: { type: 'every', cooldownMinutes: 0 } },
      'cooldownMinutes',
    ],
  ])('refuses %s with 400 naming the field, storing nothing', async (_what, body, field) => {
    const before = await stored();
    const res = await call('POST', '/v2/hawk/subscriptions', alice, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(field);
    expect(await stored()).toBe(before);
  });

  it('refuses targets the user cannot see and expiries in the past, storing nothing', async () => {
    const before = await stored();
    await sql`insert into bond_tables (id, owner_id, name, config) values ('00000000-0000-4000-8000-000000000001', 'hawk-bob', 'Bob table', ${JSON.stringify({ filters: {} })})`.execute(
      ctx.database.db,
    );
    const cases = [
      { rule: { kind: 'confidence', below: 40 }, target: { kind: 'table', tableId: '00000000-0000-4000-8000-000000000001' } },
      { rule: { kind: 'confidence', below: 40 }, target: { kind: 'bond', bondId: 999_999 } },
      { rule: { kind: 'rating' }, target: { kind: 'issuer', issuerId: 999_999 } },
      { rule: { kind: 'dealStatus', dealId: 999_999 }, target: { kind: 'market' } },
      { rule: { kind: 'confidence', below: 40 }, target: { kind: 'bond', bondId: u.bondIds[0] }, expiresAt: '2026-11-19T00:00:00Z' },
    ];
    // In the validator's form, naming the field as the contract's own refusals do.
    const errors = [
      'Invalid body.target.tableId: is unknown: it is not one of your custom tables',
      'Invalid body.target.bondId: is unknown: there is no bond 999999',
      'Invalid body.target.issuerId: is unknown: there is no issuer 999999',
      'Invalid body.rule.dealId: is unknown: there is no deal 999999 you can see',
      'Invalid body.expiresAt: must be in the future',
    ];
    for (const [k, body] of cases.entries()) {
      const res = await call('POST', '/v2/hawk/subscriptions', alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: errors[k] });
    }
    expect(await stored()).toBe(before);
  });

  it("refuses an edit's target, expiry or gated agency in the validator's form, changing nothing", async () => {
    const sub = (
      await call('POST', '/v2/hawk/subscriptions', alice, {
        rule: { kind: 'tradeSize', minSize: 5_000_000 },
        target: { kind: 'issuer', issuerId: u.issuerIds[0] },
      })
    ).json() as HawkSubscription;
    const edit = (body: unknown) => call('PATCH', `/v2/hawk/subscriptions/${sub.id}`, alice, body);
    const market = await edit({ target: { kind: 'market' } });
    expect({ status: market.statusCode, body: market.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.target: a tradeSize rule takes a bond or issuer or table target' },
    });
    const far = await edit({ expiresAt: '2027-12-01T00:00:00Z' });
    expect({ status: far.statusCode, body: far.json() }).toEqual({
      status: 400,
      body: { error: 'Invalid body.expiresAt: must be at most 366 days ahead' },
    });
    await ctx.database.db
      .insertInto('feature_levels')
      .values({ scope: 'user', scope_id: 'hawk-alice', feature: 's_and_p_ratings', level: 0, updated_by: null })
      .execute();
    const gated = await edit({ rule: { kind: 'rating', agencies: ['sp'] } });
    await ctx.database.db.deleteFrom('feature_levels').where('scope_id', '=', 'hawk-alice').execute();
    expect({ status: gated.statusCode, body: gated.json() }).toEqual({
      status: 403,
      body: {
        error:
          'Invalid body.rule.agencies: must not include S&P ratings: alerts on them need the feature "s_and_p_ratings", which your account does not have',
      },
    });
    expect((await call('GET', `/v2/hawk/subscriptions/${sub.id}`, alice)).json()).toEqual(sub);
  });

  it('stops at the per-user limit with 409', async () => {
    const db = ctx.database.db;
    await signedIn(ctx, 'hawk-busy');
    const busy = await signedIn(ctx, 'hawk-busy');
    const values = Array.from({ length: HAWK_SUBSCRIPTIONS_PER_USER_MAX }, () => ({
      user_id: 'hawk-busy',
      kind: 'confidence' as const,
      rule: JSON.stringify({ kind: 'confidence', below: 40 }),
      target: JSON.stringify({ kind: 'bond', bondId: u.bondIds[0] }),
      target_key: `bond:${u.bondIds[0]}`,
      frequency: JSON.stringify({ type: 'daily' }),
      channels: JSON.stringify(['in_app']),
    }));
    await db
      .insertInto('hawk_subscriptions')
      .values(values as never)
      .execute();
    const res = await call('POST', '/v2/hawk/subscriptions', busy, {
      rule: { kind: 'confidence', below: 40 },
      target: { kind: 'bond', bondId: u.bondIds[0] },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain(String(HAWK_SUBSCRIPTIONS_PER_USER_MAX));
  });

  it('needs a signed-in caller with market_hawk_basic', async () => {
    expect((await call('GET', '/v2/hawk/subscriptions', {})).statusCode).toBe(401);
    await ctx.database.db
      .insertInto('feature_levels')
      .values({ scope: 'user', scope_id: 'hawk-without', feature: 'market_hawk_basic', level: 0, updated_by: null })
      .execute();
    const without = await signedIn(ctx, 'hawk-without');
    const res = await call('GET', '/v2/hawk/subscriptions', without);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toContain('market_hawk_basic');
  });
});
