import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BondDetailResponse } from '../../../../common/api/bond';
import type { EdgarUploadResponse } from '../../../../common/api/edgar';
import { businessDaysBetween } from '../../../../common/calendar';
import { createCurves, createSector } from '../../../services/pricing/testFixtures';
import { createTestApp, signedIn, type TestContext } from '../../../test/testApp';

const NOW = Date.parse('2026-11-24T15:00:00Z');

/**
 * A pricing term sheet of our own making, laid out as US utilities write them. Its numbers are
 * those of samples/fwp/families/f02 (a 5.150% ten-year note priced at 99.900, yield 5.163% = the
 * benchmark's 4.413% + 75 bp), which the reader checks against each other; only the issuer, the
 * CUSIP and the redemption lines are its own.
 */
const termSheet = (cusip: string, redemption: string) => `
                                                       Filed Pursuant to Rule 433
                                                       Registration Statement No. 333-281234
                                                       June 9, 2025

                         QUILLON GAS & ELECTRIC COMPANY
                                Pricing Term Sheet

Issuer:                            Quillon Gas & Electric Company
Securities:                        5.150% Senior Notes due 2035
Principal Amount:                  $500,000,000
Expected Ratings (Moody's / S&P):  A3 / BBB+
Trade Date:                        June 9, 2025
Settlement Date:                   June 12, 2025 (T+3)
Maturity Date:                     June 15, 2035
Coupon:                            5.150% per annum, payable semi-annually
Interest Payment Dates:            June 15 and December 15, commencing December 15, 2025
Benchmark Treasury:                4.250% due May 15, 2035
Benchmark Treasury Price and Yield: 99-08 1/4 / 4.413%
Spread to Benchmark Treasury:      T+75 bps
Yield to Maturity:                 5.163%
Price to Public:                   99.900%
${redemption}CUSIP:                             ${cusip}
Joint Book-Running Managers:       Fabrikam Securities LLC
                                   Woodgrove Securities, Inc.
`;

// CUSIPs invented for these sheets, with their check digits.
const WITH_MAKE_WHOLE = '74839QAB0';
const WITHOUT = '74839QAC8';

describe('a make-whole call on a term sheet is stored on the bond its deal makes', () => {
  let ctx: TestContext;
  let admin: Record<string, string>;
  let user: Record<string, string>;

  const upload = async (fileName: string, content: string) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/admin/edgar', headers: admin, payload: { fileName, content } });
    expect([200, 201], res.body.slice(0, 300)).toContain(res.statusCode);
    return res.json() as EdgarUploadResponse;
  };
  const bond = (cusip: string) =>
    ctx.database.db
      .selectFrom('bonds')
      .select(['id', 'call_schedule', 'make_whole_spread_bp', 'make_whole_until'])
      .where('cusip', '=', cusip)
      .executeTakeFirstOrThrow();
  const detail = async (id: number) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/v2/bond/${id}`, headers: user });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BondDetailResponse;
  };
  const day = (d: unknown) => (d === null ? null : new Date(d as string).toISOString().slice(0, 10));

  beforeAll(async () => {
    ctx = await createTestApp({}, { now: () => NOW });
    admin = await signedIn(ctx, 'make-whole-admin', { admin: true });
    user = await signedIn(ctx, 'make-whole-user');
    const db = ctx.database.db;
    const { industryId } = await createSector(db, 'UTL', 'Utilities');
    await db
      .insertInto('issuers')
      .values({
        name: 'Quillon Gas & Electric Company',
        display_name: 'Quillon G&E',
        ticker: 'QUILL',
        sector_id: industryId,
        country_of_risk: 'US',
        corporate_structure: 'OpCo',
      })
      .execute();
    await createCurves(db, businessDaysBetween('2026-10-26', '2026-11-24'));
  });
  afterAll(() => ctx?.close());

  it('a make-whole at T+20 and a par call three months before maturity: the par call at its exact date, the make-whole 20 bp until it', async () => {
    const result = await upload(
      'quillon-make-whole.txt',
      termSheet(
        WITH_MAKE_WHOLE,
        `Optional Redemption:               Prior to March 15, 2035 (three months prior to maturity),
                                   make-whole call at T+20 bps; on or after March 15, 2035, at par
`,
      ),
    );
    expect(result).toMatchObject({ status: 'imported', problems: [] });
    const row = await bond(WITH_MAKE_WHOLE);
    expect(row.call_schedule).toEqual([{ date: '2035-03-15', price: 100 }]);
    expect(Number(row.make_whole_spread_bp)).toBe(20);
    expect(day(row.make_whole_until)).toBe('2035-03-15');
    const shown = await detail(row.id);
    expect(shown.callSchedule).toEqual([{ date: '2035-03-15', price: 100 }]);
    expect(shown.makeWhole).toEqual({ spreadBp: 20, until: '2035-03-15' });
  });

  it('a sheet stating no make-whole leaves it null', async () => {
    const result = await upload('quillon-no-call.txt', termSheet(WITHOUT, ''));
    expect(result).toMatchObject({ status: 'imported', problems: [] });
    const row = await bond(WITHOUT);
    expect(row.call_schedule).toEqual([]);
    expect([row.make_whole_spread_bp, row.make_whole_until]).toEqual([null, null]);
    expect((await detail(row.id)).makeWhole).toBeNull();
  });
});
