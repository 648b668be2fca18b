import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HawkBacktestResult, HawkFiring } from '../../../common/api/hawk';
import { evaluateHawk } from '../../services/hawk/evaluate';
import { insertTestUniverse, type TestUniverse } from '../../services/market/queries/testUniverse';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

const NOW = Date.parse('2026-11-20T21:30:00Z');

describe('market hawk history, backtest and the e-mail disable link', () => {
  let ctx: TestContext;
  let u: TestUniverse;
  let carol: { authorization: string };
  let dave: { authorization: string };
  let subId = 0;
  let code = '';
  const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
    u = await insertTestUniverse(ctx.database.db, { bonds: 12, historyDays: 25, asOfDay: '2026-11-20' });
    carol = await signedIn(ctx, 'hawk-carol');
    dave = await signedIn(ctx, 'hawk-dave');
    await evaluateHawk(ctx.database.db, ctx.config, new Date(NOW - 60_000));
    const res = await inject('POST', '/v2/hawk/subscriptions', carol, {
      rule: { kind: 'confidence', below: 100 },
      target: { kind: 'issuer', issuerId: u.issuerIds[2] },
      channels: ['email', 'in_app'],
    });
    subId = res.json().id;
    await sql`update bond_market_state set as_of = ${new Date(NOW)}, confidence = 50 where bond_id in (select id from bonds where issuer_id = ${u.issuerIds[2]!})`.execute(
      ctx.database.db,
    );
    await evaluateHawk(ctx.database.db, ctx.config, new Date(NOW));
    const mail = await ctx.database.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('to_address', '=', 'hawk-carol@bondwise.com')
      .executeTakeFirstOrThrow();
    code = /\/bw\/alerts\/disable\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
  });
  afterAll(() => ctx.close());

  it('lists the firings with the values that triggered them, filtered by rule, bond, issuer and date; only the owner’s', async () => {
    const all = (await inject('GET', '/v2/hawk/firings', carol)).json().firings as HawkFiring[];
    const bonds = await ctx.database.db.selectFrom('bonds').select('id').where('issuer_id', '=', u.issuerIds[2]!).execute();
    expect(all.map((f) => f.bondId).sort()).toEqual(bonds.map((b) => b.id).sort());
    expect(all[0]).toMatchObject({ subscriptionId: subId, kind: 'confidence', issuerId: u.issuerIds[2], channels: ['email', 'in_app'] });
    expect(all[0]!.values).toHaveProperty('below', 100);
    const one = all[0]!.bondId!;
    expect(((await inject('GET', `/v2/hawk/firings?bondId=${one}`, carol)).json().firings as HawkFiring[]).map((f) => f.bondId)).toEqual([
      one,
    ]);
    expect((await inject('GET', `/v2/hawk/firings?issuerId=${u.issuerIds[3]}`, carol)).json().firings).toEqual([]);
    expect(
      (await inject('GET', `/v2/hawk/firings?subscriptionId=${subId}&from=2026-11-20&to=2026-11-20`, carol)).json().firings,
    ).toHaveLength(all.length);
    expect((await inject('GET', '/v2/hawk/firings?from=2026-11-21', carol)).json().firings).toEqual([]);
    expect((await inject('GET', '/v2/hawk/firings', dave)).json().firings).toEqual([]);
    expect((await inject('GET', '/v2/hawk/firings?from=2026-02-30', carol)).statusCode).toBe(400);
  });

  it('the disable link works without login, says which alert it disabled, offers one undo; a used or unknown code is refused', async () => {
    const off = await inject('POST', `/v2/hawk/disable/${code}`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ subscriptionId: subId, disabled: true });
    expect(off.json().summary).toContain('Evaluated-price confidence of');
    expect((await inject('GET', `/v2/hawk/subscriptions/${subId}`, carol)).json().disabledAt).toBe(new Date(NOW).toISOString());
    const again = await inject('POST', `/v2/hawk/disable/${code}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toContain('already used');
    const undo = await inject('POST', `/v2/hawk/disable/${code}/undo`);
    expect(undo.json()).toMatchObject({ subscriptionId: subId, disabled: false });
    expect((await inject('GET', `/v2/hawk/subscriptions/${subId}`, carol)).json().disabledAt).toBeNull();
    expect((await inject('POST', `/v2/hawk/disable/${code}/undo`)).statusCode).toBe(409);
    const unknown = await inject('POST', `/v2/hawk/disable/${'x'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toContain('unknown');
    expect((await inject('POST', '/v2/hawk/disable/short')).statusCode).toBe(400);
    // The code is not stored: only its hash is.
    expect(
      (await sql<{ n: string }>`select count(*) as n from hawk_disable_codes where code_hash = ${code}`.execute(ctx.database.db)).rows[0]!
        .n,
    ).toBe('0');
  });

  it('backtests a price level on a bond over the last 30 days of end-of-day prices', async () => {
    const bondId = u.bondIds[3]!;
    const closes = await sql<{ price_date: string; clean_price: string }>`
      select to_char(price_date, 'YYYY-MM-DD') as price_date, clean_price from evaluated_prices
      where bond_id = ${bondId} and kind = 'eod' and price_date > '2026-10-21' and price_date <= '2026-11-20' order by price_date`.execute(
      ctx.database.db,
    );
    const prices = closes.rows.map((r) => Number(r.clean_price)).sort((a, b) => a - b);
    const level = prices[Math.floor(prices.length / 2)]!;
    const expected = closes.rows.filter((r) => Number(r.clean_price) > level).length;
    expect(expected).toBeGreaterThan(0);
    const res = await inject('POST', '/v2/hawk/backtest', carol, {
      rule: { kind: 'level', metric: 'price', direction: 'above', level },
      target: { kind: 'bond', bondId },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as HawkBacktestResult;
    expect(result).toMatchObject({
      from: '2026-10-21',
      to: '2026-11-20',
      firings: expected,
      days: expected,
      basis: 'end-of-day evaluated prices',
    });
    const once = (
      await inject('POST', '/v2/hawk/backtest', carol, {
        rule: { kind: 'level', metric: 'price', direction: 'above', level },
        target: { kind: 'bond', bondId },
        frequency: { type: 'once' },
      })
    ).json();
    expect(once.firings).toBe(1);
  });

  it('backtests block trades on an issuer: a bond-day per qualifying print, capped prints included', async () => {
    const issuerId = u.issuerIds[4]!;
    const expected = await sql<{ n: string }>`
      select count(distinct (t.bond_id, (t.execution_time at time zone 'America/New_York')::date)) as n
      from trades t join bonds b on b.id = t.bond_id
      where b.issuer_id = ${issuerId} and t.status = 'active' and (t.reported_quantity >= 1000000 or t.quantity_capped)
        and t.execution_time >= '2026-10-22' and t.execution_time < '2026-11-21'`.execute(ctx.database.db);
    const res = await inject('POST', '/v2/hawk/backtest', carol, {
      rule: { kind: 'tradeSize', minSize: 1_000_000 },
      target: { kind: 'issuer', issuerId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().firings).toBe(Number(expected.rows[0]!.n));
    expect(Number(expected.rows[0]!.n)).toBeGreaterThan(0);
  });

  it('gives administrators per-user rules by kind, firings per day, delivery channels and templates', async () => {
    await inject('POST', '/v2/hawk/subscriptions', dave, {
      template: 'rating-change',
      rule: { kind: 'rating' },
      target: { kind: 'issuer', issuerId: u.issuerIds[1] },
    });
    const admin = await signedIn(ctx, 'hawk-admin', { admin: true });
    expect((await inject('GET', '/admin/hawk/user-stats', carol)).statusCode).toBe(403);
    const res = await inject('GET', '/admin/hawk/user-stats', admin);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json();
    const fired = (await inject('GET', '/v2/hawk/firings', carol)).json().firings.length as number;
    expect(stats.users.find((x: { userId: string }) => x.userId === 'hawk-carol')).toMatchObject({
      rulesByKind: { confidence: 1 },
      firings: fired,
    });
    expect(stats.users.find((x: { userId: string }) => x.userId === 'hawk-dave')).toMatchObject({
      rulesByKind: { rating: 1 },
      firings: 0,
      active: 1,
    });
    expect(stats.firingsByDay).toEqual([{ day: '2026-11-20', firings: fired }]);
    expect(stats.channels).toEqual([
      { channel: 'email', state: 'queued', deliveries: 1 },
      { channel: 'in_app', state: 'sent', deliveries: 1 },
    ]);
    expect(stats.templates).toEqual([{ template: 'rating-change', subscriptions: 1 }]);
  });

  it('refuses a backtest on a target the caller cannot see, and bad rules', async () => {
    expect(
      (await inject('POST', '/v2/hawk/backtest', carol, { rule: { kind: 'rating' }, target: { kind: 'bond', bondId: 999_999 } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await inject('POST', '/v2/hawk/backtest', carol, {
          rule: { kind: 'level', metric: 'price', direction: 'above', level: -5 },
          target: { kind: 'bond', bondId: 1 },
        })
      ).statusCode,
    ).toBe(400);
    expect((await inject('POST', '/v2/hawk/backtest', {}, { rule: { kind: 'rating' }, target: { kind: 'market' } })).statusCode).toBe(401);
  });
});
