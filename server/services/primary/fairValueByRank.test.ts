import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database';
import type { Database } from '../../db/schema';
import { createTestDatabase } from '../../test/testDatabase';
import { createBonds, createCurves, createIssuer, createSector } from '../pricing/testFixtures';
import type { DealSummary } from '../../../common/api/primary';
import { listDeals } from './deals';

/**
 * Issue 32 item 2 on a real database: a tranche of a rank its issuer has no bond of is priced on
 * the issuer's senior unsecured curve times the documented rank multiple (docs/primary-markets.md,
 * "Fair value by rank"), never on a curve through bonds of every rank; and where no fair value is
 * credible the deal shows none, with the reason.
 *
 * The bank (rated BBB+) has senior unsecured bonds all at 100 bp from 3 to 10 years (one of them a
 * premium callable whose G-spread to maturity reads 160 bp but 100 bp to worst) and two junior
 * subordinated ones at 320 bp. Its deal prices a 7-year subordinated tranche at 162 bp and a
 * 7-year senior secured one at 80 bp; it has no bond of either rank.
 */
const CLOSE = '2026-11-19';
const PRICED_AT = new Date('2026-11-20T20:00:00Z');
const NOW = new Date('2026-11-21T12:00:00Z');

let handle: DatabaseHandle;
let db: Kysely<Database>;
let bank: DealSummary;
let distressed: DealSummary;
let juniorOnly: DealSummary;

/** An end-of-day close at a G-spread; `ytwBelowYtmBp` > 0 for a callable priced to its call. */
async function close(bondId: number, gSpreadBp: number, ytwBelowYtmBp = 0): Promise<void> {
  const ytm = 0.04 + gSpreadBp / 1e4;
  const ytw = ytm - ytwBelowYtmBp / 1e4;
  await db
    .insertInto('evaluated_prices')
    .values({
      bond_id: bondId,
      price_date: CLOSE,
      kind: 'eod',
      as_of: new Date(`${CLOSE}T21:00:00Z`),
      clean_price: 100,
      yield: ytm,
      g_spread_bp: gSpreadBp,
      confidence: 90,
      inputs: JSON.stringify({ m: [ytwBelowYtmBp > 0 ? ytw : null, ytw, gSpreadBp] }),
    })
    .execute();
}

