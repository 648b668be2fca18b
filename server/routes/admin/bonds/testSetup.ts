import { expect } from 'vitest';
import type { AdminBond, AdminBondUpdate } from '../../../../common/api/adminBonds';
import { importSample, prepareReference } from '../../../services/importers/testing';
import { repriceUniverse } from '../../../services/pricing';
import type { TestContext } from '../../../test/testApp';

/** The sample reference file, curve and TRACE file imported, and the universe priced now. */
export async function sampleMarket(ctx: TestContext): Promise<void> {
  const db = ctx.database.db;
  await prepareReference(db);
  for (const [kind, file] of [
    ['treasury', 'treasury-par-yield-curve.csv'],
    ['bonds', 'bonds.csv'],
    ['trace', 'trace-enhanced.txt'],
  ] as const)
    expect((await importSample(db, kind, file)).committed).toBe(true);
  await repriceUniverse(db, new Date(ctx.app.now()));
}

export async function bondIdOf(ctx: TestContext, cusip: string): Promise<number> {
  return (await ctx.database.db.selectFrom('bonds').select('id').where('cusip', '=', cusip).executeTakeFirstOrThrow()).id;
}

/** The editable terms of a bond as read, with its version: the body of an edit that changes nothing. */
export function termsOf(bond: AdminBond): AdminBondUpdate {
  return {
    cusip: bond.cusip,
    issuerId: bond.issuerId,
    description: bond.description,
    couponType: bond.couponType,
    coupon: bond.coupon,
    frequency: bond.frequency,
    dayCount: bond.dayCount,
    endOfMonth: bond.endOfMonth,
    issueDate: bond.issueDate,
    firstCouponDate: bond.firstCouponDate,
    maturityDate: bond.maturityDate,
    amountIssued: bond.amountIssued,
    amountOutstanding: bond.amountOutstanding,
    seniority: bond.seniority,
    callSchedule: bond.callSchedule,
    floaterIndex: bond.floaterIndex,
    quotedMarginBp: bond.quotedMarginBp,
    ratingSp: bond.ratingSp,
    ratingMoody: bond.ratingMoody,
    isBenchmark: bond.isBenchmark,
    updatedAt: bond.updatedAt,
  };
}
