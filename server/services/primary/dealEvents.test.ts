import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HawkSubscriptionCreateBody } from '../../../common/api/hawk';
import { businessDaysBetween } from '../../../common/calendar';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';
import { evaluateHawk } from '../hawk/evaluate';
import { createCurves, createIssuer, createSector } from '../pricing/testFixtures';

// After the Northwind sheet's pricing (2026-11-23 21:00Z), within a day of its announcement.
const NOW = Date.parse('2026-11-23T22:00:00Z');
const sample = (name: string) => readFileSync(new URL(`../../../samples/fwp/${name}`, import.meta.url), 'utf8');

describe('deals from admins and EDGAR write the deal events market hawk reads, and announce themselves', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let trader: Record<string, string>;
  let acme: number;
  const db = () => ctx.database.db;

  const call = async (headers: Record<string, string>, method: 'POST' | 'DELETE', url: string, payload?: object, status = 201) => {
    const res = await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    return res.json() as Record<string, unknown>;
  };
  const subscribe = async (body: HawkSubscriptionCreateBody) =>
    (await call(trader, 'POST', '/v2/hawk/subscriptions', { frequency: { type: 'every', cooldownMinutes: 1 }, ...body })).id as number;
  const firings = async (subscriptionId: number) =>
    db().selectFrom('hawk_firings').selectAll().where('subscription_id', '=', subscriptionId).orderBy('id').execute();
  const dealEvents = async (dealId: number) =>
    db()
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('type', 'like', 'deal.%')
      .where('subject_id', '=', String(dealId))
      .orderBy('id')
      .execute();
  const newDealNotes = async (userId: string) =>
    db()
      .selectFrom('notifications')
      .select(['type', 'payload'])
      .where('user_id', '=', userId)
      .where('category', '=', 'new_primary_deals')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
    admin = await signedIn(ctx, 'deals-admin', { admin: true });
    trader = await signedIn(ctx, 'deals-trader');
    await signedIn(ctx, 'deals-quiet');
    await db()
      .updateTable('users')
      .set({ notification_preferences: JSON.stringify({ appNotificationsOn: false }) })
      .where('id', '=', 'deals-quiet')
      .execute();
    const { industryId } = await createSector(db(), 'IND', 'Industrials');
    acme = await createIssuer(db(), industryId, 'ACME');
    await db()
      .insertInto('issuers')
      .values({
        name: 'Northwind Industries Inc',
        display_name: 'Northwind',
        ticker: 'NWIND',
        sector_id: industryId,
        country_of_risk: 'US',
        corporate_structure: 'OpCo',
      })
      .execute();
    await createCurves(db(), businessDaysBetween('2026-10-26', '2026-11-24'));
    await evaluateHawk(db(), ctx.config, new Date(NOW)); // nothing before the rules counts
  });
  afterAll(() => ctx.close());

  it('an admin-created deal fires a new-deal rule once, and each later step a followed-deal rule; an undo fires nothing', async () => {
    const onIssuer = await subscribe({ rule: { kind: 'newDeal' }, target: { kind: 'issuer', issuerId: acme } });
    const igOnly = await subscribe({ rule: { kind: 'newDeal', ratingClass: 'IG' }, target: { kind: 'market' } });
    const steps = await subscribe({ rule: { kind: 'dealStatus' }, target: { kind: 'issuer', issuerId: acme } });
    const { id } = (await call(admin, 'POST', '/admin/deal', {
      issuerId: acme,
      announcedAt: '2026-11-23T21:00:00Z',
      bookrunners: ['GS'],
      useOfProceeds: null,
      tranches: [{ tenorYears: 5, sizeMm: 750, iptSpreadBp: 120, coupon: 0.05, pricedSpreadBp: 95 }],
    })) as { id: number };
    await call(admin, 'POST', `/admin/deal/${id}/status`, { status: 'initial_price_talk', at: '2026-11-23T21:10:00Z' });
    await call(admin, 'POST', `/admin/deal/${id}/status`, { status: 'guidance', at: '2026-11-23T21:20:00Z' });
    await evaluateHawk(db(), ctx.config, new Date(NOW));
    expect((await firings(onIssuer)).map((f) => [f.deal_id, f.message])).toEqual([[id, `New deal from ACME (deal #${id})`]]);
    // ACME has no rated bond: no rating class, so a class rule cannot say it is IG.
    expect(await firings(igOnly)).toEqual([]);
    expect((await firings(steps)).map((f) => f.vals.to)).toEqual(['initial_price_talk', 'guidance']);

    await call(admin, 'DELETE', `/admin/deal/${id}/status/latest`, undefined, 200);
    await call(admin, 'POST', `/admin/deal/${id}/status`, { status: 'launched', at: '2026-11-23T21:30:00Z' });
    await evaluateHawk(db(), ctx.config, new Date(NOW));
    expect((await firings(steps)).map((f) => f.vals.to)).toEqual(['initial_price_talk', 'guidance', 'launched']);
    // The same events the simulator writes, each once, in order.
    expect((await dealEvents(id)).map((e) => [e.type, e.payload.from ?? null, e.payload.to ?? null])).toEqual([
      ['deal.new', null, null],
      ['deal.status_changed', 'announced', 'initial_price_talk'],
      ['deal.status_changed', 'initial_price_talk', 'guidance'],
      ['deal.status_undone', 'guidance', 'initial_price_talk'],
      ['deal.status_changed', 'initial_price_talk', 'launched'],
    ]);
    expect((await dealEvents(id))[0]!.payload).toMatchObject({
      dealId: id,
      issuerId: acme,
      ticker: 'ACME',
      source: 'admin',
      highYield: null,
    });
  });

  it('an EDGAR term sheet becomes a deal that fires new-deal rules by rating class and the priced step', async () => {
    const ig = await subscribe({ rule: { kind: 'newDeal', ratingClass: 'IG' }, target: { kind: 'market' } });
    const hy = await subscribe({ rule: { kind: 'newDeal', ratingClass: 'HY' }, target: { kind: 'market' } });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/admin/edgar',
      headers: admin,
      payload: { fileName: 'northwind-3-tranche-table.html', content: sample('northwind-3-tranche-table.html') },
    });
    expect([200, 201], res.body.slice(0, 300)).toContain(res.statusCode);
    const dealId = res.json().dealId as number;
    expect(dealId).toEqual(expect.any(Number));
    const priced = await subscribe({ rule: { kind: 'dealStatus', dealId, statuses: ['priced'] }, target: { kind: 'market' } });
    await evaluateHawk(db(), ctx.config, new Date(NOW));
    // Its bonds are rated A-/A3: investment grade.
    expect((await firings(ig)).map((f) => f.deal_id)).toEqual([dealId]);
    expect(await firings(hy)).toEqual([]);
    expect((await firings(priced)).map((f) => [f.vals.from, f.vals.to])).toEqual([['announced', 'priced']]);
    expect((await dealEvents(dealId)).map((e) => e.type)).toEqual(['deal.new', 'deal.status_changed']);
  });

  it('an announcement notifies every user who keeps app notifications on, except the admin who made it', async () => {
    const acmeDeals = await db().selectFrom('deals').select('id').where('issuer_id', '=', acme).execute();
    const traderNotes = await newDealNotes('deals-trader');
    expect(traderNotes.map((n) => n.payload.dealId)).toEqual(expect.arrayContaining(acmeDeals.map((d) => d.id)));
    expect(traderNotes[0]).toMatchObject({ type: 'other', payload: { ticker: 'ACME', text: 'ACME announced a $750MM deal: 5y' } });
    expect(traderNotes.some((n) => n.payload.ticker === 'NWIND')).toBe(true);
    expect(await newDealNotes('deals-quiet')).toEqual([]);
    expect(await newDealNotes('deals-admin')).toEqual([]);
  });

  it('a deal back-filled with an announcement over a day old is not news: events for hawk, no notification', async () => {
    const before = (await newDealNotes('deals-trader')).length;
    const { id } = (await call(admin, 'POST', '/admin/deal', {
      issuerId: acme,
      announcedAt: '2026-11-01T14:00:00Z',
      bookrunners: ['GS'],
      useOfProceeds: null,
      tranches: [{ tenorYears: 10, sizeMm: 500 }],
    })) as { id: number };
    expect((await dealEvents(id)).map((e) => e.type)).toEqual(['deal.new']);
    expect(await newDealNotes('deals-trader')).toHaveLength(before);
  });
});
