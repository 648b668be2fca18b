/**
 * Trade generation: which bonds trade on a day (by issue size, age and rating — a minority of
 * bonds on any day, new issues most), how many times, at what sizes (odd lots to blocks, with the
 * 5MM+/1MM+ dissemination caps) and prices (customers buy above and sell below the hidden mid by
 * a size-dependent half-spread; inter-dealer trades near the mid).
 */
import type { TradeSide } from '../../../db/tables/market';
import { closeHourOf, newYorkTime, REGULAR_CLOSE_HOUR, yearsBetween } from '../../../../common/calendar';
import { studentT3, unitHash } from './model';
import type { Rng } from './random';

/** A generated trade before it has a database id. */
export interface SimTrade {
  bond: number;
  time: Date;
  quantity: number;
  reportedQuantity: number;
  capped: boolean;
  price: number;
  side: TradeSide;
  ats: boolean;
  status: 'active' | 'cancelled';
}

/** What drives how often a bond trades. */
export interface ActivityInputs {
  amountIssued: number;
  issueDate: string;
  hy: boolean;
  notch: number;
  /** A stale bond (see isStaleBond) trades about once a month. */
  stale?: boolean;
}

/** Share of bonds that hardly trade (old, small, held to maturity), and their activity factor. */
export const STALE = { share: 0.12, activity: 0.15 } as const;

/** Whether a bond is one of the stale ones: a stable choice from the seed and its CUSIP. */
export function isStaleBond(seed: number | string, cusip: string): boolean {
  return unitHash(`${seed}:stale:${cusip}`) < STALE.share;
}

/**
 * Relative trading activity of a bond on a date: bigger, younger and lower-rated bonds trade more;
 * the first weeks after issue most of all; stale bonds a fraction (about once a month).
 */
export function activityWeight(b: ActivityInputs, date: string): number {
  const sizeF = Math.pow(b.amountIssued / 750_000_000, 0.6);
  const ageDays = Math.max(0, yearsBetween(b.issueDate, date) * 365.25);
  const ageF = (1 + 6 * Math.exp(-ageDays / 12)) * (ageDays > 8 * 365 ? 0.55 : ageDays > 3 * 365 ? 0.8 : 1);
  const ratingF = b.notch >= 16 ? 0.9 : b.hy ? 1.25 : 1;
  // A stale bond stays stale only once its new-issue weeks are over.
  const staleF = b.stale && ageDays > 60 ? STALE.activity : 1;
  return sizeF * ageF * ratingF * staleF;
}

/**
 * Probability that a bond of this weight trades at all on a day: about a quarter of the bonds on
 * an average day, as in the US corporate market (issue 32: ~25 % of bonds trade on a day).
 */
export function tradeProbability(weight: number): number {
  return Math.min(0.95, 0.28 * weight);
}

/** Number of trades on a day when it trades: at least one, clustered for active bonds. */
export function tradeCount(rng: Rng, weight: number): number {
  return 1 + rng.poisson(1.3 * Math.pow(weight, 0.9));
}

/**
 * Trade-size buckets and their shares of trades, IG and HY: odd lots (under $100K), round lots
 * ($100K–$1MM, log-uniform), institutional ($1–5MM) and blocks ($5MM+), so the average trade is
 * ~$380K (Coalition Greenwich's figure for US corporates) with ~1.5 % of trades at 5MM+ (IG prints
 * them capped at "5MM+") and ~8–10 % at 1MM+ (HY prints those capped at "1MM+").
 */
export const TRADE_SIZE_MIX = { ig: [68.5, 22.5, 7.5, 1.5], hy: [62, 27.5, 9.3, 1.2] } as const;

/** A trade size in dollars of par: retail odd lots, round lots, institutional and blocks. */
export function tradeSize(rng: Rng, hy: boolean): number {
  const k = rng.weighted(hy ? TRADE_SIZE_MIX.hy : TRADE_SIZE_MIX.ig);
  let size: number;
  if (k === 0) size = Math.min(95_000, Math.round(rng.logNormal(25_000, 0.9) / 1000) * 1000);
  else if (k === 1) size = Math.round((100_000 * Math.pow(10, rng.next())) / 5000) * 5000;
  else if (k === 2) size = Math.min(4_900_000, Math.max(1_000_000, Math.round(rng.logNormal(1_900_000, 0.45) / 100_000) * 100_000));
  else size = Math.max(5_000_000, Math.round(rng.logNormal(hy ? 6_000_000 : 7_000_000, 0.35) / 1_000_000) * 1_000_000);
  return Math.max(1000, Math.min(size, 100_000_000));
}

