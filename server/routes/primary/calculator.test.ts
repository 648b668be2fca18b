import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalculatorResponse } from '../../../common/api/newIssueCalculator';
import type { DealListResponse } from '../../../common/api/primary';
import { addDays } from '../../../common/calendar';
import { priceNewTranche } from '../../../common/newIssuePricing';
import { seedUniverse } from '../../services/market/simulator/index';
import { LOOKBACK_DAYS } from '../../services/primary/calculator';
import { WORKBOOK_ROWS as R } from '../../services/primary/calculatorWorkbook';
import { insertOrganization, issuerWithMostFixedBonds } from '../../test/factories';
import { createTestApp, signedIn, type TestContext } from '../../test/testApp';
import { evaluateHawk } from '../../services/hawk/evaluate';

const END = '2026-11-20'; // a Friday: the last close; "today" is the next Monday
const NOW = Date.parse('2026-11-23T15:00:00Z');
const URL = '/v2/primary/calculator';

describe('the new-issue calculator', () => {
  let ctx: TestContext;
  let auth: { authorization: string };
  let issuerId: number;
  const post = (body: unknown, headers = auth) => ctx.app.inject({ method: 'POST', url: URL, headers, payload: body as object });
  const calc = async (body: unknown): Promise<CalculatorResponse> => {
    const res = await post(body);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json() as CalculatorResponse;
  };

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
    await seedUniverse(ctx.database.db, { bonds: 300, historyDays: 60, seed: 21, endDate: END, now: ctx.app.now });
    auth = await signedIn(ctx, 'banker-1');
    issuerId = await issuerWithMostFixedBonds(ctx.database.db);
  }, 120_000);
  afterAll(() => ctx.close());

  it('prices tranches of an issuer off its own curve: benchmark, fair value, concession, IPT, coupon and price', async () => {
    const body = await calc({
      issuerId,
      tranches: [
        { tenorYears: 4, sizeMm: 750 },
        { tenorYears: 10, sizeMm: 1000 },
        { tenorYears: 12, sizeMm: 500 },
      ],
    });
    expect(body.pricingDay).toBe('2026-11-23');
    expect(body.curveDay).toBe(END);
    expect(body.issuer?.id).toBe(issuerId);
    // On-the-run benchmarks: nearest, a tie (4y between 3y and 5y) to the longer.
    expect(body.tranches.map((t) => t.benchmark.tenorYears)).toEqual([5, 10, 10]);
    for (const t of body.tranches) {
      expect(t.fairValue.method).toMatch(/^issuer curve/);
      expect(t.fairValue.issuerBonds).toBeGreaterThan(1);
      expect(t.concession.lowBp!).toBeLessThanOrEqual(t.concession.expectedBp);
      expect(t.concession.highBp!).toBeGreaterThanOrEqual(t.concession.expectedBp);
      expect(t.reofferSpreadBp).toBeCloseTo(t.fairValue.spreadBp + t.concession.expectedBp, 0);
      expect(t.iptSpreadBp).toBeCloseTo(t.reofferSpreadBp + t.tighteningBp.value, 0);
      // Coupon: the reoffer yield rounded down to the 1/8 %, so the bond prices at or under par.
      expect(t.coupon.value * 800).toBeCloseTo(Math.round(t.coupon.value * 800), 9);
      expect(t.reofferYield - t.coupon.value).toBeGreaterThanOrEqual(-1e-12);
      expect(t.reofferYield - t.coupon.value).toBeLessThan(0.00125);
      expect(t.price).toBeLessThanOrEqual(100);
      expect(t.price).toBeGreaterThan(98);
      expect(t.settlementDate).toBe('2026-11-27');
    }
    // The page recomputes from the answer alone: from the levels shown it lands on the same numbers.
    for (const t of body.tranches) {
      const again = priceNewTranche({
        tenorYears: t.tenorYears,
        settlementDate: t.settlementDate,
        fairValueBp: t.fairValue.spreadBp,
        concessionBp: t.concession.expectedBp,
        tighteningBp: t.tighteningBp.value,
        treasuryAtTenor: t.treasuryAtTenor,
        benchmarkMarketYield: t.benchmark.marketYield,
        benchmarkYield: t.benchmark.yield.value,
        coupon: null,
      });
      expect(again).toEqual({
        maturityDate: t.maturityDate,
        reofferSpreadBp: t.reofferSpreadBp,
        iptSpreadBp: t.iptSpreadBp,
        spreadToBenchmarkBp: t.spreadToBenchmarkBp,
        reofferYield: t.reofferYield,
        coupon: t.coupon.value,
        price: t.price,
      });
    }
    // Thanksgiving (26 Nov) is no settlement day: T+3 from Monday the 23rd is Friday the 27th.
    expect(body.tranches[0]!.settlementDate).toBe('2026-11-27');
    expect(body.tranches[1]!.maturityDate).toBe('2036-11-27');
  });

  it('a coupon equal to the reoffer yield prices at par: overrides recompute everything', async () => {
    // 10y tranche on the 10y benchmark: spread to benchmark = fair value + concession = 100 bp,
    // benchmark at 4 % → reoffer yield 5 %, coupon 5 %, price 100.
    const body = await calc({
      issuerId,
      tranches: [{ tenorYears: 10, sizeMm: 1000, fairValueBp: 90, concessionBp: 10, tighteningBp: 30, benchmarkYield: 0.04 }],
    });
    const t = body.tranches[0]!;
    expect(t.fairValue).toMatchObject({ spreadBp: 90, overridden: true, method: 'entered' });
    expect(t.concession).toEqual({ expectedBp: 10, lowBp: null, highBp: null, overridden: true });
    expect(t.spreadToBenchmarkBp).toBeCloseTo(100, 6);
    expect(t.reofferYield).toBeCloseTo(0.05, 9);
    expect(t.coupon).toEqual({ value: 0.05, overridden: false });
    expect(t.price).toBeCloseTo(100, 4);
    expect(t.iptSpreadBp).toBe(130);
    // An entered coupon below the yield prices the bond at a discount.
    const discount = (
      await calc({
        issuerId,
        tranches: [{ tenorYears: 10, sizeMm: 1000, fairValueBp: 90, concessionBp: 10, benchmarkYield: 0.04, coupon: 0.045 }],
      })
    ).tranches[0]!;
    expect(discount.coupon).toEqual({ value: 0.045, overridden: true });
    expect(discount.price).toBeLessThan(97);
  });

  it('prices a hypothetical issuer by sector and rating off the sector-and-rating curve', async () => {
    const body = await calc({ sector: 'FINL', rating: 'BBB+', tranches: [{ tenorYears: 7, sizeMm: 500 }] });
    expect(body.issuer).toBeNull();
    expect(body).toMatchObject({ sector: 'FINL', rating: 'BBB+', ratingClass: 'IG' });
    expect(body.tranches[0]!.fairValue).toMatchObject({ method: 'sector and rating curve', issuerBonds: 0, overridden: false });
  });

  it('fits the concession model on the priced tranches of its window, as the deal list reports them', async () => {
    const body = await calc({ issuerId, tranches: [{ tenorYears: 5, sizeMm: 500 }] });
    const from = addDays('2026-11-23', -LOOKBACK_DAYS);
    const listed = (
      await ctx.app.inject({ method: 'GET', url: `/v2/primary/deal?from=${addDays(from, -30)}&to=2026-11-22&status=priced`, headers: auth })
    ).json() as DealListResponse;
    const expected = listed.deals
      .filter((d) => d.pricedAt !== null && d.pricedAt.slice(0, 10) >= from && d.pricedAt.slice(0, 10) < '2026-11-23')
      .flatMap((d) => d.tranches)
      .filter((t) => t.concessionBp !== null).length;
    expect(expected).toBeGreaterThan(0);
    expect(body.model.observations).toBe(expected);
    expect(['regression', 'median']).toContain(body.model.method);
    expect(body.model.coefficients.length).toBeGreaterThan(0);
  });

  it('refuses bad input with an error naming the field, and nothing else', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ issuerId, tranches: [{ tenorYears: 0.5, sizeMm: 500 }] }, /tenorYears/],
      [{ issuerId, tranches: [{ tenorYears: 51, sizeMm: 500 }] }, /tenorYears/],
      [{ issuerId, tranches: [{ tenorYears: 5, sizeMm: 0 }] }, /sizeMm/],
      [{ issuerId, tranches: [{ tenorYears: 5, sizeMm: -5 }] }, /sizeMm/],
      [{ issuerId, tranches: [] }, /tranches/],
      [
        { issuerId: 999_999, tranches: [{ tenorYears: 5, sizeMm: 500 }] },
        /^Invalid body\.issuerId: is unknown: there is no issuer 999999$/,
      ],
      [{ tranches: [{ tenorYears: 5, sizeMm: 500 }] }, /issuerId/],
      [{ sector: 'FINL', tranches: [{ tenorYears: 5, sizeMm: 500 }] }, /issuerId/],
      [
        { issuerId, tranches: [{ tenorYears: 5, sizeMm: 500, fairValueBp: -900 }] },
        /^Invalid body\.tranches\.0\.fairValueBp: makes the reoffer yield of the 5-year tranche negative \(-\d+\.\d{3}%\): nothing to price$/,
      ],
      [
        { issuerId, tranches: [{ tenorYears: 5, sizeMm: 500, benchmarkYield: -0.02 }] },
        /^Invalid body\.tranches\.0\.benchmarkYield: makes the reoffer yield of the 5-year tranche negative/,
      ],
      [{ issuerId, tranches: [{ tenorYears: 5, sizeMm: 500, price: 99 }] }, /price|unrecognized/i],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toMatch(message);
    }
  });

  it('asks for a fair value it cannot read, naming the tranche, and prices the tranche once one is entered', async () => {
    const distressed = { sector: 'FINL', rating: 'CCC', tranches: [{ tenorYears: 7, sizeMm: 300 }] };
    const res = await post(distressed);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error:
        'Invalid body.tranches.0.fairValueBp: must be entered for the 7-year tranche: ' +
        'rated CCC+ or below, distressed paper trades on price and recovery, not on a spread curve',
    });
    const entered = await calc({ ...distressed, tranches: [{ tenorYears: 7, sizeMm: 300, fairValueBp: 900 }] });
    expect(entered.tranches[0]!.fairValue).toMatchObject({ spreadBp: 900, overridden: true });
  });

  it('refuses rates sent in percent in both units', async () => {
    const res = await post({ issuerId, tranches: [{ tenorYears: 5, sizeMm: 500, benchmarkYield: 4.1, coupon: -0.01 }] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      error:
        'Invalid body.tranches.0.benchmarkYield: must be a decimal rate of at most 0.5 (50%); ' +
        'body.tranches.0.coupon: must be a decimal rate of at least 0 (0%)',
    });
  });

  it('needs a signed-in caller with the new_issue_calculator feature', async () => {
    expect((await post({ issuerId, tranches: [{ tenorYears: 5, sizeMm: 500 }] }, {} as typeof auth)).statusCode).toBe(401);
    const other = await signedIn(ctx, 'banker-without-calculator');
    await ctx.database.db
      .insertInto('feature_levels')
      .values({ scope: 'user', scope_id: 'banker-without-calculator', feature: 'new_issue_calculator', level: 0, updated_by: null })
      .execute();
    const res = await post({ issuerId, tranches: [{ tenorYears: 5, sizeMm: 500 }] }, other);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/new_issue_calculator/);
  });

  it('exports the calculation as a workbook whose results are live formulas over its inputs', async () => {
    const request = {
      issuerId,
      tranches: [
        { tenorYears: 10, sizeMm: 1000 },
        { tenorYears: 5, sizeMm: 500, coupon: 0.045, concessionBp: 12 },
      ],
    };
    const answer = await calc(request);
    const res = await ctx.app.inject({ method: 'POST', url: `${URL}/xlsx`, headers: auth, payload: request });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="new-issue-calculator-2026-11-23.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('New issue')!;
    const value = (cell: string) => sheet.getCell(cell).value;
    const result = (cell: string) => (sheet.getCell(cell).value as { result: number }).result;
    const formula = (cell: string) => (sheet.getCell(cell).value as { formula: string }).formula;
    answer.tranches.forEach((t, k) => {
      const c = String.fromCharCode(66 + k); // B, C
      const at = (row: number) => `${c}${row}`;
      expect(value(at(R.tenor))).toBe(t.tenorYears);
      expect(value(at(R.fairValue))).toBe(t.fairValue.spreadBp);
      expect(value(at(R.concession))).toBe(t.concession.expectedBp);
      expect(formula(at(R.reofferSpread))).toBe(`${at(R.fairValue)}+${at(R.concession)}`);
      expect(formula(at(R.ipt))).toBe(`${at(R.reofferSpread)}+${at(R.tightening)}`);
      expect(formula(at(R.price))).toBe(
        `PRICE(${at(R.settlement)},${at(R.maturity)},${at(R.coupon)}/100,${at(R.reofferYield)}/100,100,2,0)`,
      );
      // Each formula's stored result is the calculator's number, and follows from the inputs as the formula says.
      expect(result(at(R.reofferSpread))).toBe(t.reofferSpreadBp);
      expect(result(at(R.ipt))).toBe(t.iptSpreadBp);
      const spreadToBenchmark =
        (value(at(R.fairValue)) as number) +
        (value(at(R.concession)) as number) +
        ((value(at(R.treasuryAtTenor)) as number) - (value(at(R.benchmarkMarketYield)) as number)) * 100;
      expect(result(at(R.spreadToBenchmark))).toBeCloseTo(spreadToBenchmark, 1);
      expect(result(at(R.reofferYield))).toBeCloseTo((value(at(R.benchmarkYield)) as number) + spreadToBenchmark / 100, 5);
      expect(result(at(R.reofferYield))).toBeCloseTo(t.reofferYield * 100, 9);
      expect(result(at(R.coupon))).toBeCloseTo(t.coupon.value * 100, 12);
      expect(result(at(R.price))).toBe(t.price);
    });
    // The first tranche's coupon is the formula's rounding; the second's is the coupon entered.
    expect(value(`B${R.couponOverride}`)).toBeNull();
    expect(value(`C${R.couponOverride}`)).toBe(4.5);
    expect(result(`C${R.coupon}`)).toBe(4.5);
    expect(formula(`B${R.coupon}`)).toBe(`IF(ISBLANK(B${R.couponOverride}),ROUNDDOWN(B${R.reofferYield}*8+1E-9,0)/8,B${R.couponOverride})`);
    expect((sheet.getCell(`B${R.settlement}`).value as Date).toISOString().slice(0, 10)).toBe('2026-11-27');
  });

  it('the workbook needs its own feature, and bad input is a 400 as for the calculation', async () => {
    const other = await signedIn(ctx, 'banker-without-xlsx');
    await ctx.database.db
      .insertInto('feature_levels')
      .values({ scope: 'user', scope_id: 'banker-without-xlsx', feature: 'new-issue-calculator-download-xlsx', level: 0, updated_by: null })
      .execute();
    const body = { issuerId, tranches: [{ tenorYears: 5, sizeMm: 500 }] };
    const refused = await ctx.app.inject({ method: 'POST', url: `${URL}/xlsx`, headers: other, payload: body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/new-issue-calculator-download-xlsx/);
    // The same user may still calculate: the features are separate.
    expect((await post(body, other)).statusCode).toBe(200);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `${URL}/xlsx`,
      headers: auth,
      payload: { issuerId, tranches: [{ tenorYears: 0, sizeMm: 500 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/tenorYears/);
  });

  describe('a calculation announced as a deal', () => {
    const DEAL_URL = `${URL}/deal`;
    const newDeal = {
      calculation: {
        issuerId: 0,
        tranches: [
          { tenorYears: 10, sizeMm: 1000 },
          { tenorYears: 5, sizeMm: 500 },
        ],
      },
      bookrunners: ['GS', 'JPM'],
      useOfProceeds: 'General corporate purposes',
    };
    let colleague: { authorization: string };
    let outsider: { authorization: string };
    const db = () => ctx.database.db;
    const deals = async (headers: { authorization: string }) =>
      ((await ctx.app.inject({ method: 'GET', url: '/v2/primary/deal', headers })).json() as DealListResponse).deals;
    const dealCount = async () =>
      Number(
        (
          await ctx.database.db
            .selectFrom('deals')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    beforeAll(async () => {
      newDeal.calculation.issuerId = issuerId;
      const db = ctx.database.db;
      await insertOrganization(db, 'org-desk', { name: 'The Desk', token: 'org-desk-token' });
      colleague = await signedIn(ctx, 'banker-colleague');
      outsider = await signedIn(ctx, 'banker-elsewhere');
      await db.updateTable('users').set({ organization_id: 'org-desk' }).where('id', 'in', ['banker-1', 'banker-colleague']).execute();
    });

    it('is announced now with its tranches, and shows to its creator and their organisation only', async () => {
      // Both follow new deals of the issuer; only the colleague may hear of this one.
      const rule = { rule: { kind: 'newDeal' }, target: { kind: 'issuer', issuerId }, frequency: { type: 'every', cooldownMinutes: 1 } };
      const alert = async (headers: { authorization: string }) => {
        const r = await ctx.app.inject({ method: 'POST', url: '/v2/hawk/subscriptions', headers, payload: rule });
        expect(r.statusCode, r.body).toBe(201);
        return r.json().id as number;
      };
      const [colleagueAlert, outsiderAlert] = [await alert(colleague), await alert(outsider)];
      const res = await ctx.app.inject({ method: 'POST', url: DEAL_URL, headers: auth, payload: newDeal });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json() as { id: number };
      const mine = (await deals(auth)).find((d) => d.id === id);
      expect(mine).toMatchObject({
        status: 'announced',
        bookrunners: ['GS', 'JPM'],
        useOfProceeds: 'General corporate purposes',
        totalSize: 1.5e9,
      });
      expect(mine!.issuer.id).toBe(issuerId);
      expect(mine!.tranches.map((t) => [t.tenorYears, t.size]).sort((a, b) => a[0]! - b[0]!)).toEqual([
        [5, 5e8],
        [10, 1e9],
      ]);
      expect(mine!.timeline).toEqual([{ status: 'announced', at: new Date(NOW).toISOString() }]);
      expect((await deals(colleague)).map((d) => d.id)).toContain(id);
      expect((await deals(outsider)).map((d) => d.id)).not.toContain(id);
      expect((await ctx.app.inject({ method: 'GET', url: `/v2/primary/deal/${id}`, headers: colleague })).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: `/v2/primary/deal/${id}`, headers: outsider })).statusCode).toBe(404);
      // What the calculator said is kept with the announcement.
      const step = await ctx.database.db
        .selectFrom('deal_status_history')
        .select('details')
        .where('deal_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(step.details).toMatchObject({
        source: 'new-issue calculator',
        createdBy: 'banker-1',
        tranches: [{ tenorYears: 10 }, { tenorYears: 5 }],
      });
      // The same deal event as every source, naming who may see it; hawk and the new-deal
      // notification reach the organisation only (not the banker who made it: they know).
      const event = await db()
        .selectFrom('events')
        .select('payload')
        .where('type', '=', 'deal.new')
        .where('subject_id', '=', String(id))
        .executeTakeFirstOrThrow();
      expect(event.payload).toMatchObject({ dealId: id, issuerId, source: 'calculator' });
      expect((event.payload.audience as string[]).sort()).toEqual(['banker-1', 'banker-colleague']);
      await evaluateHawk(db(), ctx.config, new Date(NOW));
      const fired = async (sub: number) =>
        (await db().selectFrom('hawk_firings').select('deal_id').where('subscription_id', '=', sub).execute()).map((f) => f.deal_id);
      expect(await fired(colleagueAlert)).toEqual([id]);
      expect(await fired(outsiderAlert)).toEqual([]);
      const told = await db().selectFrom('notifications').select('user_id').where('category', '=', 'new_primary_deals').execute();
      expect(told.map((n) => n.user_id)).toEqual(['banker-colleague']);
    });

    it('refuses what cannot be a deal, naming the field, and creates nothing', async () => {
      const before = await dealCount();
      const cases: Array<[unknown, RegExp]> = [
        [
          { calculation: { sector: 'FINL', rating: 'A', tranches: [{ tenorYears: 5, sizeMm: 500 }] } },
          /^Invalid body\.calculation\.issuerId: a deal needs an existing issuer; a hypothetical one cannot be announced$/,
        ],
        [
          { calculation: { issuerId, tranches: [{ tenorYears: 7.5, sizeMm: 500 }] } },
          /^Invalid body\.calculation\.tranches\.0\.tenorYears: a deal tranche is a whole number of years$/,
        ],
        [
          { calculation: { issuerId, tranches: [{ tenorYears: 5, sizeMm: 500, fairValueBp: -900 }] } },
          /^Invalid body\.calculation\.tranches\.0\.fairValueBp: makes the reoffer yield of the 5-year tranche negative/,
        ],
        [
          { calculation: { issuerId: 999_999, tranches: [{ tenorYears: 5, sizeMm: 500 }] } },
          /^Invalid body\.calculation\.issuerId: is unknown: there is no issuer 999999$/,
        ],
        [{ calculation: { issuerId, tranches: [{ tenorYears: 5, sizeMm: 500 }] }, bookrunners: [''] }, /bookrunners/],
      ];
      for (const [body, message] of cases) {
        const res = await ctx.app.inject({ method: 'POST', url: DEAL_URL, headers: auth, payload: body as object });
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error, JSON.stringify(body)).toMatch(message);
      }
      expect(await dealCount()).toBe(before);
    });

    it('needs the new-issue-calculator-new-deal feature', async () => {
      // A user who has not called yet: features are remembered per user for a while once read.
      await ctx.database.db
        .insertInto('feature_levels')
        .values({ scope: 'user', scope_id: 'banker-no-deals', feature: 'new-issue-calculator-new-deal', level: 0, updated_by: null })
        .execute();
      const refused = await signedIn(ctx, 'banker-no-deals');
      const res = await ctx.app.inject({ method: 'POST', url: DEAL_URL, headers: refused, payload: newDeal });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatch(/new-issue-calculator-new-deal/);
      expect((await ctx.app.inject({ method: 'POST', url: DEAL_URL, payload: newDeal })).statusCode).toBe(401);
    });
  });

  it('names the issuer by an admin’s display-name override, on screen and in the workbook', async () => {
    const admin = await signedIn(ctx, 'calculator-names-admin', { admin: true });
    const request = { issuerId, tranches: [{ tenorYears: 10, sizeMm: 1000 }] };
    const before = await calc(request);
    expect(before.issuer!.displayName).not.toBe('Desk Name Holdings');
    const set = await ctx.app.inject({
      method: 'PUT',
      url: `/admin/display-names/issuer/${issuerId}`,
      headers: admin,
      payload: { displayName: 'Desk Name Holdings', version: null },
    });
    expect(set.statusCode, set.body).toBe(200);
    const after = await calc(request);
    expect(after.issuer).toEqual({ ...before.issuer, displayName: 'Desk Name Holdings' });
    const res = await ctx.app.inject({ method: 'POST', url: `${URL}/xlsx`, headers: auth, payload: request });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.getWorksheet('New issue')!.getCell('A2').value).toBe(`${before.issuer!.ticker} Desk Name Holdings`);
    await ctx.app.inject({ method: 'DELETE', url: `/admin/display-names/issuer/${issuerId}?version=0`, headers: admin });
  });
});
