import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW, type ReviewResponse } from '../../../../common/api/adminReview';
import { createBonds, createIssuer, createSector, createTrades } from '../../../services/pricing/testFixtures';
import { REFRESH_MIN_MS, settledReviewQueues } from '../../../services/reference/reviewQueues';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';

/**
 * The review queues over a hand-made pricing history (latest close 2026-05-29): one bond moving
 * 3 points without a trade, one priced at low confidence after rejecting an outlier trade, one
 * traded 5 points from its evaluated price, one last priced two weeks ago and one never priced.
 */
describe('admin: review queues', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let user: { authorization: string };
  let bond: { mover: number; unsure: number; traded: number; old: number; never: number };
  let tradeId: number;
  let flaggedId: number;
  const call = (method: 'GET' | 'POST', url: string, payload?: object, headers = admin) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const queue = async (name: string) => (await call('GET', `/admin/review?queue=${name}`)).json() as ReviewResponse;
  const price = async (bondId: number, day: string) =>
    (
      await sql<{
        clean_price: string;
        id: string;
      }>`select id, clean_price from evaluated_prices where bond_id = ${bondId} and price_date = ${day}`.execute(ctx.database.db)
    ).rows[0]!;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedIn(ctx, 'review-admin', { admin: true });
    user = await signedIn(ctx, 'review-user');
    const db = ctx.database.db;
    const { industryId } = await createSector(db);
    const issuer = await createIssuer(db, industryId, 'RVW');
    const ids = await createBonds(
      db,
      Array.from({ length: 5 }, () => ({ issuerId: issuer, issueDate: '2024-01-15', maturityDate: '2034-01-15' })),
    );
    bond = { mover: ids[0]!, unsure: ids[1]!, traded: ids[2]!, old: ids[3]!, never: ids[4]! };
    const eod = (bondId: number, day: string, clean: number, confidence: number, inputs: object = {}) =>
      sql`insert into evaluated_prices (bond_id, price_date, kind, as_of, clean_price, confidence, inputs)
        values (${bondId}, ${day}, 'eod', ${`${day}T21:00:00Z`}, ${clean}, ${confidence}, ${JSON.stringify(inputs)}::jsonb)`.execute(db);
    await eod(bond.mover, '2026-05-28', 100, 80);
    await eod(bond.mover, '2026-05-29', 100 + REVIEW.bigMovePoints + 1, 80);
    await eod(bond.unsure, '2026-05-29', 99, REVIEW.lowConfidence - 15, { rejected: [[7, 180.5, 'outlier']] });
    await eod(bond.traded, '2026-05-28', 101, 70);
    await eod(bond.traded, '2026-05-29', 101, 70);
    await eod(bond.old, '2026-05-15', 98, 60);
    const trades = await createTrades(db, [
      {
        bondId: bond.traded,
        time: new Date('2026-05-29T15:30:00Z'),
        quantity: 1e6,
        price: 101 + REVIEW.tradeFarPoints + 2,
        side: 'customer_buy',
      },
    ]);
    tradeId = trades[0]!;
    // A print through Treasuries the close of its day flagged (pricing/tradeFlags.ts), on a bond without closes.
    [flaggedId] = (await createTrades(db, [
      { bondId: bond.never, time: new Date('2026-05-27T14:00:00Z'), quantity: 250_000, price: 112.5, side: 'customer_buy' },
    ])) as [number];
    await sql`update trades set flag = 'bad print' where id = ${flaggedId}`.execute(db);
    await sql`insert into daily_bond_stats (bond_id, trade_date, volume, trade_count) values (${bond.traded}, '2026-05-29', 1000000, 1)`.execute(
      db,
    );
    await sql`insert into bond_market_state (bond_id, as_of, price, change_price) values (${bond.unsure}, '2026-05-29T21:00:00Z', 99, -1)`.execute(
      db,
    );
  });
  afterAll(() => ctx.close());

  it('computes every queue from the prices and trades', async () => {
    const page = await queue('bigMove');
    expect(page.asOf).toBe('2026-05-29');
    expect(page.counts).toEqual({ outlier: 1, lowConfidence: 1, bigMove: 1, tradeFar: 1, flaggedTrade: 1, stale: 2 });
    expect(page.items).toEqual([
      expect.objectContaining({
        bondId: bond.mover,
        at: '2026-05-29',
        price: 103,
        previousPrice: 100,
        reason: expect.stringMatching(/moved 3\.000 points/),
      }),
    ]);
    expect((await queue('outlier')).items[0]).toMatchObject({ bondId: bond.unsure, reason: expect.stringMatching(/1 trade/) });
    expect((await queue('tradeFar')).items[0]).toMatchObject({
      key: `trade:${tradeId}`,
      price: 101,
      tradePrice: 106,
      at: '2026-05-29T15:30:00.000Z',
    });
    const stale = await queue('stale');
    expect(stale.items.map((i) => i.key).sort()).toEqual([`stale:${bond.never}:never`, `stale:${bond.old}:2026-05-15`].sort());
  });

  it('accepts a big move and dismisses a stale bond: recorded once, audited, gone from the queue', async () => {
    const [item] = (await queue('bigMove')).items;
    const res = await call('POST', '/admin/review/decisions', {
      queue: 'bigMove',
      key: item!.key,
      decision: 'accept',
      note: 'Issuer news',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ decision: 'accept', decidedBy: 'review-admin', note: 'Issuer news', bondId: bond.mover });
    const again = await call('POST', '/admin/review/decisions', { queue: 'bigMove', key: item!.key, decision: 'dismiss' });
    // About the item's state, not a field: a plain sentence.
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 409,
      body: { error: `${item!.key} was already decided (accept by review-admin).` },
    });
    const dismissed = await call('POST', '/admin/review/decisions', {
      queue: 'stale',
      key: `stale:${bond.never}:never`,
      decision: 'dismiss',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(201);
    const after = await queue('bigMove');
    expect(after.counts).toMatchObject({ bigMove: 0, stale: 1 });
    expect(after.recent.map((d) => d.decision)).toEqual(['dismiss', 'accept']);
    const audit = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', 'like', 'review.%').orderBy('id').execute();
    expect(audit.map((a) => [a.action, a.target_id])).toEqual([
      ['review.accept', String(bond.mover)],
      ['review.dismiss', String(bond.never)],
    ]);
  });

  it('corrects a low-confidence price: the evaluated price and the bond table follow; its outlier flag goes with it', async () => {
    const [item] = (await queue('lowConfidence')).items;
    const res = await call('POST', '/admin/review/decisions', {
      queue: 'lowConfidence',
      key: item!.key,
      decision: 'correct',
      price: 97.25,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(Number((await price(bond.unsure, '2026-05-29')).clean_price)).toBe(97.25);
    const state = await sql<{
      price: string;
      change_price: string;
    }>`select price, change_price from bond_market_state where bond_id = ${bond.unsure}`.execute(ctx.database.db);
    expect(state.rows[0]).toMatchObject({ price: expect.stringMatching(/^97\.25/), change_price: expect.stringMatching(/^-2\.75/) });
    expect((await queue('outlier')).counts).toMatchObject({ lowConfidence: 0, outlier: 0 });
    const [entry] = await ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'review.correct').execute();
    expect(entry!.details).toMatchObject({ before: { cleanPrice: 99 }, after: { cleanPrice: 97.25, bondTable: true } });
  });

  it('corrects a trade far from the price: the trade takes the price given, recorded with the original', async () => {
    const res = await call('POST', '/admin/review/decisions', {
      queue: 'tradeFar',
      key: `trade:${tradeId}`,
      decision: 'correct',
      price: 101.5,
    });
    expect(res.statusCode, res.body).toBe(201);
    const trade = await sql<{ price: string }>`select price from trades where id = ${tradeId}`.execute(ctx.database.db);
    expect(Number(trade.rows[0]!.price)).toBe(101.5);
    expect(res.json().details).toMatchObject({ before: { price: 106 }, after: { price: 101.5 } });
    expect((await queue('tradeFar')).counts.tradeFar).toBe(0);
  });

  it('lists a flagged print, and accepting it as genuine clears its flag', async () => {
    const [item] = (await queue('flaggedTrade')).items;
    expect(item).toMatchObject({
      key: `trade:${flaggedId}`,
      bondId: bond.never,
      tradePrice: 112.5,
      price: null,
      at: '2026-05-27T14:00:00.000Z',
      reason: expect.stringMatching(/bad print .*not priced from/),
    });
    const res = await call('POST', '/admin/review/decisions', { queue: 'flaggedTrade', key: item!.key, decision: 'accept' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().details).toMatchObject({ before: { flag: 'bad print' }, after: { flag: null } });
    const trade = await sql<{ flag: string | null }>`select flag from trades where id = ${flaggedId}`.execute(ctx.database.db);
    expect(trade.rows[0]!.flag).toBeNull();
    expect((await queue('flaggedTrade')).counts.flaggedTrade).toBe(0);
    // Believed now, it counts in its day's figures (it was the bond's only print that day).
    const day = await sql<{ volume: string; trade_count: number; high: string; low: string }>`select volume, trade_count, high, low
      from daily_bond_stats where bond_id = ${bond.never} and trade_date = '2026-05-27'`.execute(ctx.database.db);
    expect(day.rows.map((r) => [Number(r.volume), r.trade_count, Number(r.high), Number(r.low)])).toEqual([[250_000, 1, 112.5, 112.5]]);
  });

  it('refuses malformed decisions by field (400) and unknown items (404)', async () => {
    const bad = async (payload: object, field: string) => {
      const res = await call('POST', '/admin/review/decisions', payload);
      expect({ status: res.statusCode, error: res.json().error }).toEqual({ status: 400, error: expect.stringContaining(field) });
    };
    const key = `stale:${bond.old}:2026-05-15`;
    await bad({ queue: 'stale', key, decision: 'correct', price: 100 }, 'decision');
    await bad({ queue: 'bigMove', key: 'price:1', decision: 'correct' }, 'price');
    await bad({ queue: 'bigMove', key: 'price:1', decision: 'accept', price: 100 }, 'price');
    await bad({ queue: 'bigMove', key: 'trade:1', decision: 'accept' }, 'key');
    await bad({ queue: 'nope', key, decision: 'accept' }, 'queue');
    await bad({ queue: 'stale', key, decision: 'maybe' }, 'decision');
    await bad({ queue: 'stale', key, decision: 'accept', note: 'x'.repeat(1001) }, 'note');
    const unknown = await call('POST', '/admin/review/decisions', { queue: 'outlier', key: 'price:999999', decision: 'accept' });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 404,
      body: { error: 'Invalid body.key: is not in the outlier queue (price:999999)' },
    });
    expect((await call('GET', '/admin/review?queue=nope')).json().error).toMatch(/queue/);
  });

  it('answers 401 anonymous and 403 to a user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/admin/review' })).statusCode).toBe(401);
    expect((await call('GET', '/admin/review', undefined, user)).statusCode).toBe(403);
    expect(
      (await call('POST', '/admin/review/decisions', { queue: 'stale', key: 'stale:1:never', decision: 'accept' }, user)).statusCode,
    ).toBe(403);
  });
});