/**
 * How a bond's liquidity scales the half-spread dealers charge: the most traded names (new issues,
 * big benchmarks) print within a fraction of a point of each other, the rarely traded ones wider.
 * `weight` is the bond's activityWeight.
 */
export function liquidityFactor(weight: number): number {
  return Math.min(1.4, Math.max(0.15, Math.pow(Math.max(weight, 1e-6), -0.85)));
}

/**
 * The pricer's convention of a half bid/ask spread in price points for a trade size: wide for odd
 * lots, tight for blocks (the same formula as pricing's halfSpreadPoints). Simulated dealers do
 * not quote by it: see marketHalfSpread.
 */
export function halfSpread(size: number, hy: boolean, years: number): number {
  const base = 0.05 + 0.32 * Math.sqrt(100_000 / Math.max(size, 1000));
  const tenorF = 0.6 + 0.4 * Math.min(2, Math.sqrt(Math.max(years, 0.25) / 7));
  return Math.min(1.25, base * tenorF) * (hy ? 1.7 : 1);
}

/**
 * Dealers' half-spread multipliers and their shares of trades: big dealers quote tighter and do
 * more of the business. Trades do not say which dealer printed them, so the pricer cannot know.
 */
export const DEALERS = {
  multiplier: [0.7, 0.8, 0.85, 0.9, 0.95, 1, 1, 1.05, 1.15, 1.25, 1.4, 1.65],
  share: [14, 12, 11, 10, 9, 8, 8, 7, 6, 6, 5, 4],
} as const;

/**
 * The half-spread a simulated dealer charges, in points, before its dealer and trade noise: the
 * same order as the pricer's convention but a different size curve (falls as size^−0.45 rather
 * than size^−0.5), a flatter tenor term, wider for distressed bonds (×2.6 instead of HY's ×1.7)
 * and for stale ones (×1.3).
 */
export function marketHalfSpread(size: number, hy: boolean, years: number, distressed = false, stale = false): number {
  const base = 0.04 + 0.36 * Math.pow(100_000 / Math.max(size, 1000), 0.45);
  const tenorF = 0.55 + 0.45 * Math.min(2, Math.pow(Math.max(years, 0.25) / 7, 0.45));
  return Math.min(1.4, base * tenorF) * (distressed ? 2.6 : hy ? 1.7 : 1) * (stale ? 1.3 : 1);
}

/**
 * Prints away from the market: off-market prints (a stale quote, a package leg, a mis-booked
 * side) 1–4 points away (×1.5 HY), and rarer erroneous ones (a mistyped price) 5–15 points away,
 * left as typed even at a negative yield. Both stay active: nobody cancels them.
 */
export const OFF_MARKET = { share: 0.004, minPt: 1, maxPt: 4, erroneousShare: 0.0005, errMinPt: 5, errMaxPt: 15 } as const;

/** Price noise of a print on top of its half-spread: Student-t(3), 0.04 pt scale IG, 0.08 HY. */
export const PRINT_NOISE_PT = { ig: 0.04, hy: 0.08 } as const;

/** Half-spread noise of one print: lognormal with this σ around its dealer's quote. */
const HALF_SPREAD_SIGMA = 0.25;

/**
 * New York hours of a trade on `date`: most in the morning and early afternoon, 08:00 to a quarter
 * past the close (17:15; the session is squeezed into 08:00–14:15 on an early close).
 */
function tradeHour(rng: Rng, date: string): number {
  const peak = rng.chance(0.55) ? rng.uniform(9, 11.5) : rng.uniform(8, 17.25);
  const hour = Math.min(17.25, Math.max(8, peak + 0.3 * rng.normal()));
  const close = closeHourOf(date);
  return close === REGULAR_CLOSE_HOUR ? hour : 8 + ((hour - 8) * (close + 0.25 - 8)) / (REGULAR_CLOSE_HOUR + 0.25 - 8);
}

