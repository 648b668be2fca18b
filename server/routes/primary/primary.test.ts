import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DealDetailResponse, DealListResponse, DealSummary, DealWeeksResponse, VolumeResponse } from '../../../common/api/primary';
import { businessDayOnOrAfter, newYorkToday } from '../../../common/calendar';
import { seedUniverse } from '../../services/market/simulator/index';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';

/**
 * The primary-market APIs over a seeded, priced universe whose deals the simulator priced with a
 * known (hidden) concession over its own fair spread: the product's concession, read off the
 * evaluated issuer curve, must land near that truth.
 */
const END = '2026-11-20'; // a Friday
const NOW = Date.parse('2026-11-20T22:00:00Z');

describe('primary markets: the new-issue calendar and deal pages', () => {
  let ctx: TestContext;
  let auth: { authorization: string };
  let all: DealSummary[];
  const get = async <T>(url: string): Promise<T> => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: auth });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.json() as T;
  };
  const status = async (url: string, headers = auth) => (await ctx.app.inject({ method: 'GET', url, headers })).statusCode;

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
    await seedUniverse(ctx.database.db, { bonds: 300, historyDays: 60, seed: 21, endDate: END, now: ctx.app.now });
    auth = await signedIn(ctx, 'banker-1');
    all = (await get<DealListResponse>('/v2/primary/deal?from=2026-09-01&to=2026-11-20')).deals;
  }, 120_000);
  afterAll(() => ctx.close());

  it('lists the deals newest first with their tranches, timeline and ratings', () => {
    expect(all.length).toBeGreaterThanOrEqual(4);
    const times = all.map((d) => d.announcedAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const d of all) {
      expect(d.tranches.length).toBeGreaterThan(0);
      expect(d.totalSize).toBe(d.tranches.reduce((s, t) => s + t.size, 0));
      expect(d.timeline[0]!.status).toBe('announced');
      expect(d.timeline.at(-1)!.status).toBe(d.status);
      expect(d.bookrunners.length).toBeGreaterThan(0);
    }
  });

  it('prices each priced tranche at a reoffer yield just above its coupon, so a little under par', () => {
    const priced = all.filter((d) => d.status === 'priced').flatMap((d) => d.tranches);
    expect(priced.length).toBeGreaterThan(5);
    for (const t of priced) {
      // Coupons are the reoffer yield rounded down (IG to 0.05 %, HY to 1/8 %).
      expect(t.reofferYield! - t.coupon!).toBeGreaterThanOrEqual(-1e-9);
      expect(t.reofferYield! - t.coupon!).toBeLessThan(0.00125 + 1e-9);
      expect(t.reofferPrice!).toBeLessThanOrEqual(100 + 1e-9);
      expect(t.reofferPrice!).toBeGreaterThan(99);
      expect(t.tighteningBp!).toBeGreaterThan(0);
      expect(t.cover!).toBeGreaterThan(1);
    }
  });

  it("measures the concession within a few basis points of the simulator's hidden one", async () => {
    const rows = await ctx.database.db
      .selectFrom('deal_tranches')
      .select(['id', 'concession_bp'])
      .where('concession_bp', 'is not', null)
      .execute();
    const truth = new Map(rows.map((r) => [r.id, Number(r.concession_bp)]));
    const errors = all
      .filter((d) => d.status === 'priced' && d.ratingClass === 'IG')
      .flatMap((d) => d.tranches)
      .filter((t) => t.concessionBp !== null && truth.has(t.id))
      .map((t) => Math.abs(t.concessionBp! - truth.get(t.id)!));
    // The simulator gives every bond (each new tranche too) its own static noise around the
    // issuer's curve, which no curve read off other bonds can know. On the market of issue 10 item
    // 2 this seed measures 16.6 bp, below the hidden concession on 6 of 7 tranches: diagnosed as
    // the tranches' own noise (one a −3.2σ draw worth 22 bp), a day's move and one issuer's
    // evaluated curve, not a bias — over the default seed's 311 IG tranches the mean error is
    // −0.7 bp and the mean absolute error 11.4 bp (docs/primary-markets.md, "Concession
    // accuracy"). Over 8 tranches a mean of ~12 bp ± 4 is what that floor gives; 20 keeps a
    // gross regression visible.
    expect(errors.length).toBeGreaterThan(3);
    const mean = errors.reduce((s, e) => s + e, 0) / errors.length;
    expect(mean).toBeLessThan(20);
  });

  it('filters by credit class, sector, status and size, and defaults to this market week', async () => {
    const ig = (await get<DealListResponse>('/v2/primary/deal?from=2026-09-01&to=2026-11-20&rating=IG')).deals;
    expect(ig.length).toBe(all.filter((d) => d.ratingClass === 'IG').length);
    const sector = all[0]!.sector.code;
    const inSector = (await get<DealListResponse>(`/v2/primary/deal?from=2026-09-01&to=2026-11-20&sector=${sector}`)).deals;
    expect(inSector.every((d) => d.sector.code === sector)).toBe(true);
    const big = (await get<DealListResponse>('/v2/primary/deal?from=2026-09-01&to=2026-11-20&minSize=2000000000')).deals;
    expect(big.map((d) => d.id)).toEqual(all.filter((d) => d.totalSize >= 2e9).map((d) => d.id));
    const week = await get<DealListResponse>('/v2/primary/deal');
    expect(week).toMatchObject({ from: '2026-11-16', to: '2026-11-20' });
    expect(week.deals.map((d) => d.id)).toEqual(all.filter((d) => d.announcedAt >= '2026-11-16').map((d) => d.id));
  });

  it('opens a deal priced over a week ago with its spread path, issuer curve, comparables and performance', async () => {
    const old = all.find((d) => d.status === 'priced' && d.pricedAt! < '2026-11-10' && d.ratingClass !== null)!;
    const detail = await get<DealDetailResponse>(`/v2/primary/deal/${old.id}`);
    expect(detail.deal.id).toBe(old.id);
    for (const path of detail.spreadPath) {
      const spreads = path.points.map((p) => p.spreadBp);
      expect(spreads.length).toBeGreaterThanOrEqual(2);
      expect([...spreads].sort((a, b) => b - a)).toEqual(spreads); // the book tightens the deal
    }
    expect(detail.curveDay! < old.pricedAt!.slice(0, 10)).toBe(true);
    expect(detail.issuerCurve.fitted).toHaveLength(30);
    for (const c of detail.comparables) {
      expect(c).toMatchObject({ status: 'priced', ratingClass: old.ratingClass, sector: old.sector });
      expect(c.id).not.toBe(old.id);
    }
    expect(detail.afterPricing.length).toBe(old.tranches.filter((t) => t.bondId !== null).length);
    const first = detail.afterPricing[0]!;
    expect(first.week1).not.toBeNull();
    expect(first.points[0]!.day >= old.pricedAt!.slice(0, 10)).toBe(true);
    // New bonds trade around the issuer's fair level: tighter than reoffer by about the concession
    // the simulator paid (IG 0-15 bp, HY 5-50 bp), give or take the bid-ask of single prints.
    for (const t of detail.afterPricing) {
      if (t.day1?.spreadChangeBp == null) continue;
      expect(t.day1.spreadChangeBp).toBeGreaterThan(-70);
      expect(t.day1.spreadChangeBp).toBeLessThan(20);
    }
  });

  it('sums the weekly record from the same deals', async () => {
    const { weeks } = await get<DealWeeksResponse>('/v2/primary/deal/weekly?weeks=8');
    expect(weeks).toHaveLength(8);
    expect(weeks[0]!.weekStart).toBe('2026-11-16');
    const from = weeks.at(-1)!.weekStart;
    // The deals priced in the weeks, by their (New York, business-day) pricing day.
    const pricedDay = (d: DealSummary) => businessDayOnOrAfter(newYorkToday(new Date(d.pricedAt!)));
    const inRange = all.filter((d) => d.status === 'priced' && d.pricedAt !== null && pricedDay(d) >= from);
    expect(inRange.length).toBeGreaterThan(0);
    expect(weeks.reduce((s, w) => s + w.deals, 0)).toBe(inRange.length);
    // The new-issue volume page counts the same deals in the same weeks.
    const volume = await get<VolumeResponse>('/v2/primary/volume?period=week&by=class&periods=8');
    expect(volume.periods.map((p) => [p.start, p.deals])).toEqual([...weeks].reverse().map((w) => [w.weekStart, w.deals]));
  });

  it('adds up new-issue volume by week and credit class, and by month and sector, as the bonds and deals say', async () => {
    const sum = async (from: string) => {
      const { rows } = await sql<{ v: string | null; n: string; d: string }>`
        select (select sum(amount_issued) from bonds where issue_date between ${from}::date and ${END}::date) as v,
               (select count(*) from bonds where issue_date between ${from}::date and ${END}::date) as n,
               (select count(*) from deals where status = 'priced'
                  and (priced_at at time zone 'America/New_York')::date between ${from}::date and ${END}::date) as d`.execute(
        ctx.database.db,
      );
      return { volume: Number(rows[0]!.v ?? 0), bonds: Number(rows[0]!.n), deals: Number(rows[0]!.d) };
    };
    const weekly = await get<VolumeResponse>('/v2/primary/volume?period=week&by=class&periods=10');
    expect(weekly.periods).toHaveLength(10);
    expect(weekly.periods.at(-1)!.start).toBe('2026-11-16');
    expect(weekly.periods[0]!.start).toBe('2026-09-14'); // nine Mondays before
    const expected = await sum('2026-09-14');
    expect(weekly.periods.reduce((s, p) => s + p.volume, 0)).toBeCloseTo(expected.volume, 0);
    expect(weekly.periods.reduce((s, p) => s + p.bonds, 0)).toBe(expected.bonds);
    expect(weekly.periods.reduce((s, p) => s + p.deals, 0)).toBe(expected.deals);
    for (const p of weekly.periods) expect(Object.values(p.byKey).reduce((s, v) => s + v, 0)).toBeCloseTo(p.volume, 0);

    const monthly = await get<VolumeResponse>('/v2/primary/volume?period=month&by=sector&periods=3');
    expect(monthly.periods.map((p) => p.start)).toEqual(['2026-09-01', '2026-10-01', '2026-11-01']);
    expect(monthly.keys).toHaveLength(11);
    expect(monthly.periods.reduce((s, p) => s + p.volume, 0)).toBeCloseTo((await sum('2026-09-01')).volume, 0);

    const ytd = await sum('2026-01-01');
    expect(monthly.yearToDate).toMatchObject({ year: 2026, bonds: ytd.bonds, deals: ytd.deals });
    expect(monthly.yearToDate.volume).toBeCloseTo(ytd.volume, 0);
  });

  it('answers 401 without a session, 404 for an unknown deal and 400 naming the bad parameter', async () => {
    expect(await status('/v2/primary/deal', {} as { authorization: string })).toBe(401);
    expect(await status('/v2/primary/deal/999999')).toBe(404);
    const bad = async (url: string, field: RegExp) => {
      const res = await ctx.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error, url).toMatch(field);
    };
    await bad('/v2/primary/deal/abc', /id/);
    await bad('/v2/primary/deal?from=2026-11-20&to=2026-11-01', /from/);
    await bad('/v2/primary/deal?from=2024-01-01', /from/);
    await bad('/v2/primary/deal?status=closed', /status/);
    await bad('/v2/primary/deal?rating=XX', /rating/);
    await bad('/v2/primary/deal?minSize=-5', /minSize/);
    await bad('/v2/primary/deal/weekly?weeks=0', /weeks/);
    await bad('/v2/primary/volume?period=day', /period/);
    await bad('/v2/primary/volume?by=issuer', /by/);
    await bad('/v2/primary/volume?periods=105', /periods/);
  });

  it('refuses a bad range in the words every range uses, whether given whole or with one end defaulted to this week', async () => {
    // This week runs 2026-11-16 (Monday) to 2026-11-20 (today).
    for (const [query, error] of [
      ['from=2026-11-20&to=2026-11-01', 'Invalid querystring.from: must not be after to (2026-11-01)'],
      ['from=2026-12-01', 'Invalid querystring.from: must not be after to (2026-11-20)'],
      // Only the end given: the refusal names the end, not the start the person never typed.
      ['to=2026-11-01', "Invalid querystring.to: must not be before 2026-11-16 (this week's Monday, the start date when none is given)"],
      ['from=2024-01-01', 'Invalid querystring.from: the range may span at most 366 days'],
      ['to=2028-01-01', 'Invalid querystring.to: the range may span at most 366 days'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: `/v2/primary/deal?${query}`, headers: auth });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error });
    }
  });

  it('names the issuer by an admin’s display-name override on the calendar and the deal page, and by its own name again once removed', async () => {
    const admin = await signedIn(ctx, 'primary-names-admin', { admin: true });
    const deal = all[0]!;
    const other = all.find((d) => d.issuer.id !== deal.issuer.id)!;
    const set = await ctx.app.inject({
      method: 'PUT',
      url: `/admin/display-names/issuer/${deal.issuer.id}`,
      headers: admin,
      payload: { displayName: 'Renamed Holdings Group', version: null },
    });
    expect(set.statusCode, set.body).toBe(200);
    const named = (deals: DealSummary[], id: number) => deals.find((d) => d.id === id)!.issuer;
    const calendar = (await get<DealListResponse>('/v2/primary/deal?from=2026-09-01&to=2026-11-20')).deals;
    expect(named(calendar, deal.id)).toEqual({ ...deal.issuer, displayName: 'Renamed Holdings Group' });
    expect(named(calendar, other.id)).toEqual(other.issuer);
    const page = await get<DealDetailResponse>(`/v2/primary/deal/${deal.id}`);
    expect(page.deal.issuer.displayName).toBe('Renamed Holdings Group');
    expect(page.deal.issuer.name).toBe(deal.issuer.name); // the legal name stays

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/admin/display-names/issuer/${deal.issuer.id}?version=0`,
      headers: admin,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await get<DealDetailResponse>(`/v2/primary/deal/${deal.id}`)).deal.issuer).toEqual(deal.issuer);
  });
});
