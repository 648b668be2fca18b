import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBond, AdminBondSaved, AdminBondUpdate } from '../../../../common/api/adminBonds';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';
import { bondIdOf, sampleMarket, termsOf } from './testSetup';

/**
 * An admin edits a bond of the sample market (ZQ1001AA9: Northwind 4.65% 2031, callable
 * 2030-11-23 at 100, 1,250MM, A-/A3, as samples/bonds.csv says): every term is checked, a stale
 * edit is refused, each change is in the bond's history and the bond is repriced.
 */
describe('admin: a bond’s terms', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let bondId: number;
  const get = async (id = bondId) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/admin/bond/${id}`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminBond;
  };
  const put = (body: Partial<AdminBondUpdate> | object, id = bondId) =>
    ctx.app.inject({ method: 'PUT', url: `/admin/bond/${id}`, headers: admin, payload: body });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signedIn(ctx, 'bond-admin', { admin: true });
    await sampleMarket(ctx);
    bondId = await bondIdOf(ctx, 'ZQ1001AA9');
  });
  afterAll(() => ctx.close());

  it('shows every term as the reference file gave it, with its trades and its last figures', async () => {
    const bond = await get();
    expect(bond).toMatchObject({
      cusip: 'ZQ1001AA9',
      isin: expect.stringMatching(/^USZQ1001AA9\d$/),
      issuer: { ticker: 'NWEC', name: 'Northwind Energy Corp' },
      couponType: 'fixed',
      coupon: 0.0465,
      frequency: 2,
      dayCount: '30/360',
      issueDate: '2021-02-23',
      maturityDate: '2031-02-23',
      amountIssued: 1_250_000_000,
      seniority: 'Senior Unsecured',
      callSchedule: [{ date: '2030-11-23', price: 100 }],
      ratingSp: 'A-',
      ratingMoody: 'A3',
      source: 'import',
    });
    // The sample TRACE file's 8 prints of ZQ1001AA9, of which lines 13 and 14 are the two dealers'
    // reports of one inter-dealer trade (kept once by the cleaning).
    expect(bond.tradeCount).toBe(7);
    expect(bond.trades.length).toBe(7);
    expect(bond.market?.price).toBeGreaterThan(0);
    expect(bond.market?.curveDate).toBe('2026-10-29');
    expect(bond.history).toEqual([]);
  });

  it('saves a change: the changed terms before and after in the history and the audit log, and the bond repriced', async () => {
    const before = await get();
    const res = await put({ ...termsOf(before), coupon: 0.0525, amountOutstanding: 1_000_000_000 });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as AdminBondSaved;
    expect(saved.changed).toEqual(['coupon', 'amountOutstanding']);
    expect(saved.repriced).toBe(true);
    expect(saved.bond.coupon).toBe(0.0525);
    expect(saved.bond.updatedAt).not.toBe(before.updatedAt);
    // A higher coupon at the same spread is a higher price: the reprice used the new terms.
    expect(saved.bond.market!.price!).toBeGreaterThan(before.market!.price!);
    expect(saved.bond.history[0]).toMatchObject({
      action: 'bond.update',
      actor: 'bond-admin',
      actorEmail: 'bond-admin@bondwise.com',
      details: {
        changed: ['coupon', 'amountOutstanding'],
        before: { coupon: 0.0465, amountOutstanding: 1_250_000_000 },
        after: { coupon: 0.0525, amountOutstanding: 1_000_000_000 },
      },
    });
    const audit = await ctx.app.inject({ method: 'GET', url: `/admin/audit-log?targetType=bond&targetId=${bondId}`, headers: admin });
    expect(audit.json().entries.map((e: { action: string }) => e.action)).toEqual(['bond.update']);
  });

  it('tells the second writer the bond changed since they read it, and keeps the first writer’s change', async () => {
    const read = await get();
    const first = await put({ ...termsOf(read), description: 'NWEC 5.25 02/23/31 first' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await put({ ...termsOf(read), description: 'NWEC 5.25 02/23/31 second' });
    // Not a bad field but a change meanwhile: a plain sentence, which the page shows as it re-reads the bond.
    expect({ status: second.statusCode, body: second.json() }).toEqual({
      status: 409,
      body: { error: `Bond ${bondId} was changed by someone else after you read it: reload it and edit again.` },
    });
    expect((await get()).description).toBe('NWEC 5.25 02/23/31 first');
  });

  it('an unchanged save writes nothing: no history entry, no new version', async () => {
    const read = await get();
    const res = await put(termsOf(read));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ changed: [], repriced: false });
    const after = await get();
    expect(after.updatedAt).toBe(read.updatedAt);
    expect(after.history.length).toBe(read.history.length);
  });

  // Each rule only the server checks answers in the validator's form, so the page puts it on the field.
  it.each([
    [
      'a CUSIP whose check digit is wrong',
      { cusip: 'ZQ1001AA8' },
      'Invalid body.cusip: fails its check digit (ZQ1001AA8: a CUSIP is 9 characters ending in its check digit)',
    ],
    ['a CUSIP of the wrong length', { cusip: 'ZQ1001AA' }, /cusip/],
    ['a maturity before the issue', { maturityDate: '2020-01-01' }, 'Invalid body.maturityDate: must be after the issue date (2021-02-23)'],
    [
      'a first coupon after the maturity',
      { firstCouponDate: '2032-01-01' },
      'Invalid body.firstCouponDate: must be after the issue date (2021-02-23) and not after the maturity date (2031-02-23)',
    ],
    [
      'a call after the maturity',
      { callSchedule: [{ date: '2032-01-01', price: 100 }] },
      'Invalid body.callSchedule.0.date: must fall between the issue date (2021-02-23) and the maturity date (2031-02-23), not on 2032-01-01',
    ],
    [
      'calls out of order',
      {
        callSchedule: [
          { date: '2029-01-01', price: 101 },
          { date: '2028-01-01', price: 100 },
        ],
      },
      'Invalid body.callSchedule.1.date: must be later than the call before it: calls go in date order, each date once',
    ],
    ['a call price of 10', { callSchedule: [{ date: '2029-01-01', price: 10 }] }, /callSchedule\.0\.price/],
    [
      'more outstanding than issued',
      { amountOutstanding: 2_000_000_000 },
      'Invalid body.amountOutstanding: must not be more than the amount issued',
    ],
    ['a coupon type not in the vocabulary', { couponType: 'step' }, /couponType/],
    ['a day count not in the vocabulary', { dayCount: 'ACT/365' }, /dayCount/],
    ['a rating off the scale', { ratingSp: 'A4' }, /ratingSp/],
    ['a zero with a coupon', { couponType: 'zero' }, 'Invalid body.coupon: must be 0 for a zero-coupon bond'],
    [
      'a floater without its index',
      { couponType: 'floating' },
      'Invalid body.floaterIndex: is needed for a floating coupon, with its quoted margin',
    ],
    ['an unknown issuer', { issuerId: 999_999 }, 'Invalid body.issuerId: is unknown: there is no issuer 999999'],
    ['no version', { updatedAt: undefined }, /updatedAt/],
  ])('refuses %s with a 400 naming the field, changing nothing', async (_name, change, message) => {
    const read = await get();
    const res = await put({ ...termsOf(read), ...change });
    expect(res.statusCode, res.body).toBe(400);
    if (typeof message === 'string') expect(res.json()).toEqual({ error: message });
    else expect(res.json().error).toMatch(message);
    expect(await get()).toEqual(read);
  });

  it('refuses a coupon sent in percent in both units, not the validator\'s "<=0.3"', async () => {
    const read = await get();
    const res = await put({ ...termsOf(read), coupon: 5.25 });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid body.coupon: must be a decimal rate of at most 0.3 (30%)' });
    expect(await get()).toEqual(read);
  });

  it('refuses a CUSIP another bond has with a 409 naming the field and the bond that has it', async () => {
    const read = await get();
    const holder = await ctx.database.db.selectFrom('bonds').select('id').where('cusip', '=', 'ZQ1001AB7').executeTakeFirstOrThrow();
    const res = await put({ ...termsOf(read), cusip: 'ZQ1001AB7' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: `Invalid body.cusip: is already bond ${holder.id}'s (ZQ1001AB7): compare and merge the two instead`,
    });
    expect(await get()).toEqual(read);
  });

  it('a rating change starts the bond’s rating history', async () => {
    const read = await get();
    const res = await put({ ...termsOf(read), ratingSp: 'BBB+' });
    expect(res.statusCode, res.body).toBe(200);
    const ratings = await ctx.database.db
      .selectFrom('bond_ratings')
      .select(['agency', 'rating'])
      .where('bond_id', '=', bondId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(ratings).toEqual({ agency: 'sp', rating: 'BBB+' });
  });

  it('finds bonds by CUSIP prefix, ticker or description word', async () => {
    const search = async (q: string) =>
      (await ctx.app.inject({ method: 'GET', url: `/admin/bond?q=${encodeURIComponent(q)}`, headers: admin }))
        .json()
        .bonds.map((b: { cusip: string }) => b.cusip);
    expect(await search('zq1001')).toEqual(['ZQ1001AA9', 'ZQ1001AB7']);
    expect(await search('COHO')).toEqual(['ZQ1011AA8', 'ZQ1011AB6']);
    const bad = await ctx.app.inject({ method: 'GET', url: '/admin/bond?q=', headers: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/q/);
  });

  it('answers 404 for an unknown bond, 401 without a session and 403 to a non-admin', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/admin/bond/999999', headers: admin });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 404, body: { error: 'There is no bond 999999.' } });
    expect((await ctx.app.inject({ method: 'GET', url: `/admin/bond/${bondId}` })).statusCode).toBe(401);
    const user = await signedIn(ctx, 'bond-user');
    expect((await ctx.app.inject({ method: 'GET', url: `/admin/bond/${bondId}`, headers: user })).statusCode).toBe(403);
    const read = await get();
    expect((await ctx.app.inject({ method: 'PUT', url: `/admin/bond/${bondId}`, headers: user, payload: termsOf(read) })).statusCode).toBe(
      403,
    );
  });
});