/** Fraction (0–1] of the session at a New York hour: 08:00 → 0, a quarter past the close → 1. */
function sessionFraction(hour: number, date: string): number {
  const end = closeHourOf(date) + 0.25;
  return Math.min(1, Math.max(1e-6, (hour - 8) / (end - 8)));
}

/** What kind of bond the prints are of: the half-spread and noise depend on it. */
export interface PrintContext {
  hy: boolean;
  years: number;
  distressed?: boolean;
  stale?: boolean;
  /** The bond's activityWeight: liquid bonds print tighter (liquidityFactor); default 1. */
  liquidity?: number;
  /**
   * The clean price at a zero yield (the undiscounted cash flows): no print goes above it, so no
   * print shows a negative yield. Omitted for floaters.
   */
  maxPrice?: number;
}

/**
 * The trades of one bond on one day around its hidden mid. `mid` is the clean mid price, or a
 * function of the fraction of the session (0–1] giving the mid at that moment (the curve and
 * spreads move during the day). `cap` is the dissemination cap. `at` fixes every execution time
 * (live ticks); otherwise times spread over the session.
 */
export function generateBondTrades(
  rng: Rng,
  bond: number,
  date: string,
  count: number,
  mid: number | ((sessionFraction: number) => number),
  bondKind: PrintContext,
  cap: number,
  at?: Date,
): SimTrade[] {
  const { hy, years } = bondKind;
  const out: SimTrade[] = [];
  for (let i = 0; i < count; i++) {
    const hour = at ? REGULAR_CLOSE_HOUR : tradeHour(rng, date);
    const m = typeof mid === 'number' ? mid : mid(sessionFraction(hour, date));
    const quantity = tradeSize(rng, hy);
    const r = rng.next();
    const side: TradeSide = r < 0.2 ? 'inter_dealer' : r < 0.6 ? 'customer_buy' : 'customer_sell';
    const dealer = DEALERS.multiplier[rng.weighted(DEALERS.share)]!;
    const hs =
      marketHalfSpread(quantity, hy, years, bondKind.distressed, bondKind.stale) *
      liquidityFactor(bondKind.liquidity ?? 1) *
      dealer *
      Math.exp(HALF_SPREAD_SIGMA * rng.normal());
    const noise = (hy ? PRINT_NOISE_PT.hy : PRINT_NOISE_PT.ig) * studentT3(rng);
    const sign = side === 'customer_buy' ? 1 : side === 'customer_sell' ? -1 : 0;
    let price = m + sign * hs + (side === 'inter_dealer' ? 0.15 * hs * rng.normal() : 0) + noise;
    const u = rng.next();
    const erroneous = u < OFF_MARKET.erroneousShare;
    if (erroneous) price += (rng.chance(0.5) ? 1 : -1) * rng.uniform(OFF_MARKET.errMinPt, OFF_MARKET.errMaxPt);
    else if (u < OFF_MARKET.erroneousShare + OFF_MARKET.share)
      price += (rng.chance(0.5) ? 1 : -1) * rng.uniform(OFF_MARKET.minPt, OFF_MARKET.maxPt) * (hy ? 1.5 : 1);
    price = Math.round(Math.max(1, price) * 1000) / 1000;
    // Above the undiscounted cash flows a print would show a negative yield: keep it between the
    // mid and that bound, on its side of the mid (a short bond's markup is small in price). A
    // mistyped print is left as typed, as on the real tape: those few are the bad prints (through
    // Treasuries, some at a negative yield) the pricer must flag and never price from.
    const max = bondKind.maxPrice;
    if (!erroneous && max !== undefined && price >= max) price = Math.floor((Math.min(m, max) + 0.8 * Math.max(0, max - m)) * 1000) / 1000;
    out.push({
      bond,
      time: at ?? newYorkTime(date, hour),
      quantity,
      reportedQuantity: Math.min(quantity, cap),
      capped: quantity > cap,
      price,
      side,
      ats: quantity <= 1_000_000 && rng.chance(0.25),
      status: rng.chance(0.002) ? 'cancelled' : 'active',
    });
  }
  return out;
}
