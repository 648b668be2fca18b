/**
 * The simulator's hidden "true" market: a dynamic Nelson–Siegel treasury curve and issuer spread
 * curves by rating, sector and tenor driven by market, sector and issuer factors. These mids only
 * drive trade generation; evaluated prices are computed elsewhere from trades and curves alone.
 */
import {
  createBond,
  type Bond,
  type Curve,
  interpolateCurve,
  parseDate,
  prepareCurve,
  priceFromYield,
  settle,
  settleToCall,
} from '@analytics/index';
import { type BondDayCount, LAST_IG_NOTCH, type SectorCode, TREASURY_TENORS, type CouponType } from '../../../../common/market';
import type { CallScheduleEntry } from '../../../db/tables/market';
import { hashString, Rng } from './random';

/** Nelson–Siegel factors in percent: level, slope, curvature. */
export interface CurveFactors {
  b1: number;
  b2: number;
  b3: number;
}

/** Today-like means: ~4.3% at 1M, ~3.95% at 2–3Y, ~4.35% at 10Y, ~4.6–4.7% at 20–30Y. */
export const CURVE_MEAN: CurveFactors = { b1: 4.85, b2: -0.54, b3: -2.2 };
const LAMBDA = 0.55;
/**
 * Daily standard deviations (percent) and mean reversion of the three factors: the 10-year par
 * yield moves ~5.8 bp a day (sd), as FRED's DGS10 daily changes do (5.7–5.9 bp, issue 32).
 */
export const CURVE_VOL: CurveFactors = { b1: 0.054, b2: 0.062, b3: 0.09 };
const CURVE_PHI = 0.995;

/** A curve yield in percent at `years` from NS factors. */
export function nelsonSiegel(f: CurveFactors, years: number): number {
  const x = LAMBDA * years;
  const load = (1 - Math.exp(-x)) / x;
  return f.b1 + f.b2 * load + f.b3 * (load - Math.exp(-x));
}

/**
 * One step of the factor dynamics. `dt` is the fraction of a trading day (1 for a daily step,
 * smaller for live ticks) so intraday moves add up to daily-sized moves.
 */
export function stepCurve(f: CurveFactors, rng: Rng, dt = 1): CurveFactors {
  const keep = Math.pow(CURVE_PHI, dt);
  const s = Math.sqrt(dt);
  return {
    b1: CURVE_MEAN.b1 + keep * (f.b1 - CURVE_MEAN.b1) + CURVE_VOL.b1 * s * rng.normal(),
    b2: CURVE_MEAN.b2 + keep * (f.b2 - CURVE_MEAN.b2) + CURVE_VOL.b2 * s * rng.normal(),
    b3: CURVE_MEAN.b3 + keep * (f.b3 - CURVE_MEAN.b3) + CURVE_VOL.b3 * s * rng.normal(),
  };
}

/** Par yields (decimals) at the published tenors, rounded to `decimals` of a percent. */
export function curveYields(f: CurveFactors, decimals = 2): number[] {
  const scale = 10 ** decimals;
  return TREASURY_TENORS.map((t) => Math.round(nelsonSiegel(f, t.years) * scale) / scale / 100);
}

/** The analytics Curve of a set of published yields. */
export function toCurve(yields: readonly number[]): Curve {
  return prepareCurve(TREASURY_TENORS.map((t, i) => ({ tenor: t.tenor, years: t.years, yield: yields[i]! })));
}

/** Spread factors (log multipliers): one market, one per sector, one per issuer id/index. */
export interface SpreadFactors {
  market: number;
  sectors: Record<string, number>;
  issuers: Record<string, number>;
}

const MARKET = { phi: 0.997, vol: 0.012 };
const SECTOR = { phi: 0.99, vol: 0.007 };
const ISSUER = { phi: 0.98, vol: 0.01 };
/**
 * Issuer news: a jump in the issuer's log spread factor, on average once per issuer every
 * `perYear` trading years, of size `scale` × a Student-t(3) draw (fat tails: most jumps move the
 * spread 5–20 %, a few double it), wider more often than tighter. Ratings do not follow a jump:
 * only the issuer's next trades reveal it.
 */
export const ISSUER_JUMP = { perYear: 1, scale: 0.12, widenShare: 0.6 } as const;
const TRADING_DAYS_PER_YEAR = 252;

function ar(x: number, p: { phi: number; vol: number }, rng: Rng, dt: number): number {
  return Math.pow(p.phi, dt) * x + p.vol * Math.sqrt(dt) * rng.normal();
}

