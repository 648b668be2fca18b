/**
 * Price ↔ spread for each instrument, and every §3 measure of a bond at an evaluated spread,
 * all through the analytics engine.
 *
 * The "pricing space" a bond's trades are averaged in:
 * - fixed and zero bonds without live calls: spread of the yield to maturity over the treasury
 *   curve interpolated at maturity (the G-spread);
 * - callables: the spread to worst — the lowest over maturity and each future call of the yield
 *   to that date minus the curve there ({@link spreadToWorst}), the exact inverse of pricing at
 *   the lowest price over those dates; a callable trading above its call price is valued to the call;
 * - floating-rate notes: the discount margin over the index (proxied by the 3-month bill); the
 *   current period's coupon is the index fixed at its last reset plus the margin (`fixings`),
 *   only later periods are projected at today's index.
 */
import {
  dirtyPriceFromYield,
  discountMarginFromPrice,
  frnDirtyPrice,
  interpolateCurve,
  moneyMarketYield,
  riskMeasures,
  riskToWorst,
  settle,
  settleFrn,
  settleToCall,
  spreads,
  yearsBetween,
  yieldFromDirtyPrice,
  yieldsToCall,
  type Curve,
  type DayNumber,
  type FrnSettlement,
  type Settlement,
} from '@analytics/index';
import { floaterLastReset, floaterRates, indexRateProxy, pricingSettlementDay } from '../../../common/pricingConventions';
import type { BondEntry } from './terms';

export type SpaceKind = 'ytm' | 'ytw' | 'dm';

/**
 * The index fixing (decimal) of a floater period that reset on `resetDay`, or null when unknown
 * (then today's index stands in). Built from a curve book by `curves.ts` `indexFixings`.
 */
export type IndexFixings = (resetDay: DayNumber) => number | null;

/** The §3 measures of one bond at one evaluated price (yields decimal, spreads bp). */
export interface Measures {
  price: number;
  yieldToMaturity: number;
  yieldToCall: number | null;
  yieldToWorst: number;
  nextCallDate: string | null;
  gSpread: number;
  tSpread: number;
  treasury: string;
  discountMargin: number | null;
  /** Modified duration and DV01 per 100 to maturity (floaters: to the next reset). */
  duration: number;
  dv01: number;
  /** The same to the workout date: a callable's yield-to-worst date (at that yield); else as above. */
  durationToWorst: number;
  dv01ToWorst: number;
  /** Convexity to the workout date (years², at the yield to worst); null for floaters and without risk. */
  convexityToWorst: number | null;
  currentYield: number | null;
  moneyMarketYield360: number | null;
  /** The coupon rate of the current period (floaters: fixing at the last reset + margin). */
  currentCoupon: number;
}

const NUMERIC_KEYS = [
  'price',
  'yieldToMaturity',
  'yieldToCall',
  'yieldToWorst',
  'gSpread',
  'tSpread',
  'discountMargin',
  'duration',
  'dv01',
  'durationToWorst',
  'dv01ToWorst',
  'convexityToWorst',
  'currentYield',
  'moneyMarketYield360',
] as const satisfies readonly (keyof Measures)[];

/** Settlement day for pricing on `day` (common/pricingConventions: never before issue). */
export function settlementDay(entry: BondEntry, day: DayNumber): DayNumber {
  return pricingSettlementDay(entry.issueDay, day);
}

/** Whether the bond can be priced on `day` (terms valid, not matured). */
export function priceable(entry: BondEntry, day: DayNumber): boolean {
  return entry.bond !== null && settlementDay(entry, day) < entry.maturityDay;
}

export function spaceOf(entry: BondEntry, day: DayNumber): SpaceKind {
  if (entry.couponType === 'floating') return 'dm';
  return hasFutureCall(entry, settlementDay(entry, day)) ? 'ytw' : 'ytm';
}

/** Whether a call of the bond falls after settlement `d` (a loop: this runs per bond per tick). */
function hasFutureCall(entry: BondEntry, d: DayNumber): boolean {
  for (const c of entry.calls) if (c.date > d) return true;
  return false;
}

/**
 * The index fixed at the floater's last reset on or before settlement `d`, as known on the pricing
 * `day`: a reset between the pricing day and settlement is not fixed yet (null: today's index), so a
 * price never reads a later day's curve (a history priced in one pass and one priced in chunks agree).
 */
function knownFixing(entry: BondEntry, day: DayNumber, d: DayNumber, fixings: IndexFixings | undefined): number | null {
  if (!fixings) return null;
  const reset = floaterLastReset(entry.bond!, d);
  return reset > day ? null : fixings(reset);
}

