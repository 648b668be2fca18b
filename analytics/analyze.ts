/**
 * `analyzeBond`: the contract's whole calculation for one input object, used by the CLI and by
 * callers who hold contract-shaped JSON. Hot paths should use the building blocks instead
 * (createBond once, then settle / yieldFromPrice / riskMeasures per price).
 */
import { createBond } from './bond';
import { AnalyticsInputError } from './errors';
import { ignoredCallWarning, riskToWorst, yieldsToCall, type WorstYield } from './callable';
import { formattedCashflows, type Cashflow } from './cashflows';
import { prepareCurve, spreads, type CurveSpreads } from './curve';
import { formatDate } from './dates';
import { discountMarginFromPrice, frnCashflows, frnDirtyPrice, settleFrn, type FrnSettlement } from './frn';
import { MAX_PRICE, MIN_PRICE, parseInput, type BondInput, type Instrument } from './input';
import {
  currentYield,
  dirtyPriceFromYield,
  moneyMarketYield,
  riskMeasures,
  settle,
  yieldFromDirtyPrice,
  type RiskMeasures,
  type Settlement,
} from './pricing';

/** Contract output. Fields present depend on the instrument and on whether a curve was given. */
export interface BondAnalysis extends Partial<CurveSpreads> {
  id?: unknown;
  instrument: Instrument;
  cleanPrice: number;
  dirtyPrice: number;
  accruedInterest: number;
  accruedDays: number;
  yieldToMaturity?: number;
  modifiedDuration?: number;
  macaulayDuration?: number;
  convexity?: number;
  dv01?: number;
  currentYield?: number;
  /** 360-day money-market yield (see docs/analytics.md for the convention chosen). */
  moneyMarketYield?: number;
  discountMargin?: number;
  yieldToCall?: { date: string; price: number; yield: number }[];
  yieldToWorst?: number;
  worstDate?: string;
  /**
   * Callables: the risk measures to the workout date (`worstDate`, at `yieldToWorst`), beside the
   * contract's to-maturity `modifiedDuration`, `macaulayDuration`, `convexity` and `dv01`.
   */
  modifiedDurationToWorst?: number;
  macaulayDurationToWorst?: number;
  convexityToWorst?: number;
  dv01ToWorst?: number;
  /** Inputs left out rather than refused (a call dated on or before settlement); only when there are some. */
  warnings?: string[];
  cashflows: { date: string; amount: number }[];
}

const formatFlows = (flows: Cashflow[]) => flows.map((c) => ({ date: formatDate(c.date), amount: c.amount }));

/**
 * Everything {@link analyzeBond} computes, before it is shaped into contract objects. The
 * `bondcalc` command writes its JSON straight from this (no object per cash flow); analyzeBond
 * turns it into a {@link BondAnalysis}. Numbers are not yet checked for finiteness.
 */
export interface Analysis {
  id: unknown;
  instrument: Instrument;
  cleanPrice: number;
  dirtyPrice: number;
  accruedInterest: number;
  accruedDays: number;
  /** Fixed, zero and callable bonds: the settlement whose flows are listed, and the yield measures. */
  settlement: Settlement | null;
  yieldToMaturity: number;
  modifiedDuration: number;
  macaulayDuration: number;
  convexity: number;
  dv01: number;
  currentYield: number;
  moneyMarketYield: number;
  /** FRNs: the projected flows and the discount margin. */
  frn: FrnSettlement | null;
  discountMargin: number;
  /** Callables only: the yields to call and to worst, and the risk measures to the workout date. */
  worst: WorstYield | null;
  worstRisk: RiskMeasures | null;
  /** Inputs left out rather than refused (calls on or before settlement); null when none. */
  warnings: string[] | null;
  /** Only when a curve was given. */
  spreads: CurveSpreads | null;
}

/**
 * Computes the contract's outputs for one input object, in the same order (and so with the same
 * first error) as {@link analyzeBond}. Throws {@link AnalyticsInputError} for invalid input.
 */