/** A Student-t draw with 3 degrees of freedom scaled to unit variance (fat-tailed noise). */
export function studentT3(rng: Rng): number {
  const z = rng.normal();
  const chi = rng.normal() ** 2 + rng.normal() ** 2 + rng.normal() ** 2;
  return z / Math.sqrt(Math.max(chi, 1e-9) / 3) / Math.sqrt(3);
}

function issuerStep(x: number, rng: Rng, dt: number): number {
  let next = ar(x, ISSUER, rng, dt);
  if (rng.chance((ISSUER_JUMP.perYear * dt) / TRADING_DAYS_PER_YEAR)) {
    const size = Math.abs(ISSUER_JUMP.scale * studentT3(rng) * Math.sqrt(3));
    next += (rng.chance(ISSUER_JUMP.widenShare) ? 1 : -1) * Math.min(size, 0.9);
  }
  return next;
}

/** One step of the spread factors (same `dt` convention as stepCurve), with issuer news jumps. */
export function stepSpreads(f: SpreadFactors, rng: Rng, dt = 1): SpreadFactors {
  const sectors: Record<string, number> = {};
  for (const [k, v] of Object.entries(f.sectors)) sectors[k] = ar(v, SECTOR, rng, dt);
  const issuers: Record<string, number> = {};
  for (const [k, v] of Object.entries(f.issuers)) issuers[k] = issuerStep(v, rng, dt);
  return { market: ar(f.market, MARKET, rng, dt), sectors, issuers };
}

/**
 * Spread at 10 years (bp) of each notch, AAA … D. High yield sits where the ICE BofA indices by
 * rating do (BB ~181, B ~309, CCC ~839 bp option-adjusted, issue 32): BB+ … BB− 160–230 bp,
 * B+ … B− 270–370 bp; CCC and below are distressed, 590–1,150 bp at CCC+ … CCC− at 10 years and
 * more at the short end (prices in the 70s–80s for typical coupons).
 */
const BASE_SPREAD = [38, 45, 50, 58, 68, 78, 90, 105, 122, 145, 162, 192, 228, 268, 310, 372, 590, 820, 1150, 1600, 1900, 2200];
/**
 * Sector multipliers: Energy and Financials (banks' holding-company debt) among the wider IG
 * sectors, consumer finance the widest of the financials (issue 32 lists banks wider than consumer
 * finance among the seeded market's faults), Technology, Health Care and Consumer Staples among the tighter, as in the ICE BofA
 * US Corporate sector indices.
 */
const SECTOR_MULT: Record<SectorCode, number> = {
  COMM: 1.04,
  COND: 1.0,
  CONS: 0.86,
  ENRG: 1.22,
  FINL: 1.1,
  HLTH: 0.9,
  INDU: 0.94,
  INFT: 0.86,
  MATR: 1.0,
  REAL: 1.02,
  UTIL: 0.98,
};
/** Industry multipliers on top of the sector's (industries not named: 1). */
const INDUSTRY_MULT: Record<string, number> = {
  Banks: 1.05,
  'Consumer Finance': 1.18,
  Insurance: 0.95,
  Tobacco: 1.1,
};
/** Seniority multipliers: secured debt is tighter, subordinated wider. */
const SENIORITY_MULT: Record<string, number> = {
  'Senior Secured': 0.85,
  'Senior Unsecured': 1,
  Subordinated: 1.3,
  'Junior Subordinated': 1.55,
};
/** First distressed notch (CCC+). */
const DISTRESSED_NOTCH = 16;

/** Shape of the spread curve by remaining years: IG steep, HY flat, distressed inverted. */
function tenorShape(notch: number, years: number): number {
  const t = Math.max(0.1, years);
  if (notch <= LAST_IG_NOTCH) return 0.45 + (0.55 * (1 - Math.exp(-t / 6))) / (1 - Math.exp(-10 / 6));
  const g = (1 - Math.exp(-t / 4)) / (1 - Math.exp(-10 / 4));
  return notch >= DISTRESSED_NOTCH ? 1.15 - 0.15 * g : 0.85 + 0.15 * g;
}

/** What a spread depends on, for one bond (or a tranche being priced). */
export interface SpreadInputs {
  /**
   * Notch the spread is set by. Usually the rating's; between two notches (fractional) while the
   * market moves an issuer toward a rating change before the agencies act (see migrationNotch).
   */
  notch: number;
  sector: SectorCode;
  seniority: string;
  issuerKey: string;
  /** The issuer's industry (the second sector level), when known: INDUSTRY_MULT. */
  industry?: string;
  /** Static bond-specific multiplier (≈1), see bondNoise. */
  noise: number;
}

