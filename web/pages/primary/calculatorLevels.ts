/**
 * The calculator page's arithmetic: the server's answer for a tranche (fair value, predicted
 * concession, typical tightening, Treasury levels) with the user's overrides applied, priced by
 * the same function the server uses (common/newIssuePricing.ts) — so an override recomputes at
 * once, without a round trip, and agrees with what the server would answer.
 */
import type { CalculatorTranche } from '@common/api/newIssueCalculator';
import { NegativeYieldError, type NewTrancheLevels, priceNewTranche } from '@common/newIssuePricing';

/** What a user enters for a tranche: its tenor and size. */
export interface TrancheInput {
  tenorYears: number;
  sizeMm: number;
}

/** What a user may enter instead of the derived value (undefined: use the derived one). */
export interface TrancheOverrides {
  fairValueBp?: number | undefined;
  concessionBp?: number | undefined;
  tighteningBp?: number | undefined;
  /** Decimal, as the API carries yields. */
  benchmarkYield?: number | undefined;
  coupon?: number | undefined;
}

export type TrancheResult = { levels: NewTrancheLevels; error: null } | { levels: null; error: string };

export function trancheLevels(base: CalculatorTranche, o: TrancheOverrides): TrancheResult {
  try {
    const levels = priceNewTranche({
      tenorYears: base.tenorYears,
      settlementDate: base.settlementDate,
      fairValueBp: o.fairValueBp ?? base.fairValue.spreadBp,
      concessionBp: o.concessionBp ?? base.concession.expectedBp,
      tighteningBp: o.tighteningBp ?? base.tighteningBp.value,
      treasuryAtTenor: base.treasuryAtTenor,
      benchmarkMarketYield: base.benchmark.marketYield,
      benchmarkYield: o.benchmarkYield ?? base.benchmark.marketYield,
      coupon: o.coupon ?? null,
    });
    return { levels, error: null };
  } catch (err) {
    if (err instanceof NegativeYieldError) return { levels: null, error: err.message };
    throw err;
  }
}
