import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HawkSubscriptionCreateBody } from '../../../common/api/hawk';
import { openPostgres } from '../../db/database';
import { recordEvents } from '../events';
import { insertTestUniverse, type TestUniverse } from '../market/queries/testUniverse';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';
import { subscribeEveryMinute } from './testSubscriptions';
import { withDatabase } from '../../test/databaseTemplate';
import { evaluateHawk } from './evaluate';

const T0 = Date.parse('2026-11-20T21:10:00Z');
const DAY = '2026-11-20';

describe('market hawk evaluation: every rule kind firing and not firing', () => {
  let ctx: TestContext;
  let u: TestUniverse;
  let alice: { authorization: string };
  let clock = T0;
  const at = (minutes: number) => new Date(T0 + minutes * 60_000);
  const db = () => ctx.database.db;
  const subscribe = (body: HawkSubscriptionCreateBody) => subscribeEveryMinute(ctx, alice, body);
  const firings = async (subscriptionId: number) =>
    db().selectFrom('hawk_firings').selectAll().where('subscription_id', '=', subscriptionId).orderBy('id').execute();
  const pass = async (minutes: number) => {
    clock = T0 + minutes * 60_000;
    return evaluateHawk(db(), ctx.config, new Date(clock));
  };
  /** Rewrites a bond's evaluated state as a reprice at `minutes` would. */
  const setState = async (bondId: number, minutes: number, values: Record<string, number | null>) => {
    await db()
      .updateTable('bond_market_state')
      .set({ ...values, as_of: at(minutes) })
      .where('bond_id', '=', bondId)
      .execute();
  };
  const bond = (k: number) => u.bondIds[k]!;
  const issuerOf = (k: number) => u.issuerIds[k % 10]!;

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clock });
    u = await insertTestUniverse(ctx.database.db, { bonds: 12, historyDays: 3, asOfDay: DAY });
    alice = await signedIn(ctx, 'hawk-eval');
    await pass(0); // the seeded state is history: nothing to evaluate yet
  });
  afterAll(() => ctx.close());

  it('level: fires when the price is above the level, not below; never for a paused or expired rule', async () => {
    const live = await subscribe({
      rule: { kind: 'level', metric: 'price', direction: 'above', level: 101 },
      target: { kind: 'bond', bondId: bond(2) },
    });
    const paused = await subscribe({
      rule: { kind: 'level', metric: 'price', direction: 'above', level: 101 },
      target: { kind: 'bond', bondId: bond(2) },
      paused: true,
    });
    const expiring = await subscribe({
      rule: { kind: 'level', metric: 'price', direction: 'above', level: 101 },
      target: { kind: 'bond', bondId: bond(2) },
      expiresAt: at(3).toISOString(),
    });
    await setState(bond(2), 2, { price: 100.9 });
    await pass(2);
    expect(await firings(live)).toHaveLength(0);
    await setState(bond(2), 4, { price: 101.25 });
    await pass(4);
    const [f] = await firings(live);
    expect(f).toMatchObject({ kind: 'level', bond_id: bond(2), issuer_id: issuerOf(2), message: 'price 101.250 above 101.000' });
    expect(f!.vals).toMatchObject({ metric: 'price', value: 101.25, level: 101 });
    expect(await firings(paused)).toHaveLength(0);
    expect(await firings(expiring)).toHaveLength(0);
  });

  it('yield and spread levels read percent and bp', async () => {
    const y = await subscribe({
      rule: { kind: 'level', metric: 'yield', direction: 'below', level: 4.5 },
      target: { kind: 'bond', bondId: bond(2) },
    });
    const t = await subscribe({
      rule: { kind: 'level', metric: 'tSpread', direction: 'above', level: 300 },
      target: { kind: 'bond', bondId: bond(2) },
    });
    await setState(bond(2), 6, { yield_to_worst: 0.046, t_spread: 299 });
    await pass(6);
    expect((await firings(y)).length + (await firings(t)).length).toBe(0);
    await setState(bond(2), 8, { yield_to_worst: 0.0449, t_spread: 301 });
    await pass(8);
    expect((await firings(y))[0]!.vals).toMatchObject({ metric: 'yield', level: 4.5 });
    expect((await firings(t))[0]!.vals).toMatchObject({ metric: 'tSpread', value: 301 });
  });

  it('move over a day: G-spread change beyond the threshold in either direction', async () => {
    const id = await subscribe({
      rule: { kind: 'move', metric: 'gSpread', threshold: 10, window: '1d' },
      target: { kind: 'bond', bondId: bond(3) },
    });
    await setState(bond(3), 10, { change_g_spread: 9.5 });
    await pass(10);
    expect(await firings(id)).toHaveLength(0);
    await setState(bond(3), 12, { change_g_spread: -12 });
    await pass(12);
    expect((await firings(id))[0]).toMatchObject({ message: 'G-spread moved -12 bp (1d), more than 10' });
  });

  it('move intraday (from the day’s first evaluated price) and over a week (from the close a week back)', async () => {
    const intraday = await subscribe({
      rule: { kind: 'move', metric: 'price', threshold: 0.5, window: 'intraday' },
      target: { kind: 'bond', bondId: bond(4) },
    });
    const week = await subscribe({
      rule: { kind: 'move', metric: 'yield', threshold: 10, window: '1w' },
      target: { kind: 'bond', bondId: bond(4) },
    });
    await db()
      .insertInto('evaluated_prices')
      .values([
        {
          bond_id: bond(4),
          price_date: DAY,
          kind: 'intraday',
          as_of: '2026-11-20T14:35:00Z',
          clean_price: 100,
          yield: 0.05,
          g_spread_bp: 100,
          confidence: 80,
          inputs: '{}',
        },
        {
          bond_id: bond(4),
          price_date: '2026-11-12',
          kind: 'eod',
          as_of: '2026-11-12T21:00:00Z',
          clean_price: 99,
          yield: 0.05,
          g_spread_bp: 100,
          confidence: 80,
          inputs: '{}',
        },
      ])
      .execute();
    await setState(bond(4), 14, { price: 100.3, yield_to_worst: 0.0505 });
    await pass(14);
    expect((await firings(intraday)).length + (await firings(week)).length).toBe(0);
    await setState(bond(4), 16, { price: 100.7, yield_to_worst: 0.0512 });
    await pass(16);
    expect((await firings(intraday))[0]!.vals).toMatchObject({ window: 'intraday', threshold: 0.5 });
    expect(Number((await firings(intraday))[0]!.vals.change)).toBeCloseTo(0.7, 9);
    expect(Number((await firings(week))[0]!.vals.change)).toBeCloseTo(12, 6);
  });

  it('confidence below a level and volume above a ratio of its 20-day average', async () => {
    const conf = await subscribe({ rule: { kind: 'confidence', below: 50 }, target: { kind: 'bond', bondId: bond(5) } });
    const vol = await subscribe({ rule: { kind: 'volume', ratio: 3 }, target: { kind: 'bond', bondId: bond(6) } });
    await setState(bond(5), 18, { confidence: 60 });
    await setState(bond(6), 18, { volume_percent_change: 150 });
    await pass(18);
    expect((await firings(conf)).length + (await firings(vol)).length).toBe(0);
    await setState(bond(5), 20, { confidence: 40 });
    await setState(bond(6), 20, { volume_percent_change: 250 });
    await pass(20);
    expect((await firings(conf))[0]!.message).toBe('Confidence 40 below 50');
    expect((await firings(vol))[0]!.vals).toMatchObject({ ratio: 3.5, threshold: 3 });
  });

  const trade = (k: number, id: string, price: number, quantity: number, capped: boolean, minutes: number) => ({
    type: 'trade.new',
    subjectId: String(bond(k)),
    payload: { tradeId: id, bondId: bond(k), price, quantity, quantityCapped: capped, executionTime: at(minutes).toISOString() },
  });

  it('trade size on an issuer: a 5MM+ capped print meets 5MM; above the cap only when capped prints are included', async () => {
    const five = await subscribe({ rule: { kind: 'tradeSize', minSize: 5_000_000 }, target: { kind: 'issuer', issuerId: issuerOf(7) } });
    const tenStrict = await subscribe({
      rule: { kind: 'tradeSize', minSize: 10_000_000, includeCapped: false },
      target: { kind: 'issuer', issuerId: issuerOf(7) },
    });
    const tenLoose = await subscribe({
      rule: { kind: 'tradeSize', minSize: 10_000_000 },
      target: { kind: 'issuer', issuerId: issuerOf(7) },
    });
    await recordEvents(db(), [trade(7, 't-small', 100, 1_000_000, false, 21)]);
    await pass(22);
    expect((await firings(five)).length + (await firings(tenStrict)).length + (await firings(tenLoose)).length).toBe(0);
    await recordEvents(db(), [trade(7, 't-block', 100, 5_000_000, true, 23)]);
    await pass(24);
    expect((await firings(five))[0]).toMatchObject({ message: 'Trade of 5MM+ at 100.000', bond_id: bond(7) });
    expect(await firings(tenStrict)).toHaveLength(0);
    expect((await firings(tenLoose))[0]!.vals).toMatchObject({ capped: true, quantity: 5_000_000 });
  });

  it('trade away from the evaluated price before the print', async () => {
    const id = await subscribe({ rule: { kind: 'tradeAway', thresholdPoints: 1 }, target: { kind: 'bond', bondId: bond(8) } });
    await db()
      .insertInto('evaluated_prices')
      .values({
        bond_id: bond(8),
        price_date: DAY,
        kind: 'intraday',
        as_of: at(24),
        clean_price: 100,
        yield: 0.05,
        g_spread_bp: 100,
        confidence: 80,
        inputs: '{}',
      })
      .execute();
    await recordEvents(db(), [trade(8, 't-near', 100.5, 100_000, false, 25)]);
    await pass(26);
    expect(await firings(id)).toHaveLength(0);
    await recordEvents(db(), [trade(8, 't-away', 98.7, 100_000, false, 27)]);
    await pass(28);
    expect((await firings(id))[0]!.vals).toMatchObject({ evaluated: 100, price: 98.7, tradeId: 't-away' });
  });

  it('rating change: a downgrade fires a "down" rule; an upgrade does not', async () => {
    const down = await subscribe({ rule: { kind: 'rating', direction: 'down' }, target: { kind: 'bond', bondId: bond(9) } });
    await db()
      .insertInto('bond_ratings')
      .values({ bond_id: bond(9), agency: 'sp', rating: 'A', effective_date: '2026-11-01' })
      .execute();
    await db()
      .insertInto('bond_ratings')
      .values({ bond_id: bond(9), agency: 'sp', rating: 'A+', effective_date: '2026-11-19' })
      .execute();
    await pass(30);
    expect(await firings(down)).toHaveLength(0);
    await db()
      .insertInto('bond_ratings')
      .values({ bond_id: bond(9), agency: 'sp', rating: 'BBB+', effective_date: '2026-11-20' })
      .execute();
    await pass(32);
    expect((await firings(down))[0]).toMatchObject({ message: 'S&P downgrade A+ → BBB+' });
  });

  it('new deal by rating class, and the status steps of a followed deal', async () => {
    const dealIssuer = issuerOf(3);
    const [deal] = await db()
      .insertInto('deals')
      .values({ issuer_id: dealIssuer, status: 'announced', announced_at: at(33), bookrunners: '[]', use_of_proceeds: null })
      .returning('id')
      .execute();
    const hy = await subscribe({ rule: { kind: 'newDeal', ratingClass: 'HY' }, target: { kind: 'market' } });
    const follow = await subscribe({ rule: { kind: 'dealStatus', dealId: deal!.id }, target: { kind: 'market' } });
    await recordEvents(db(), [
      { type: 'deal.new', subjectId: '9001', payload: { dealId: 9001, issuerId: dealIssuer, ticker: 'ACME', highYield: false } },
      {
        type: 'deal.status_changed',
        subjectId: '9001',
        payload: { dealId: 9001, issuerId: dealIssuer, from: 'announced', to: 'guidance' },
      },
    ]);
    await pass(34);
    expect((await firings(hy)).length + (await firings(follow)).length).toBe(0);
    await recordEvents(db(), [
      { type: 'deal.new', subjectId: '9002', payload: { dealId: 9002, issuerId: dealIssuer, ticker: 'ACME', highYield: true } },
      {
        type: 'deal.status_changed',
        subjectId: String(deal!.id),
        payload: { dealId: deal!.id, issuerId: dealIssuer, from: 'announced', to: 'initial_price_talk' },
      },
      {
        type: 'deal.status_changed',
        subjectId: String(deal!.id),
        payload: { dealId: deal!.id, issuerId: dealIssuer, from: 'initial_price_talk', to: 'guidance' },
      },
    ]);
    await pass(36);
    expect((await firings(hy)).map((f) => f.deal_id)).toEqual([9002]);
    expect((await firings(follow)).map((f) => f.vals.to)).toEqual(['initial_price_talk', 'guidance']);
  });

  it('groups firings of many bonds of one issuer in one pass into one delivery: one e-mail queued and one in-app notification', async () => {
    const id = await subscribe({
      rule: { kind: 'move', metric: 'price', threshold: 1, window: '1d' },
      target: { kind: 'issuer', issuerId: issuerOf(1) },
      channels: ['in_app', 'push', 'email'],
    });
    await setState(bond(1), 40, { change_price: -1.5 });
    await setState(bond(11), 40, { change_price: -2.5 });
    await pass(40);
    const fired = await firings(id);
    expect(fired.map((f) => f.bond_id).sort()).toEqual([bond(1), bond(11)].sort());
    expect(new Set(fired.map((f) => f.delivery_id)).size).toBe(1);
    const delivery = await db()
      .selectFrom('hawk_deliveries')
      .selectAll()
      .where('id', '=', fired[0]!.delivery_id!)
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ firing_count: 2, channels: { in_app: 'sent', push: 'queued', email: 'queued' } });
    const notes = (await db().selectFrom('notifications').selectAll().where('user_id', '=', 'hawk-eval').execute()).filter(
      (n) => (n.payload as { subscriptionId?: number }).subscriptionId === id,
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'markethawkalert', category: 'markethawk' });
    expect(JSON.stringify(notes[0]!.payload)).toContain('(+1 more)');
    const mail = await db().selectFrom('email_outbox').selectAll().where('to_address', '=', 'hawk-eval@bondwise.com').execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text_body).toContain('/bw/alerts/disable/');
    expect(mail[0]!.text_body).toContain('price moved -2.5 points (1d), more than 1');
    expect(mail[0]!.text_body).toContain('price moved -1.5 points (1d), more than 1');
  });

  it('fires each key once: a re-run over the same events and state (cursor rewound) adds nothing; "once" rules then disable', async () => {
    const once = await subscribe({
      rule: { kind: 'confidence', below: 90 },
      target: { kind: 'bond', bondId: bond(10) },
      frequency: { type: 'once' },
    });
    const every = await subscribe({ rule: { kind: 'confidence', below: 90 }, target: { kind: 'bond', bondId: bond(10) } });
    await setState(bond(10), 42, { confidence: 10 });
    const cursor = await db().selectFrom('hawk_cursor').selectAll().executeTakeFirstOrThrow();
    await pass(42);
    const before = Number((await sql<{ n: string }>`select count(*) as n from hawk_firings`.execute(db())).rows[0]!.n);
    await db().updateTable('hawk_cursor').set(cursor).execute();
    expect((await pass(43)).candidates).toBeGreaterThan(0);
    const after = Number((await sql<{ n: string }>`select count(*) as n from hawk_firings`.execute(db())).rows[0]!.n);
    expect(after).toBe(before);
    expect(await firings(once)).toHaveLength(1);
    expect(await firings(every)).toHaveLength(1);
    const sub = (await ctx.app.inject({ method: 'GET', url: `/v2/hawk/subscriptions/${once}`, headers: alice })).json();
    expect(sub.disabledAt).toBe(at(42).toISOString());
    await setState(bond(10), 44, { confidence: 5 });
    await pass(44);
    expect(await firings(once)).toHaveLength(1);
  });

  it('a new state rule is checked once on the current state: it fires without waiting for a reprice, and not again', async () => {
    await setState(bond(6), 45, { price: 103 });
    await pass(45);
    const id = await subscribe({
      rule: { kind: 'level', metric: 'price', direction: 'above', level: 102 },
      target: { kind: 'bond', bondId: bond(6) },
      frequency: { type: 'daily' },
    });
    const quiet = await subscribe({
      rule: { kind: 'level', metric: 'price', direction: 'above', level: 104 },
      target: { kind: 'bond', bondId: bond(6) },
    });
    await pass(45.5);
    expect((await firings(id)).map((f) => f.vals.value)).toEqual([103]);
    expect(await firings(quiet)).toHaveLength(0);
    await pass(45.7);
    expect(await firings(id)).toHaveLength(1);
  });

  it('market move: the average G-spread change of the segment beyond the threshold', async () => {
    const id = await subscribe({ rule: { kind: 'marketMove', segment: 'all', thresholdBp: 5 }, target: { kind: 'market' } });
    await sql`update bond_market_state set change_g_spread = 2, as_of = ${at(46)}`.execute(db());
    await pass(46);
    expect(await firings(id)).toHaveLength(0);
    await sql`update bond_market_state set change_g_spread = 8, as_of = ${at(48)}`.execute(db());
    await pass(48);
    expect((await firings(id))[0]!.vals).toMatchObject({ segment: 'all', changeBp: 8 });
  });

  it.skipIf(process.env.TEST_DB_ENGINE !== 'postgres')(
    'two evaluators on PostgreSQL racing over the same events fire each alert once',
    async () => {
      const id = await subscribe({ rule: { kind: 'tradeSize', minSize: 1_000 }, target: { kind: 'issuer', issuerId: issuerOf(6) } });
      const name = (await sql<{ d: string }>`select current_database() as d`.execute(db())).rows[0]!.d;
      const other = openPostgres(withDatabase(process.env.TEST_DATABASE_URL!, name), 5);
      try {
        const prints = Array.from({ length: 40 }, (_, k) => trade(6, `race-${k}`, 100, 10_000, false, 50));
        await recordEvents(db(), prints);
        const cursor = await db().selectFrom('hawk_cursor').selectAll().executeTakeFirstOrThrow();
        // Both instances at once (they may or may not overlap: the database's unique key decides)…
        const [a, b] = await Promise.all([evaluateHawk(db(), ctx.config, at(50)), evaluateHawk(other.db, ctx.config, at(50))]);
        expect(a.candidates + b.candidates).toBeGreaterThanOrEqual(40);
        expect(a.fired + b.fired).toBe(1);
        // …and the other instance reading the very same events again (cursor as both found it) fires nothing.
        await db().updateTable('hawk_cursor').set(cursor).execute();
        const again = await evaluateHawk(other.db, ctx.config, at(50));
        expect(again.candidates).toBe(40);
        expect(again.fired).toBe(0);
        expect(await firings(id)).toHaveLength(1);
        expect(await db().selectFrom('hawk_deliveries').selectAll().where('subscription_id', '=', id).execute()).toHaveLength(1);
      } finally {
        await other.close();
      }
    },
    60_000,
  );
});
