/**
 * The pricing calculator's maths: the analytics engine (`@analytics/index`, the same code the
 * server prices with) run in the browser on the bond's terms, with the server's pricing
 * conventions from the one module both use (common/pricingConventions: bond construction,
 * settlement, calls at their exact dates, the FRN index proxy), so the numbers agree.
 */
import {
  discountMarginFromPrice,
  formatDate,
  frnDirtyPrice,
  interpolateCurve,
  moneyMarketYield,
  parseDate,
  prepareCurve,
  priceFromYield,
  riskMeasures,
  riskToWorst,
  settle,
  settleFrn,
  spreads,
  yearsBetween,
  yieldFromPrice,
  yieldsToCall,
  type Bond,
  type Call,
  type Curve,
  type CurvePoint,
  type DayNumber,
} from '@analytics/index';
import type { BondDetailResponse } from '@common/api/bond';
import type { CouponType } from '../../../../common/market';
import { bondFromTerms, floaterRates, indexRateProxy, pricingSettlementDay, scheduledCalls } from '../../../../common/pricingConventions';

export type Driver = 'price' | 'yield' | 'spread';

export interface CalcInput {
  settlementDate: string;
  driver: Driver;
  /** Clean price per 100 (driver price), yield decimal (driver yield; DM decimal for FRNs), G-spread bp (driver spread). */
  value: number;
}

export interface CallRow {
  date: string;
  /** As published (the engine prices the call at this date; `date` is its ISO form). */
  scheduled: string;
  price: number;
  yield: number;
  worst: boolean;
}

export interface CalcResult {
  settlementDate: string;
  price: number;
  accrued: number;
  dirtyPrice: number;
  /** Yield to maturity (FRNs: index proxy + discount margin). */
  yieldToMaturity: number;
  yieldToWorst: number;
  worstDate: string;
  discountMargin: number | null;
  gSpread: number | null;
  tSpread: number | null;
  benchmark: string | null;
  interpolatedTreasury: number | null;
  /** Risk to maturity (the contract's measures, also for callables). */
  modifiedDuration: number;
  macaulayDuration: number | null;
  convexity: number | null;
  dv01: number;
  /**
   * Risk to the workout date (`worstDate`, at the yield to worst): what a desk quotes for a
   * callable. The same as to maturity when the maturity is the worst date (and for floaters).
   */
  modifiedDurationToWorst: number;
  convexityToWorst: number | null;
  dv01ToWorst: number;
  currentYield: number | null;
  moneyMarketYield360: number | null;
  calls: CallRow[];
  indexRate: number | null;
}

export interface PreparedBond {
  kind: CouponType;
  bond: Bond;
  calls: Array<Call & { scheduled: string }>;
  coupon: number;
  quotedMargin: number;
  issueDate: string;
  maturityDate: string;
  /** Floaters: the current period and the index fixed at its last reset (from the server). */
  floater: BondDetailResponse['floater'];
}

/** Builds the engine's bond from the API's terms, exactly as the server's pricing does. */
export function prepareBond(detail: BondDetailResponse): PreparedBond {
  const t = detail.terms;
  const bond = bondFromTerms(t);
  return {
    kind: t.couponType,
    bond,
    calls: scheduledCalls(bond, detail.callSchedule),
    coupon: t.coupon,
    quotedMargin: t.quotedMargin ?? 0,
    issueDate: t.issueDate,
    maturityDate: t.maturityDate,
    floater: detail.floater ?? null,
  };
}

/**
 * The index fixing of a floater's period holding settlement `d`: the server's fixing when `d` is
 * in the period it was fixed for; otherwise unknown (null), and today's index stands in.
 */
export function fixingFor(p: PreparedBond, d: DayNumber): number | null {
  const f = p.floater;
  if (!f || f.indexFixing === null) return null;
  return d >= parseDate(f.lastResetDate) && d < parseDate(f.nextResetDate) ? f.indexFixing : null;
}

/** The engine's curve from the API's Treasury points (null when none). */
export function curveOf(points: readonly CurvePoint[] | undefined): Curve | null {
  if (!points || points.length === 0) return null;
  return prepareCurve(points);
}

/** Settlement the server prices with on `day` (common/pricingConventions). */
export function settlementFor(p: PreparedBond, day: string): string {
  return formatDate(pricingSettlementDay(parseDate(p.issueDate), parseDate(day)));
}

/** Runs the calculator. Throws the engine's AnalyticsInputError for impossible inputs. */
export function calculate(p: PreparedBond, curve: Curve | null, input: CalcInput): CalcResult {
  const d: DayNumber = parseDate(input.settlementDate, 'settlementDate');
  return p.kind === 'floating' ? calculateFrn(p, curve, d, input) : calculateFixed(p, curve, d, input);
}

