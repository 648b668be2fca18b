/**
 * `analyzeBond`: the contract's whole calculation for one input object, used by the CLI and by
 * callers who hold contract-shaped JSON. Hot paths should use the building blocks instead
 * (createBond once, then settle / yieldFromPrice / riskMeasures per price).
 */
import { createBond } from './bond';
import { AnalyticsInputError } from './errors';
import { yieldsToCall } from './callable';
import { formattedCashflows, type Cashflow } from './cashflows';
import { prepareCurve, spreads, type CurveSpreads } from './curve';
import { formatDate } from './dates';
import { discountMarginFromPrice, frnCashflows, frnDirtyPrice, settleFrn } from './frn';
import { MAX_PRICE, MIN_PRICE, parseInput, type BondInput, type Instrument } from './input';
import { currentYield, dirtyPriceFromYield, moneyMarketYield, riskMeasures, settle, yieldFromDirtyPrice } from './pricing';

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
  cashflows: { date: string; amount: number }[];
}

const formatFlows = (flows: Cashflow[]) => flows.map((c) => ({ date: formatDate(c.date), amount: c.amount }));

/**
 * Analyses one bond given in the contract's input shape. Throws {@link AnalyticsInputError} with
 * a one-line message naming the field for any invalid input; never returns NaN or Infinity.
 */
export function analyzeBond(input: BondInput | Record<string, unknown>): BondAnalysis {
  const p = parseInput(input);
  // Echo the caller's id first in the output (undefined keys vanish from JSON).
  const id = (input as Record<string, unknown>).id;
  const bond = createBond(p.terms);
  let out: BondAnalysis;
  let yieldForCurve: number;
  if (p.instrument === 'frn') {
    const fs = settleFrn(bond, p.settlementDate, p.frn!);
    const dm = p.cleanPrice !== null ? discountMarginFromPrice(fs, p.cleanPrice) : p.rate!;
    const dirty = p.cleanPrice !== null ? p.cleanPrice + fs.accrued : frnDirtyPrice(fs, dm);
    if (!(dirty - fs.accrued >= MIN_PRICE))
      throw new AnalyticsInputError('discountMargin', `too high: implies a clean price of ${dirty - fs.accrued}`);
    if (!(dirty <= MAX_PRICE)) throw new AnalyticsInputError('discountMargin', `too low: implies a price above ${MAX_PRICE}`);
    out = {
      id,
      instrument: p.instrument,
      cleanPrice: p.cleanPrice ?? dirty - fs.accrued,
      dirtyPrice: dirty,
      accruedInterest: fs.accrued,
      accruedDays: fs.accruedDays,
      discountMargin: dm,
      cashflows: formatFlows(frnCashflows(fs)),
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
    out = {
      id,
      instrument: p.instrument,
      cleanPrice: clean,
      dirtyPrice: dirty,
      accruedInterest: s.accrued,
      accruedDays: s.accruedDays,
      yieldToMaturity: ytm,
      modifiedDuration: risk.modifiedDuration,
      macaulayDuration: risk.macaulayDuration,
      convexity: risk.convexity,
      dv01: (risk.modifiedDuration * dirty) / 10000,
      currentYield: currentYield(bond, clean),
      moneyMarketYield: moneyMarketYield(s, ytm, dirty),
      cashflows: formattedCashflows(s),
    };
    if (p.instrument === 'callable') {
      const w = yieldsToCall(s, dirty, ytm, p.calls);
      out.yieldToCall = w.yieldToCall.map((c) => ({ date: formatDate(c.date), price: c.price, yield: c.yield }));
      out.yieldToWorst = w.yieldToWorst;
      out.worstDate = formatDate(w.worstDate);
    }
    yieldForCurve = ytm;
  }
  if (p.curve !== null) Object.assign(out, spreads(prepareCurve(p.curve), p.settlementDate, p.terms.maturityDate, yieldForCurve));
  assertFinite(out);
  return out;
}

/** Last line of defence for "never NaN or Infinity in an output". */
function assertFinite(out: BondAnalysis): void {
  const record = out as unknown as Record<string, unknown>;
  for (const key in record) {
    const value = record[key];
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`${key}: internal error, result is not finite`);
  }
  for (const c of out.cashflows) if (!Number.isFinite(c.amount)) throw new Error('cashflows: internal error, amount is not finite');
  for (const c of out.yieldToCall ?? []) if (!Number.isFinite(c.yield)) throw new Error('yieldToCall: internal error, yield is not finite');
}
