import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createAccount, login } from '../routes/auth/accountsTestKit';
import { insertTestUniverse } from '../services/market/queries/testUniverse';
import { createTestApp, TEST_CLOCK_START, type TestContext } from '../test/testApp';
import { ACCESS_DOC_PATH, renderAccessDoc } from './accessDoc';
import { ENTITLEMENT_TTL_MS } from './entitlements';

const ACCESS_DOC = new URL(`../../${ACCESS_DOC_PATH}`, import.meta.url);

describe("access decided on the server from each route's declaration", () => {
  let ctx: TestContext;
  let clockMs = TEST_CLOCK_START;
  let kim: { id: string; headers: { authorization: string } };
  let admin: { authorization: string };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clockMs });
    await insertTestUniverse(ctx.database.db, { bonds: 20, historyDays: 6 });
    const k = await createAccount(ctx, 'kim@fund.com');
    await createAccount(ctx, 'boss@example.com', { admin: true });
    kim = { id: k.id, headers: authHeader(await login(ctx, 'kim@fund.com')) };
    admin = authHeader(await login(ctx, 'boss@example.com'));
  });
  afterAll(() => ctx.close());

  /** Moves the server's clock past the entitlement cache, so an admin's change applies. */
  const later = () => (clockMs += ENTITLEMENT_TTL_MS + 1);

  it('every route declares its access, and docs/access.md is the generated table', () => {
    const undeclared = ctx.app.routeInventory.filter((r) => !r.hidden && !r.declared && !r.url.startsWith('/api/docs'));
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const committed = existsSync(ACCESS_DOC) ? readFileSync(ACCESS_DOC, 'utf8') : '';
    expect(committed, 'docs/access.md is out of date: run npm run docs:access').toBe(renderAccessDoc(ctx.app.routeInventory));
  });

  it('an anonymous caller gets 401 before validation, never a 400 naming a field', async () => {
    const res = await call('POST', '/v2/bond-tables', {}, { name: 12 });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Authentication required' });
    expect((await call('GET', '/v2/market/detail?from=2026-02-30')).statusCode).toBe(401);
    expect((await call('PUT', '/admin/features/sparklines', kim.headers, { level: 'x' })).statusCode).toBe(403);
    // Before the body is even parsed: a malformed or oversized body from a stranger is a 401 too.
    const garbled = await ctx.app.inject({
      method: 'POST',
      url: '/v2/bond-tables',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect([garbled.statusCode, garbled.json()]).toEqual([401, { error: 'Authentication required' }]);
    const huge = await ctx.app.inject({
      method: 'PUT',
      url: '/admin/maintenance',
      headers: { 'content-type': 'application/json' },
      payload: `{"maintenanceMode": "${'x'.repeat(2 * 1024 * 1024)}"}`,
    });
    expect(huge.statusCode).toBe(401);
  });

  it("another user's account is refused by its declaration, before validation; an admin may read it, never change its factors", async () => {
    const other = await call('PUT', '/v2/user/someone-else/preferences', kim.headers, { preferences: 'not an object' });
    expect([other.statusCode, other.json()]).toEqual([403, { error: 'You can only access your own account' }]);
    const factors = await call('POST', `/v2/user/${kim.id}/mfa/totp`, admin);
    expect([factors.statusCode, factors.json()]).toEqual([403, { error: 'Only the account owner can do this' }]);
    expect((await call('GET', `/v2/user/${kim.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/v2/user/${kim.id}/mfa`, kim.headers)).statusCode).toBe(200);
  });

  it('a declaration that cannot be meant stops the app from starting', async () => {
    const { buildApp } = await import('../app');
    const attempt = async (path: string, config: Record<string, unknown>) => {
      const app = await buildApp({ config: ctx.config, db: ctx.database.db, logger: false });
      try {
        app.get(path, { config }, async () => ({}));
        await app.ready();
        return 'started';
      } catch (err) {
        return (err as Error).message;
      } finally {
        await app.close();
      }
    };
    expect(await attempt('/v2/secret', { access: 'public' })).toBe(
      "GET /v2/secret declares access 'public' under v2/: add it to PUBLIC_ROUTES in server/plugins/access.ts",
    );
    expect(await attempt('/auth/odd', { access: 'public', subscription: true })).toMatch(/a public route cannot need/);
    expect(await attempt('/v2/thing/:name', { access: 'user', account: 'own' })).toMatch(/has no :id parameter/);
    expect(await attempt('/v2/fine', { access: 'user', subscription: true })).toBe('started');
  });

  /** A concrete path for an inventory route: each `:param` becomes `1`. */
  const concrete = (url: string) => url.replace(/:\w+/g, '1');
  const inject = (method: string, url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: method as 'GET', url: concrete(url), headers });

  it('every route that is not public answers exactly 401 to an anonymous caller', async () => {
    const closed = ctx.app.routeInventory.filter((r) => !r.hidden && r.access !== 'public');
    expect(closed.length).toBeGreaterThan(50);
    for (const r of closed) {
      const res = await inject(r.method, r.url);
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({ route: `${r.method} ${r.url}`, status: 401 });
    }
  });

  it('a trial that has ended answers 402 on market data, and only there', async () => {
    expect((await call('GET', '/v2/market/summary', kim.headers)).statusCode).toBe(200);
    const ended = await call('PUT', `/admin/users/${kim.id}/trial`, admin, { endsAt: new Date(clockMs - 86_400_000).toISOString() });
    expect(ended.statusCode).toBe(200);
    later();
    const marketData = ctx.app.routeInventory.filter((r) => r.access.includes('active subscription'));
    expect(marketData.length).toBeGreaterThan(15);
    for (const r of marketData) {
      const res = await inject(r.method, r.url, kim.headers);
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({ route: `${r.method} ${r.url}`, status: 402 });
      expect(res.json().error).toBe(
        'Your trial has ended. Contact support@bondwise.local to subscribe; your profile and settings remain available.',
      );
    }
    expect((await call('GET', `/v2/user/${kim.id}`, kim.headers)).statusCode).toBe(200);
    expect((await call('GET', '/v2/bond-tables', kim.headers)).statusCode).toBe(200);
    await call('PUT', `/admin/users/${kim.id}/trial`, admin, { extendedUntil: new Date(clockMs + 7 * 86_400_000).toISOString() });
    later();
    expect((await call('GET', '/v2/market/summary', kim.headers)).statusCode).toBe(200);
  });

  it('a feature switched off is refused by the server on every route that carries it', async () => {
    for (const feature of ['bond_market_index', 'sparklines', 's_and_p_ratings', 'bond_table_discount_margin']) {
      expect((await call('PUT', `/admin/features/${feature}/users/${kim.id}`, admin, { level: 0 })).statusCode).toBe(200);
    }
    later();
    const index = await call('GET', '/v2/market/index', kim.headers);
    expect([index.statusCode, index.json().error]).toEqual([403, 'The feature "bond_market_index" is not available for your account']);
    expect((await call('GET', '/v2/bond/sparklines?ids=1', kim.headers)).statusCode).toBe(403);

    const asked = await call('GET', '/v2/bond?columns=ratingSP', kim.headers);
    expect([asked.statusCode, asked.json().error]).toEqual([
      403,
      'The column "ratingSP" needs the feature "s_and_p_ratings", which your account does not have',
    ]);
    expect((await call('GET', '/v2/bond?sort=ratingSP', kim.headers)).statusCode).toBe(403);
    expect((await call('GET', '/v2/bond?rating=IG', kim.headers)).statusCode).toBe(403);
    expect((await call('GET', '/v2/download/bonds.csv?columns=discountMargin', kim.headers)).statusCode).toBe(403);
    const list = await call('GET', '/v2/bond?limit=5', kim.headers);
    expect(list.statusCode).toBe(200);
    for (const row of list.json().rows) {
      expect(row).not.toHaveProperty('ratingSP');
      expect(row).not.toHaveProperty('discountMargin');
      expect(row).toHaveProperty('ratingMoody');
    }
    const csv = await call('GET', '/v2/download/bonds.csv', kim.headers);
    expect(csv.body.split('\r\n')[0]!.split(',')).not.toContain('ratingSP');
    const id = list.json().rows[0].id;
    const detail = (await call('GET', `/v2/bond/${id}`, kim.headers)).json();
    expect(detail.analytics.ratingSP).toBeNull();
    expect(detail.ratings.sp).toBeNull();
    expect(detail.ratings.moody).toEqual(expect.any(String));
    expect(detail.ratings.history.every((h: { agency: string }) => h.agency !== 'sp')).toBe(true);

    // Every other product route that carries the same fields: rating filter refused, fields null.
    const movesByRating = await call('GET', '/v2/market/moves?rating=IG', kim.headers);
    expect([movesByRating.statusCode, movesByRating.json().error]).toEqual([
      403,
      'Filtering by rating (S&P) needs the feature "s_and_p_ratings", which your account does not have',
    ]);
    const moves = await call('GET', '/v2/market/moves?limit=5', kim.headers);
    expect(moves.statusCode).toBe(200);
    expect(moves.json().moves.length).toBeGreaterThan(0);
    for (const m of moves.json().moves) expect(m.ratingSP).toBeNull();
    const floater = await ctx.database.db
      .selectFrom('bond_market_state')
      .select('bond_id')
      .where('discount_margin', 'is not', null)
      .executeTakeFirstOrThrow();
    const floaterDetail = await call('GET', `/v2/bond/${floater.bond_id}`, kim.headers);
    expect(floaterDetail.json().analytics.discountMargin).toBeNull();
    const summary = (await call('GET', '/v2/market/summary', kim.headers)).json();
    expect(summary.mostActive.length).toBeGreaterThan(0);
    for (const row of summary.mostActive) expect([row.ratingSP, row.discountMargin]).toEqual([null, null]);
    const issuer = (await call('GET', `/v2/issuer/${detail.issuer.id}`, kim.headers)).json();
    expect(issuer.bonds.length).toBeGreaterThan(0);
    for (const row of issuer.bonds) expect([row.ratingSP, row.discountMargin]).toEqual([null, null]);

    for (const feature of ['term_structure_change_non_delta_metrics', 'term_structure_change_visual_bond']) {
      await call('PUT', `/admin/features/${feature}/users/${kim.id}`, admin, { level: 0 });
    }
    later();
    const tsc = await call('GET', '/v2/market/term-structure-change?sector=FIN&from=2026-11-17&to=2026-11-20', kim.headers);
    expect(tsc.statusCode).toBe(200);
    expect(tsc.json().bonds).toEqual([]);
    expect(tsc.json().buckets.length).toBeGreaterThan(0);
    for (const b of tsc.json().buckets) expect([b.from, b.to]).toEqual([null, null]);

    // With the features back, the same calls answer.
    for (const feature of ['bond_market_index', 's_and_p_ratings', 'bond_table_discount_margin']) {
      await call('PUT', `/admin/features/${feature}/users/${kim.id}`, admin, { level: null });
    }
    later();
    expect((await call('GET', '/v2/market/index', kim.headers)).statusCode).toBe(200);
    const withSp = await call('GET', '/v2/bond?columns=ratingSP&limit=5', kim.headers);
    expect(withSp.statusCode).toBe(200);
    expect(withSp.json().rows.some((r: { ratingSP: string | null }) => typeof r.ratingSP === 'string')).toBe(true);
    expect((await call('GET', `/v2/bond/${floater.bond_id}`, kim.headers)).json().analytics.discountMargin).toBe(120);
    expect((await call('GET', '/v2/market/moves?rating=IG', kim.headers)).statusCode).toBe(200);
  });

  it('one memoised market answer (the moves, kept per snapshot) served in turn to callers with and without S&P: each gets its own variant, byte for byte stable', async () => {
    const sam = await createAccount(ctx, 'sam@fund.com');
    const samHeaders = authHeader(await login(ctx, 'sam@fund.com'));
    await call('PUT', `/admin/features/s_and_p_ratings/users/${sam.id}`, admin, { level: 0 });
    later();
    const bodies = { kim: [] as string[], sam: [] as string[] };
    for (let round = 0; round < 3; round++) {
      for (const [who, headers] of [
        ['kim', kim.headers],
        ['sam', samHeaders],
      ] as const) {
        const res = await call('GET', '/v2/market/moves?limit=10', headers);
        expect(res.statusCode).toBe(200);
        bodies[who].push(res.body);
      }
    }
    expect(new Set(bodies.kim).size).toBe(1);
    expect(new Set(bodies.sam).size).toBe(1);
    const full = JSON.parse(bodies.kim[0]!) as { moves: { ratingSP: string | null }[] };
    const gated = JSON.parse(bodies.sam[0]!) as { moves: { ratingSP: string | null }[] };
    expect(full.moves.some((r) => typeof r.ratingSP === 'string')).toBe(true);
    expect(gated.moves.every((r) => r.ratingSP === null)).toBe(true);
    expect(gated.moves.length).toBe(full.moves.length);
  });
});
