/**
 * A new tranche's levels from its inputs — fair value, concession, tightening, the Treasury
 * curve at its tenor and at its benchmark's — shared by the server's calculator and the
 * calculator page, which recomputes with it the moment an override changes (no round trip).
 * Conventions (docs/primary-markets.md): spreads over the interpolated Treasury curve; the spread
 * to the benchmark adds the curve between the benchmark's tenor and the tranche's; the coupon is
 * the reoffer yield rounded down to the 1/8 %; the price is the clean price at the reoffer yield,
 * 30/360 semi-annual, settling on the settlement day.
 */
import { createBond, parseDate, priceFromYield, settle } from '@analytics/index';
import { BENCHMARK_TENORS } from './api/newIssueCalculator';

export interface NewTrancheInputs {
  tenorYears: number;
  settlementDate: string;
  fairValueBp: number;
  concessionBp: number;
  tighteningBp: number;
  /** The Treasury curve at the tranche's tenor and at its benchmark's tenor (decimals). */
  treasuryAtTenor: number;
  benchmarkMarketYield: number;
  /** The benchmark yield priced off: the market's, or one entered. */
  benchmarkYield: number;
  /** An entered coupon (decimal), or null for the reoffer yield rounded down to the 1/8. */
  coupon: number | null;
}

export interface NewTrancheLevels {
  maturityDate: string;
  reofferSpreadBp: number;
  iptSpreadBp: number;
  spreadToBenchmarkBp: number;
  reofferYield: number;
  coupon: number;
  price: number;
}

/** A spread that puts the reoffer yield at or below zero: nothing to price. */
export class NegativeYieldError extends Error {
  constructor(readonly reofferYield: number) {
    super(`the spread gives a negative reoffer yield (${(reofferYield * 100).toFixed(3)}%)`);
  }
}

/** The on-the-run benchmark for a tenor: the nearest, an exact tie going to the longer. */
export function benchmarkTenorOf(tenorYears: number): number {
  let best: number = BENCHMARK_TENORS[0];
  for (const b of BENCHMARK_TENORS) if (Math.abs(b - tenorYears) <= Math.abs(best - tenorYears)) best = b;
  return best;
}

/** US convention: the reoffer yield rounded down to the nearest 1/8 of a percent. */
export function couponFor(reofferYield: number): number {
  return Math.floor(reofferYield * 800 + 1e-9) / 800;
}

/** A date `months` months after an ISO day, clamped to the month's end. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, last))).toISOString().slice(0, 10);
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * The clean price of a new US corporate note at a yield: fixed coupon, semi-annual 30/360, issued
 * and settling on the settlement date (the street convention the calculator and the term-sheet
 * check both price by). Throws the analytics' errors for dates it cannot price.
 */
export function newIssuePrice(settlementDate: string, maturityDate: string, coupon: number, yieldToMaturity: number): number {
  const settlement = parseDate(settlementDate);
  const bond = createBond({
    issueDate: settlement,
    maturityDate: parseDate(maturityDate),
    coupon,
    frequency: 2,
    dayCount: '30/360',
    endOfMonth: false,
    redemption: 100,
  });
  return priceFromYield(settle(bond, settlement), yieldToMaturity);
}

/** The tranche's levels; throws NegativeYieldError when the spread leaves no positive yield. */
export function priceNewTranche(i: NewTrancheInputs): NewTrancheLevels {
  const reofferSpread = i.fairValueBp + i.concessionBp;
  const spreadToBenchmark = reofferSpread + (i.treasuryAtTenor - i.benchmarkMarketYield) * 1e4;
  const reofferYield = i.benchmarkYield + spreadToBenchmark / 1e4;
  if (!(reofferYield > 0)) throw new NegativeYieldError(reofferYield);
  const coupon = i.coupon ?? couponFor(reofferYield);
  const maturityDate = addMonths(i.settlementDate, Math.round(i.tenorYears * 12));
  return {
    maturityDate,
    reofferSpreadBp: round(reofferSpread, 1),
    iptSpreadBp: round(reofferSpread + i.tighteningBp, 1),
    spreadToBenchmarkBp: round(spreadToBenchmark, 1),
    reofferYield: round(reofferYield, 7),
    coupon,
    price: round(newIssuePrice(i.settlementDate, maturityDate, coupon, reofferYield), 4),
  };
}