function frnAt(entry: BondEntry, day: DayNumber, d: DayNumber, curve: Curve, fixings: IndexFixings | undefined): FrnSettlement {
  const fixing = knownFixing(entry, day, d, fixings);
  return settleFrn(entry.bond!, d, floaterRates(indexRateProxy(curve), fixing, entry.quotedMargin));
}

/** Spread (bp) in the bond's pricing space implied by a clean price on `day` against `curve`. Throws if none. */
export function spreadFromPrice(entry: BondEntry, clean: number, day: DayNumber, curve: Curve, fixings?: IndexFixings): number {
  const d = settlementDay(entry, day);
  if (entry.couponType === 'floating') return discountMarginFromPrice(frnAt(entry, day, d, curve, fixings), clean) * 1e4;
  const s = settle(entry.bond!, d);
  const dirty = clean + s.accrued;
  const ytm = yieldFromDirtyPrice(s, dirty);
  if (entry.calls.length > 0 && entry.calls[entry.calls.length - 1]!.date > d) return spreadToWorst(entry, s, dirty, ytm, curve).spreadBp;
  return (ytm - interpolateCurve(curve, yearsBetween(d, entry.maturityDay))) * 1e4;
}

/**
 * A callable's spread to worst at a dirty price: the lowest, over maturity and every future call,
 * of the yield to that date minus the curve at that date — and the date it is reached. It is the
 * exact inverse of {@link dirtyAtSpread} (the lowest price over those dates, each at its own curve
 * point + the spread): at P = min_k P_k(c_k + s) every date's yield is at least c_k + s, with
 * equality at the date giving the minimum. (The street's yield to worst minus the curve at the
 * worst date is not: the lowest yield can fall on a date whose curve point is lower still, and a
 * round trip then moved prices by up to 0.9 pt.)
 */
export function spreadToWorst(
  entry: BondEntry,
  s: Settlement,
  dirty: number,
  ytm: number,
  curve: Curve,
): { spreadBp: number; workout: DayNumber } {
  const d = s.settlementDate;
  let best = ytm - interpolateCurve(curve, yearsBetween(d, entry.maturityDay));
  let workout = entry.maturityDay;
  const w = yieldsToCall(s, dirty, ytm, entry.calls);
  for (const c of w.yieldToCall) {
    const spread = c.yield - interpolateCurve(curve, yearsBetween(d, c.date));
    if (spread < best) {
      best = spread;
      workout = c.date;
    }
  }
  return { spreadBp: best * 1e4, workout };
}

/** Dirty price at a spread: to maturity, or the lowest over maturity and every future call. */
function dirtyAtSpread(entry: BondEntry, s: Settlement, spreadBp: number, curve: Curve): number {
  const d = s.settlementDate;
  let dirty = dirtyPriceFromYield(s, interpolateCurve(curve, yearsBetween(d, entry.maturityDay)) + spreadBp / 1e4);
  for (const c of entry.calls) {
    if (c.date <= d) continue;
    const y = interpolateCurve(curve, yearsBetween(d, c.date)) + spreadBp / 1e4;
    const p = dirtyPriceFromYield(settleToCall(s, c.date, c.price), y);
    if (p < dirty) dirty = p;
  }
  return dirty;
}

/** Clean price at a spread (bp) in the bond's pricing space. */
export function priceFromSpread(entry: BondEntry, spreadBp: number, day: DayNumber, curve: Curve, fixings?: IndexFixings): number {
  const d = settlementDay(entry, day);
  if (entry.couponType === 'floating') {
    const fs = frnAt(entry, day, d, curve, fixings);
    return frnDirtyPrice(fs, spreadBp / 1e4) - fs.accrued;
  }
  const s = settle(entry.bond!, d);
  return dirtyAtSpread(entry, s, spreadBp, curve) - s.accrued;
}

/**
 * Every §3 measure at a spread. Throws when the analytics reject the bond or a value is not
 * finite. Without `withRisk` (history: only prices, yields and spreads are stored) duration,
 * DV01, current and money-market yields are left at 0.
 */
export function measuresAtSpread(
  entry: BondEntry,
  spreadBp: number,
  day: DayNumber,
  curve: Curve,
  withRisk = true,
  fixings?: IndexFixings,
): Measures {
  const d = settlementDay(entry, day);
  const out =
    entry.couponType === 'floating'
      ? frnMeasures(entry, spreadBp, day, d, curve, fixings)
      : bondMeasures(entry, spreadBp, d, curve, withRisk);
  // Checked field by field (no Object.entries allocation: this runs for every bond on every tick).
  for (const key of NUMERIC_KEYS) {
    const value = out[key];
    if (value !== null && !Number.isFinite(value)) throw new Error(`${key} is not finite`);
  }
  return out;
}