/** A priced deal of `issuerId` whose tranches became the given bonds, at the given spreads. */
async function pricedDeal(issuerId: number, tranches: { bondId: number; tenor: number; spreadBp: number }[]): Promise<number> {
  const deal = await db
    .insertInto('deals')
    .values({
      issuer_id: issuerId,
      status: 'priced',
      announced_at: new Date('2026-11-20T13:00:00Z'),
      priced_at: PRICED_AT,
      bookrunners: JSON.stringify(['Barclays']),
      use_of_proceeds: null,
      created_at: PRICED_AT,
      updated_at: PRICED_AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('deal_tranches')
    .values(
      tranches.map((t) => ({
        deal_id: deal.id,
        tenor_years: t.tenor,
        size: 1e9,
        priced_spread_bp: t.spreadBp,
        bond_id: t.bondId,
      })),
    )
    .execute();
  return deal.id;
}

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await createCurves(db, [CLOSE, '2026-11-20']);
  const { industryId } = await createSector(db, 'FINL', 'Financials');
  const bankId = await createIssuer(db, industryId, 'RNK');
  const old = { issuerId: bankId, issueDate: '2024-01-15', ratingSp: 'BBB+' };
  const [s3, s5, s10, callable, j4, j8] = await createBonds(db, [
    { ...old, maturityDate: '2029-11-15' },
    { ...old, maturityDate: '2031-11-15' },
    { ...old, maturityDate: '2036-11-15' },
    { ...old, maturityDate: '2033-11-15', coupon: 0.08, callSchedule: [{ date: '2027-11-15', price: 100 }] },
    { ...old, maturityDate: '2030-11-15', seniority: 'Junior Subordinated', ratingSp: 'BBB-' },
    { ...old, maturityDate: '2034-11-15', seniority: 'Junior Subordinated', ratingSp: 'BBB-' },
  ]);
  for (const id of [s3!, s5!, s10!]) await close(id, 100);
  await close(callable!, 160, 60);
  for (const id of [j4!, j8!]) await close(id, 320);
  const issued = { issuerId: bankId, issueDate: '2026-11-24', maturityDate: '2033-11-24' };
  const [sub, secured] = await createBonds(db, [
    { ...issued, seniority: 'Subordinated', ratingSp: 'BBB' },
    { ...issued, seniority: 'Senior Secured', ratingSp: 'A-' },
  ]);
  const bankDeal = await pricedDeal(bankId, [
    { bondId: sub!, tenor: 7, spreadBp: 162 },
    { bondId: secured!, tenor: 7, spreadBp: 80 },
  ]);

  // A CCC+ issuer: senior bonds at 900 bp, a senior tranche at 950 bp.
  const cccId = await createIssuer(db, industryId, 'DST');
  const ccc = { issuerId: cccId, issueDate: '2024-01-15', ratingSp: 'CCC+' };
  const [c3, c10, cNew] = await createBonds(db, [
    { ...ccc, maturityDate: '2029-11-15' },
    { ...ccc, maturityDate: '2036-11-15' },
    { ...ccc, issueDate: '2026-11-24', maturityDate: '2031-11-24' },
  ]);
  for (const id of [c3!, c10!]) await close(id, 900);
  const cccDeal = await pricedDeal(cccId, [{ bondId: cNew!, tenor: 5, spreadBp: 950 }]);

  // An issuer with junior subordinated bonds only, pricing a subordinated tranche.
  const juniorId = await createIssuer(db, industryId, 'JRO');
  const jr = { issuerId: juniorId, issueDate: '2024-01-15', ratingSp: 'BBB-', seniority: 'Junior Subordinated' };
  const [jr4, jr8, jNew] = await createBonds(db, [
    { ...jr, maturityDate: '2030-11-15' },
    { ...jr, maturityDate: '2034-11-15' },
    { issuerId: juniorId, issueDate: '2026-11-24', maturityDate: '2033-11-24', seniority: 'Subordinated', ratingSp: 'BBB' },
  ]);
  for (const id of [jr4!, jr8!]) await close(id, 300);
  const juniorDeal = await pricedDeal(juniorId, [{ bondId: jNew!, tenor: 7, spreadBp: 200 }]);

  const deals = await listDeals(db, { from: '2026-11-20', to: '2026-11-20', status: 'priced' }, NOW);
  bank = deals.find((d) => d.id === bankDeal)!;
  distressed = deals.find((d) => d.id === cccDeal)!;
  juniorOnly = deals.find((d) => d.id === juniorDeal)!;
});

afterAll(async () => {
  await handle?.close();
});

describe('a tranche of a rank its issuer has no bond of', () => {
  it('a rank-fallback tranche no longer produces an outlier concession', () => {
    const [sub, secured] = bank.tranches;
    // Subordinated, investment grade: 100 bp senior × 1.5 = 150 bp; priced at 162 bp: 12 bp.
    expect(sub!.fairValueMethod).toBe('issuer senior curve, notched for rank');
    expect(sub!.fairValueBp).toBeCloseTo(150, 6);
    expect(sub!.concessionBp).toBeCloseTo(12, 6);
    // Senior secured: 100 bp × 0.75 = 75 bp; priced at 80 bp: 5 bp.
    expect(secured!.fairValueBp).toBeCloseTo(75, 6);
    expect(secured!.concessionBp).toBeCloseTo(5, 6);
    // One curve through all six bonds (three at 100, the callable at 160, two at 320: 183 bp on
    // average) measured both concessions below zero, the secured one by about 100 bp.
  });

  it('reads a premium callable at its spread to worst, not its G-spread to maturity', () => {
    // With the callable at 160 bp the senior curve would sit above 100 bp; to worst it is 100.
    expect(bank.tranches[0]!.fairValueBp! / 1.5).toBeCloseTo(100, 6);
  });
});

describe('no fair value rather than a wrong one', () => {
  it('a CCC-rated issuer shows none, and says why', () => {
    const [t] = distressed.tranches;
    expect(t!.fairValueBp).toBeNull();
    expect(t!.concessionBp).toBeNull();
    expect(t!.fairValueMethod).toMatch(/^none: rated CCC\+ or below/);
  });

  it('a subordinated tranche of an issuer without senior or subordinated bonds shows none', () => {
    const [t] = juniorOnly.tranches;
    expect(t!.fairValueBp).toBeNull();
    expect(t!.concessionBp).toBeNull();
    expect(t!.fairValueMethod).toBe('none: no subordinated or senior unsecured bond of the issuer to notch from');
  });
});