/**
 * The queues are kept: when the data moves on, the page is answered at once from what was computed
 * (saying when) while one refresh runs in the background, at most every REFRESH_MIN_MS.
 */
describe('admin: review queues kept while the data moves', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let clock = Date.parse('2026-06-01T14:00:00Z');
  let ids: number[];
  const lowConfidence = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/admin/review?queue=lowConfidence', headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReviewResponse;
  };
  const unsureClose = (bondId: number) =>
    sql`insert into evaluated_prices (bond_id, price_date, kind, as_of, clean_price, confidence, inputs)
      values (${bondId}, '2026-05-29', 'eod', '2026-05-29T21:00:00Z', 99, ${REVIEW.lowConfidence - 5}, '{}'::jsonb)`.execute(
      ctx.database.db,
    );

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => clock });
    admin = await signedIn(ctx, 'review-kept-admin', { admin: true });
    const { industryId } = await createSector(ctx.database.db);
    const issuer = await createIssuer(ctx.database.db, industryId, 'KEPT');
    ids = await createBonds(
      ctx.database.db,
      [0, 1].map(() => ({ issuerId: issuer, issueDate: '2024-01-15', maturityDate: '2034-01-15' })),
    );
    await unsureClose(ids[0]!);
  });
  afterAll(() => ctx.close());

  it('answers from the kept queues while a refresh runs, then shows the refreshed ones', async () => {
    const first = await lowConfidence();
    expect(first.counts.lowConfidence).toBe(1);
    expect(first.computedAt).toBe('2026-06-01T14:00:00.000Z');

    await unsureClose(ids[1]!);
    clock += 1_000; // within REFRESH_MIN_MS of the computation: no refresh yet
    expect((await lowConfidence()).counts.lowConfidence).toBe(1);
    await settledReviewQueues(ctx.database.db);
    expect((await lowConfidence()).computedAt).toBe(first.computedAt);

    clock += REFRESH_MIN_MS;
    const during = await lowConfidence(); // starts the refresh, answered from the kept queues
    expect(during.counts.lowConfidence).toBe(1);
    expect(during.computedAt).toBe(first.computedAt);
    await settledReviewQueues(ctx.database.db);
    const after = await lowConfidence();
    expect(after.counts.lowConfidence).toBe(2);
    expect(after.items.map((i) => i.bondId).sort()).toEqual([...ids].sort());
    expect(after.computedAt).toBe(new Date(clock).toISOString());
  });
});