function calculateFixed(p: PreparedBond, curve: Curve | null, d: DayNumber, input: CalcInput): CalcResult {
  const s = settle(p.bond, d);
  let y: number;
  let price: number;
  if (input.driver === 'price') {
    price = input.value;
    y = yieldFromPrice(s, price);
  } else {
    if (input.driver === 'yield') y = input.value;
    else {
      if (!curve) throw new Error('No Treasury curve to price a spread against');
      y = interpolateCurve(curve, yearsBetween(d, p.bond.terms.maturityDate)) + input.value / 1e4;
    }
    price = priceFromYield(s, y);
  }
  const risk = riskMeasures(s, y);
  const dirty = price + s.accrued;
  const future = p.calls.filter((c) => c.date > d);
  let ytw = y;
  let worstDay = p.bond.terms.maturityDate;
  let calls: CallRow[] = [];
  let workoutRisk = risk;
  if (future.length > 0) {
    const w = yieldsToCall(s, dirty, y, future);
    ytw = w.yieldToWorst;
    worstDay = w.worstDate;
    workoutRisk = riskToWorst(s, w, risk);
    calls = w.yieldToCall.map((c, i) => ({
      date: formatDate(c.date),
      scheduled: future[i]!.scheduled,
      price: c.price,
      yield: c.yield,
      worst: c.date === w.worstDate && c.yield === w.yieldToWorst,
    }));
  }
  const sp = curve ? spreads(curve, d, p.bond.terms.maturityDate, y) : null;
  return {
    settlementDate: formatDate(d),
    price,
    accrued: s.accrued,
    dirtyPrice: dirty,
    yieldToMaturity: y,
    yieldToWorst: ytw,
    worstDate: formatDate(worstDay),
    discountMargin: null,
    gSpread: sp?.gSpreadBp ?? null,
    tSpread: sp?.tSpreadBp ?? null,
    benchmark: sp?.benchmarkTenor ?? null,
    interpolatedTreasury: sp?.interpolatedTreasuryYield ?? null,
    modifiedDuration: risk.modifiedDuration,
    macaulayDuration: risk.macaulayDuration,
    convexity: risk.convexity,
    dv01: (risk.modifiedDuration * dirty) / 10_000,
    modifiedDurationToWorst: workoutRisk.modifiedDuration,
    convexityToWorst: workoutRisk.convexity,
    dv01ToWorst: (workoutRisk.modifiedDuration * dirty) / 10_000,
    currentYield: p.kind === 'zero' ? null : (100 * p.coupon) / price,
    moneyMarketYield360: moneyMarketYield(s, y, dirty),
    calls,
    indexRate: null,
  };
}

/** FRN: the "yield" is the index proxy + discount margin; duration runs to the next reset. */
function calculateFrn(p: PreparedBond, curve: Curve | null, d: DayNumber, input: CalcInput): CalcResult {
  if (!curve) throw new Error('No Treasury curve for the index rate of a floater');
  const index = indexRateProxy(curve);
  const fixing = fixingFor(p, d);
  const fs = settleFrn(p.bond, d, floaterRates(index, fixing, p.quotedMargin));
  let dm: number;
  let price: number;
  if (input.driver === 'price') {
    price = input.value;
    dm = discountMarginFromPrice(fs, price);
  } else {
    if (input.driver === 'yield') dm = input.value - index;
    else dm = interpolateCurve(curve, yearsBetween(d, p.bond.terms.maturityDate)) + input.value / 1e4 - index;
    price = frnDirtyPrice(fs, dm) - fs.accrued;
  }
  const dirty = price + fs.accrued;
  const r = index + dm;
  const tau = fs.taus[0]!;
  const duration = tau / (1 + r * tau);
  const sp = spreads(curve, d, p.bond.terms.maturityDate, r);
  return {
    settlementDate: formatDate(d),
    price,
    accrued: fs.accrued,
    dirtyPrice: dirty,
    yieldToMaturity: r,
    yieldToWorst: r,
    worstDate: p.maturityDate,
    discountMargin: dm * 1e4,
    gSpread: sp.gSpreadBp,
    tSpread: sp.tSpreadBp,
    benchmark: sp.benchmarkTenor,
    interpolatedTreasury: sp.interpolatedTreasuryYield,
    modifiedDuration: duration,
    macaulayDuration: null,
    convexity: null,
    dv01: (duration * dirty) / 10_000,
    modifiedDurationToWorst: duration,
    convexityToWorst: null,
    dv01ToWorst: (duration * dirty) / 10_000,
    currentYield: (100 * ((fixing ?? index) + p.quotedMargin)) / price,
    moneyMarketYield360: r,
    calls: [],
    indexRate: index,
  };
}