export function computeAnalysis(input: BondInput | Record<string, unknown>): Analysis {
  const p = parseInput(input);
  const id = (input as Record<string, unknown>).id;
  const bond = createBond(p.terms);
  let a: Analysis;
  let yieldForCurve: number;
  if (p.instrument === 'frn') {
    const fs = settleFrn(bond, p.settlementDate, p.frn!);
    const dm = p.cleanPrice !== null ? discountMarginFromPrice(fs, p.cleanPrice) : p.rate!;
    const dirty = p.cleanPrice !== null ? p.cleanPrice + fs.accrued : frnDirtyPrice(fs, dm);
    if (!(dirty - fs.accrued >= MIN_PRICE))
      throw new AnalyticsInputError('discountMargin', `too high: implies a clean price of ${dirty - fs.accrued}`);
    if (!(dirty <= MAX_PRICE)) throw new AnalyticsInputError('discountMargin', `too low: implies a price above ${MAX_PRICE}`);
    a = {
      id,
      instrument: p.instrument,
      cleanPrice: p.cleanPrice ?? dirty - fs.accrued,
      dirtyPrice: dirty,
      accruedInterest: fs.accrued,
      accruedDays: fs.accruedDays,
      settlement: null,
      yieldToMaturity: 0,
      modifiedDuration: 0,
      macaulayDuration: 0,
      convexity: 0,
      dv01: 0,
      currentYield: 0,
      moneyMarketYield: 0,
      frn: fs,
      discountMargin: dm,
      worst: null,
      worstRisk: null,
      warnings: null,
      spreads: null,
    };
    // An FRN has no street yield; its curve spreads use its discount rate, index + DM.
    yieldForCurve = fs.indexRate + dm;
  } else {
    const s = settle(bond, p.settlementDate);
    const ytm = p.cleanPrice !== null ? yieldFromDirtyPrice(s, p.cleanPrice + s.accrued) : p.rate!;
    const risk = riskMeasures(s, ytm);
    const dirty = p.cleanPrice !== null ? p.cleanPrice + s.accrued : dirtyPriceFromYield(s, ytm);
    const clean = p.cleanPrice ?? dirty - s.accrued;
    if (!(clean >= MIN_PRICE)) throw new AnalyticsInputError('yield', `too high: implies a clean price of ${clean}`);
    if (!(dirty <= MAX_PRICE)) throw new AnalyticsInputError('yield', `too low: implies a price above ${MAX_PRICE}`);
    a = {
      id,
      instrument: p.instrument,
      cleanPrice: clean,
      dirtyPrice: dirty,
      accruedInterest: s.accrued,
      accruedDays: s.accruedDays,
      settlement: s,
      yieldToMaturity: ytm,
      modifiedDuration: risk.modifiedDuration,
      macaulayDuration: risk.macaulayDuration,
      convexity: risk.convexity,
      dv01: (risk.modifiedDuration * dirty) / 10000,
      currentYield: currentYield(bond, clean),
      moneyMarketYield: moneyMarketYield(s, ytm, dirty),
      frn: null,
      discountMargin: 0,
      worst: null,
      worstRisk: null,
      warnings: null,
      spreads: null,
    };
    if (p.instrument === 'callable') {
      const w = yieldsToCall(s, dirty, ytm, p.calls);
      a.worst = w;
      a.worstRisk = riskToWorst(s, w, risk);
      if (w.ignored.length > 0) a.warnings = w.ignored.map((i) => ignoredCallWarning(i, p.calls[i]!));
    }
    yieldForCurve = ytm;
  }
  if (p.curve !== null) a.spreads = spreads(prepareCurve(p.curve), p.settlementDate, p.terms.maturityDate, yieldForCurve);
  return a;
}

/** The contract's output object for a computed analysis (keys in the contract's order). */
export function toBondAnalysis(a: Analysis): BondAnalysis {
  let out: BondAnalysis;
  if (a.frn !== null) {
    out = {
      id: a.id,
      instrument: a.instrument,
      cleanPrice: a.cleanPrice,
      dirtyPrice: a.dirtyPrice,
      accruedInterest: a.accruedInterest,
      accruedDays: a.accruedDays,
      discountMargin: a.discountMargin,
      cashflows: formatFlows(frnCashflows(a.frn)),
    };
  } else {
    out = {
      id: a.id,
      instrument: a.instrument,
      cleanPrice: a.cleanPrice,
      dirtyPrice: a.dirtyPrice,
      accruedInterest: a.accruedInterest,
      accruedDays: a.accruedDays,
      yieldToMaturity: a.yieldToMaturity,
      modifiedDuration: a.modifiedDuration,
      macaulayDuration: a.macaulayDuration,
      convexity: a.convexity,
      dv01: a.dv01,
      currentYield: a.currentYield,
      moneyMarketYield: a.moneyMarketYield,
      cashflows: formattedCashflows(a.settlement!),
    };
    const w = a.worst;
    if (w !== null) {
      out.yieldToCall = w.yieldToCall.map((c) => ({ date: formatDate(c.date), price: c.price, yield: c.yield }));
      out.yieldToWorst = w.yieldToWorst;
      out.worstDate = formatDate(w.worstDate);
      const r = a.worstRisk!;
      out.modifiedDurationToWorst = r.modifiedDuration;
      out.macaulayDurationToWorst = r.macaulayDuration;
      out.convexityToWorst = r.convexity;
      out.dv01ToWorst = (r.modifiedDuration * a.dirtyPrice) / 10000;
      if (a.warnings !== null) out.warnings = a.warnings;
    }
  }
  if (a.spreads !== null) Object.assign(out, a.spreads);
  return out;
}

/**
 * Analyses one bond given in the contract's input shape. Throws {@link AnalyticsInputError} with
 * a one-line message naming the field for any invalid input; never returns NaN or Infinity.
 */
export function analyzeBond(input: BondInput | Record<string, unknown>): BondAnalysis {
  const out = toBondAnalysis(computeAnalysis(input));
  assertFinite(out);
  return out;
}

/** Last line of defence for "never NaN or Infinity in an output". */
export function assertFinite(out: BondAnalysis): void {
  const record = out as unknown as Record<string, unknown>;
  for (const key in record) {
    const value = record[key];
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`${key}: internal error, result is not finite`);
  }
  for (const c of out.cashflows) if (!Number.isFinite(c.amount)) throw new Error('cashflows: internal error, amount is not finite');
  for (const c of out.yieldToCall ?? []) if (!Number.isFinite(c.yield)) throw new Error('yieldToCall: internal error, yield is not finite');
}