function spreadAtNotch(inputs: SpreadInputs, notch: number, years: number, f: SpreadFactors): number {
  const base = BASE_SPREAD[Math.min(BASE_SPREAD.length - 1, Math.max(0, notch))]!;
  const mult =
    SECTOR_MULT[inputs.sector] *
    (INDUSTRY_MULT[inputs.industry ?? ''] ?? 1) *
    (SENIORITY_MULT[inputs.seniority] ?? 1) *
    inputs.noise *
    Math.exp(f.market + (f.sectors[inputs.sector] ?? 0) + (f.issuers[inputs.issuerKey] ?? 0));
  const s = base * tenorShape(notch, years) * mult;
  if (notch <= LAST_IG_NOTCH) return clamp(s, 20, 250);
  return notch >= DISTRESSED_NOTCH ? clamp(s, 350, 3000) : clamp(s, 100, 1200);
}

/**
 * The hidden spread (bp) of a bond at a remaining maturity, kept inside realistic ranges (IG
 * 20–250 bp, HY 100–1,200 bp, distressed 350–3,000 bp). A fractional notch is geometric
 * between its two neighbours.
 */
export function spreadBp(inputs: SpreadInputs, years: number, f: SpreadFactors): number {
  const lo = Math.floor(inputs.notch);
  const w = inputs.notch - lo;
  const a = spreadAtNotch(inputs, lo, years, f);
  return w < 1e-9 ? a : Math.exp((1 - w) * Math.log(a) + w * Math.log(spreadAtNotch(inputs, lo + 1, years, f)));
}

/** A bond's static idiosyncratic multiplier, from the seed and its CUSIP (stable across runs). */
export function bondNoise(seed: number | string, cusip: string): number {
  const r = new Rng(seed, `noise:${cusip}`);
  return Math.exp(0.06 * r.normal());
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

/** Bond terms as the simulator needs them to price (the DB row's fields). */
export interface PricingTerms {
  couponType: CouponType;
  coupon: number;
  frequency: number;
  dayCount: BondDayCount;
  issueDate: string;
  maturityDate: string;
  callSchedule: CallScheduleEntry[];
  quotedMargin: number | null;
}

/** A priceable bond: analytics terms built once, plus its calls as day numbers. */
export interface PriceableBond {
  terms: PricingTerms;
  bond: Bond;
  maturity: number;
  calls: { date: number; price: number }[];
}

/** Builds the analytics bond once; reuse it across days. */
export function priceable(terms: PricingTerms): PriceableBond {
  const issue = parseDate(terms.issueDate);
  const maturity = parseDate(terms.maturityDate);
  const bond = createBond({
    issueDate: issue,
    maturityDate: maturity,
    coupon: terms.couponType === 'fixed' ? terms.coupon : 0,
    frequency: terms.frequency as 1 | 2 | 4,
    dayCount: terms.dayCount,
    endOfMonth: false,
    redemption: 100,
    zero: terms.couponType === 'zero',
  });
  // Keep only the first date of each call price step: the worst call is among them.
  const calls: { date: number; price: number }[] = [];
  for (const c of terms.callSchedule) {
    if (calls.length === 0 || calls[calls.length - 1]!.price !== c.price) calls.push({ date: parseDate(c.date), price: c.price });
  }
  return { terms, bond, maturity, calls };
}

/**
 * Hidden clean mid price and yield for settlement day `settleDay` (analytics day number) given
 * the curve and the bond's spread: fixed and zeros at treasury + spread (to worst for callables),
 * floaters at SOFR + discount margin against their quoted margin.
 */
export function hiddenMid(p: PriceableBond, settleDay: number, curve: Curve, spread: number): { price: number; yield: number | null } {
  const years = (p.maturity - settleDay) / 365.25;
  if (p.terms.couponType === 'floating') {
    const sofr = Math.max(0, interpolateCurve(curve, 1 / 12) - 0.0005);
    const dm = spread / 1e4;
    const qm = p.terms.quotedMargin ?? 0;
    const r = sofr + dm;
    const annuity = (1 - Math.pow(1 + r / 4, -4 * years)) / r;
    return { price: 100 - (dm - qm) * 100 * annuity, yield: null };
  }
  const y = interpolateCurve(curve, years) + spread / 1e4;
  const s = settle(p.bond, settleDay);
  let price = priceFromYield(s, y);
  for (const c of p.calls) {
    if (c.date <= settleDay || c.date >= p.maturity) continue;
    const toCall = priceFromYield(settleToCall(s, c.date, c.price), y);
    if (toCall < price) price = toCall;
  }
  return { price, yield: y };
}

/** A stable 0..1 number from a key (for choices that must not consume a stream). */
export function unitHash(key: string): number {
  return hashString(key) / 4294967296;
}
