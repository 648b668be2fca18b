import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDeal, AdminDealList } from '../../../../common/api/adminDeals';
import { createIssuer, createSector } from '../../../services/pricing/testFixtures';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';

const NOW = Date.parse('2026-11-23T20:00:00Z');
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe('deal administration: deals, tranches and the status timeline, every change audited', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let issuerId: number;
  let otherIssuerId: number;

  const call = (method: Method, url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: admin, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async <T>(method: Method, url: string, payload: unknown, status: number): Promise<T> => {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as T;
  };
  const newDeal = async (body: object = {}) =>
    (
      await ok<{ id: number }>(
        'POST',
        '/admin/deal',
        {
          issuerId,
          announcedAt: '2026-11-23T13:30:00Z',
          bookrunners: ['GS', 'JPM'],
          useOfProceeds: 'General corporate purposes',
          tranches: [
            { tenorYears: 5, sizeMm: 750 },
            { tenorYears: 10, sizeMm: 1000, iptSpreadBp: 135 },
          ],
          ...body,
        },
        201,
      )
    ).id;
  const dealOf = (id: number) => ok<AdminDeal>('GET', `/admin/deal/${id}`, undefined, 200);

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
    admin = await signedIn(ctx, 'deal-admin', { admin: true });
    const { industryId } = await createSector(ctx.database.db);
    issuerId = await createIssuer(ctx.database.db, industryId, 'ACME');
    otherIssuerId = await createIssuer(ctx.database.db, industryId, 'GLOBX');
  });
  afterAll(() => ctx.close());

  it('creates an announced deal with its tranches, and audits who did it', async () => {
    const id = await newDeal();
    const deal = await dealOf(id);
    expect(deal).toMatchObject({
      issuer: { id: issuerId, ticker: 'ACME' },
      status: 'announced',
      announcedAt: '2026-11-23T13:30:00.000Z',
      pricedAt: null,
      bookrunners: ['GS', 'JPM'],
      source: 'admin',
      createdBy: null,
      timeline: [{ status: 'announced', at: '2026-11-23T13:30:00.000Z' }],
    });
    expect(deal.tranches.map((t) => [t.tenorYears, t.sizeMm, t.iptSpreadBp])).toEqual([
      [5, 750, null],
      [10, 1000, 135],
    ]);
    expect(deal.audit).toEqual([expect.objectContaining({ actor: 'deal-admin', action: 'deal.create' })]);
    // A market deal: every subscriber's calendar shows it.
    const user = await signedIn(ctx, 'deal-reader');
    const page = await ctx.app.inject({ method: 'GET', url: `/v2/primary/deal/${id}`, headers: user });
    expect(page.statusCode).toBe(200);
  });

  it('lists deals by range, status and issuer', async () => {
    const other = await newDeal({ issuerId: otherIssuerId, announcedAt: '2026-11-20T14:00:00Z' });
    const all = await ok<AdminDealList>('GET', '/admin/deal', undefined, 200);
    expect(all.to).toBe('2026-11-23');
    expect(all.deals.map((d) => d.id)).toContain(other);
    const globx = await ok<AdminDealList>('GET', '/admin/deal?q=glob', undefined, 200);
    expect(globx.deals.map((d) => d.id)).toEqual([other]);
    expect(globx.deals[0]).toMatchObject({ tranches: 2, sizeMm: 1750, status: 'announced', source: 'admin' });
    const monday = await ok<AdminDealList>('GET', '/admin/deal?from=2026-11-23&to=2026-11-23', undefined, 200);
    expect(monday.deals.map((d) => d.id)).not.toContain(other);
    expect((await ok<AdminDealList>('GET', '/admin/deal?status=priced', undefined, 200)).deals).toEqual([]);
  });

  it('refuses a start after the end, given or defaulted to today, in the words every range uses', async () => {
    for (const [query, error] of [
      ['from=2026-11-23&to=2026-11-20', 'Invalid querystring.from: must not be after to (2026-11-20)'],
      ['from=2026-12-01', 'Invalid querystring.from: must not be after to (2026-11-23)'],
    ] as const) {
      const res = await call('GET', `/admin/deal?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error });
    }
  });

  it('walks the timeline forward to priced, and undoes the last step', async () => {
    const id = await newDeal();
    const { tranches } = await dealOf(id);
    await ok('POST', `/admin/deal/${id}/status`, { status: 'initial_price_talk', at: '2026-11-23T14:00:00Z' }, 201);
    await ok('POST', `/admin/deal/${id}/status`, { status: 'launched', at: '2026-11-23T16:00:00Z' }, 201); // guidance skipped
    // Priced needs each tranche's priced spread and coupon.
    const early = await call('POST', `/admin/deal/${id}/status`, { status: 'priced', at: '2026-11-23T19:00:00Z' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({
      error: 'Every tranche needs its priced spread and coupon before the deal is priced: the 5-year tranche has no priced spread.',
    });
    for (const [k, t] of tranches.entries()) {
      await ok(
        'PATCH',
        `/admin/deal/${id}/tranche/${t.id}`,
        { pricedSpreadBp: 95 + 10 * k, coupon: 0.045 + 0.005 * k, orderBookMm: 3000 },
        200,
      );
    }
    const priced = await ok<AdminDeal>('POST', `/admin/deal/${id}/status`, { status: 'priced', at: '2026-11-23T19:00:00Z' }, 201);
    expect(priced).toMatchObject({ status: 'priced', pricedAt: '2026-11-23T19:00:00.000Z' });
    expect(priced.timeline.map((s) => s.status)).toEqual(['announced', 'initial_price_talk', 'launched', 'priced']);
    expect(priced.tranches[1]).toMatchObject({ pricedSpreadBp: 105, coupon: 0.05, orderBookMm: 3000 });

    const undone = await ok<AdminDeal>('DELETE', `/admin/deal/${id}/status/latest`, undefined, 200);
    expect(undone).toMatchObject({ status: 'launched', pricedAt: null });
    expect(undone.audit.map((a) => a.action).slice(0, 2)).toEqual(['deal.status_undo', 'deal.status_add']);
    expect(undone.audit[0]!.details).toEqual({
      before: { status: 'priced', at: '2026-11-23T19:00:00.000Z' },
      after: { status: 'launched' },
    });
  });

  it('audits a tranche change with the values before and after', async () => {
    const id = await newDeal();
    const [first] = (await dealOf(id)).tranches;
    const after = await ok<AdminDeal>('PATCH', `/admin/deal/${id}/tranche/${first!.id}`, { sizeMm: 1250, guidanceSpreadBp: 110 }, 200);
    expect(after.tranches[0]).toMatchObject({ sizeMm: 1250, guidanceSpreadBp: 110 });
    expect(after.audit[0]).toMatchObject({ action: 'deal.tranche_update', actor: 'deal-admin' });
    expect(after.audit[0]!.details).toMatchObject({
      before: { sizeMm: 750, guidanceSpreadBp: null },
      after: { sizeMm: 1250, guidanceSpreadBp: 110 },
    });
    const added = await ok<AdminDeal>('POST', `/admin/deal/${id}/tranche`, { tenorYears: 30, sizeMm: 500 }, 201);
    expect(added.tranches.map((t) => t.tenorYears)).toEqual([5, 10, 30]);
    const removed = await ok<AdminDeal>('DELETE', `/admin/deal/${id}/tranche/${added.tranches[2]!.id}`, undefined, 200);
    expect(removed.tranches.map((t) => t.tenorYears)).toEqual([5, 10]);
    const renamed = await ok<AdminDeal>('PATCH', `/admin/deal/${id}`, { issuerId: otherIssuerId, useOfProceeds: null }, 200);
    expect(renamed).toMatchObject({ issuer: { ticker: 'GLOBX' }, useOfProceeds: null });
    expect(renamed.audit[0]!.details).toEqual({
      before: { issuerId, useOfProceeds: 'General corporate purposes' },
      after: { issuerId: otherIssuerId, useOfProceeds: null },
    });
  });

  it('refuses bad changes with an error naming the field, and changes nothing', async () => {
    const id = await newDeal();
    const before = await dealOf(id);
    const [first, second] = before.tranches;
    // A rule only the server checks names its field in the validator's form, as the contract's would.
    const cases: Array<[Method, string, unknown, RegExp | string]> = [
      [
        'POST',
        '/admin/deal',
        { issuerId: 999_999, tranches: [{ tenorYears: 5, sizeMm: 1 }] },
        'Invalid body.issuerId: is unknown: there is no issuer 999999',
      ],
      [
        'POST',
        '/admin/deal',
        { issuerId, announcedAt: '2026-12-01T00:00:00Z', tranches: [{ tenorYears: 5, sizeMm: 1 }] },
        'Invalid body.announcedAt: must not be in the future',
      ],
      ['POST', '/admin/deal', { issuerId, tranches: [] }, /tranches/],
      ['POST', '/admin/deal', { issuerId, tranches: [{ tenorYears: 0, sizeMm: 1 }] }, /tenorYears/],
      ['PATCH', `/admin/deal/${id}`, {}, /Nothing to change/],
      ['PATCH', `/admin/deal/${id}`, { issuerId: 999_999 }, 'Invalid body.issuerId: is unknown: there is no issuer 999999'],
      ['PATCH', `/admin/deal/${id}/tranche/${first!.id}`, { sizeMm: -5 }, /sizeMm/],
      ['PATCH', `/admin/deal/${id}/tranche/${first!.id}`, { bondId: 7 }, /bondId/],
      [
        'POST',
        `/admin/deal/${id}/status`,
        { status: 'announced', at: '2026-11-23T14:00:00Z' },
        "Invalid body.status: must be a later stage than the deal's (announced)",
      ],
      [
        'POST',
        `/admin/deal/${id}/status`,
        { status: 'guidance', at: '2026-11-23T13:00:00Z' },
        'Invalid body.at: must not be before the last step (2026-11-23T13:30:00.000Z)',
      ],
      [
        'POST',
        `/admin/deal/${id}/status`,
        { status: 'guidance', at: '2026-11-24T13:00:00Z' },
        'Invalid body.at: must not be in the future',
      ],
      ['POST', `/admin/deal/${id}/status`, { status: 'guidance', at: 'yesterday' }, /at/],
      ['DELETE', `/admin/deal/${id}/status/latest`, undefined, 'The announcement is the first step and cannot be undone.'],
    ];
    for (const [method, url, body, error] of cases) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      if (typeof error === 'string') expect(res.json()).toEqual({ error });
      else expect(res.json().error).toMatch(error);
    }
    await ok('DELETE', `/admin/deal/${id}/tranche/${second!.id}`, undefined, 200);
    const last = await call('DELETE', `/admin/deal/${id}/tranche/${first!.id}`);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({ error: 'A deal keeps one tranche at least.' });
    const after = await dealOf(id);
    expect({ ...after, tranches: after.tranches, audit: undefined }).toEqual({ ...before, tranches: [first], audit: undefined });
  });

  it('refuses a coupon sent in percent in both units, creating nothing', async () => {
    const before = await call('GET', '/admin/deal');
    const res = await call('POST', '/admin/deal', { issuerId, tranches: [{ tenorYears: 5, sizeMm: 500, coupon: 4.75 }] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: 'Invalid body.tranches.0.coupon: must be a decimal rate of at most 0.5 (50%)' });
    expect((await call('GET', '/admin/deal')).json()).toEqual(before.json());
  });

  it('answers 404 for an unknown deal, or a tranche of another deal', async () => {
    const a = await newDeal();
    const b = await newDeal();
    const [bTranche] = (await dealOf(b)).tranches;
    expect((await call('GET', '/admin/deal/987654')).statusCode).toBe(404);
    expect((await call('POST', '/admin/deal/987654/status', { status: 'guidance', at: '2026-11-23T15:00:00Z' })).statusCode).toBe(404);
    const wrong = await call('PATCH', `/admin/deal/${a}/tranche/${bTranche!.id}`, { sizeMm: 1 });
    expect(wrong.statusCode).toBe(404);
    expect((await dealOf(b)).tranches[0]!.sizeMm).toBe(750);
  });
});