function bondMeasures(entry: BondEntry, spreadBp: number, d: DayNumber, curve: Curve, withRisk: boolean): Measures {
  const s = settle(entry.bond!, d);
  let dirty: number;
  let ytm: number;
  const callable = hasFutureCall(entry, d);
  if (callable) {
    dirty = dirtyAtSpread(entry, s, spreadBp, curve);
    ytm = yieldFromDirtyPrice(s, dirty);
  } else {
    ytm = interpolateCurve(curve, yearsBetween(d, entry.maturityDay)) + spreadBp / 1e4;
    dirty = dirtyPriceFromYield(s, ytm);
  }
  const clean = dirty - s.accrued;
  const risk = withRisk ? riskMeasures(s, ytm) : null;
  let ytc: number | null = null;
  let ytw = ytm;
  let nextCall: string | null = null;
  let workoutRisk = risk;
  if (callable) {
    const future = entry.calls.filter((c) => c.date > d);
    const w = yieldsToCall(s, dirty, ytm, future);
    ytc = w.yieldToCall[0]!.yield;
    ytw = w.yieldToWorst;
    nextCall = future[0]!.scheduled;
    if (risk) workoutRisk = riskToWorst(s, w, risk);
  }
  const sp = spreads(curve, d, entry.maturityDay, ytm);
  return {
    price: clean,
    yieldToMaturity: ytm,
    yieldToCall: ytc,
    yieldToWorst: ytw,
    nextCallDate: nextCall,
    gSpread: sp.gSpreadBp,
    tSpread: sp.tSpreadBp,
    treasury: sp.benchmarkTenor,
    discountMargin: null,
    duration: risk ? risk.modifiedDuration : 0,
    dv01: risk ? (risk.modifiedDuration * dirty) / 10000 : 0,
    durationToWorst: workoutRisk ? workoutRisk.modifiedDuration : 0,
    dv01ToWorst: workoutRisk ? (workoutRisk.modifiedDuration * dirty) / 10000 : 0,
    convexityToWorst: workoutRisk ? workoutRisk.convexity : null,
    currentYield: entry.couponType === 'zero' ? null : (100 * entry.coupon) / clean,
    moneyMarketYield360: risk ? moneyMarketYield(s, ytm, dirty) : null,
    currentCoupon: entry.couponType === 'zero' ? 0 : entry.coupon,
  };
}

/**
 * FRN: the "yield" is the assumed index plus the discount margin; duration is the interest-rate
 * duration, which for a floater runs only to the next reset (its coupon re-fixes there).
 */
function frnMeasures(
  entry: BondEntry,
  spreadBp: number,
  day: DayNumber,
  d: DayNumber,
  curve: Curve,
  fixings: IndexFixings | undefined,
): Measures {
  const fs = frnAt(entry, day, d, curve, fixings);
  const currentCoupon = currentRate(entry, day, d, fixings, curve);
  const dm = spreadBp / 1e4;
  const dirty = frnDirtyPrice(fs, dm);
  const clean = dirty - fs.accrued;
  const r = fs.indexRate + dm;
  const tau = fs.taus[0]!;
  const duration = tau / (1 + r * tau);
  const sp = spreads(curve, d, entry.maturityDay, r);
  return {
    price: clean,
    yieldToMaturity: r,
    yieldToCall: null,
    yieldToWorst: r,
    nextCallDate: null,
    gSpread: sp.gSpreadBp,
    tSpread: sp.tSpreadBp,
    treasury: sp.benchmarkTenor,
    discountMargin: spreadBp,
    duration,
    dv01: (duration * dirty) / 10000,
    durationToWorst: duration,
    dv01ToWorst: (duration * dirty) / 10000,
    convexityToWorst: null,
    currentYield: (100 * currentCoupon) / clean,
    moneyMarketYield360: r,
    currentCoupon,
  };
}

/** A floater's current coupon rate: the fixing at its last reset (today's index if unknown) + margin. */
function currentRate(entry: BondEntry, day: DayNumber, d: DayNumber, fixings: IndexFixings | undefined, curve: Curve): number {
  const fixing = knownFixing(entry, day, d, fixings);
  return (fixing ?? indexRateProxy(curve)) + entry.quotedMargin;
}
