/**
 * Trade generation: which bonds trade on a day (by issue size, age and rating — a minority of
 * bonds on any day, new issues most), how many times, at what sizes (odd lots to blocks, with the
 * 5MM+/1MM+ dissemination caps) and prices (customers buy above and sell below the hidden mid by
 * a size-dependent half-spread; inter-dealer trades near the mid).
 */
import type { TradeSide } from '../../../db/tables/market';
import { closeHourOf, newYorkTime, REGULAR_CLOSE_HOUR, yearsBetween } from '../../../../common/calendar';
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
}

/**
 * Relative trading activity of a bond on a date: bigger, younger and lower-rated bonds trade more;
 * the first weeks after issue most of all.
 */
export function activityWeight(b: ActivityInputs, date: string): number {
  const sizeF = Math.pow(b.amountIssued / 750_000_000, 0.6);
  const ageDays = Math.max(0, yearsBetween(b.issueDate, date) * 365.25);
  const ageF = (1 + 6 * Math.exp(-ageDays / 12)) * (ageDays > 8 * 365 ? 0.55 : ageDays > 3 * 365 ? 0.8 : 1);
  const ratingF = b.notch >= 16 ? 0.9 : b.hy ? 1.25 : 1;
  return sizeF * ageF * ratingF;
}

/** Probability that a bond of this weight trades at all on a day (~12–18% of bonds on average). */
export function tradeProbability(weight: number): number {
  return Math.min(0.92, 0.11 * weight);
}

/** Number of trades on a day when it trades: at least one, clustered for active bonds. */
export function tradeCount(rng: Rng, weight: number): number {
  return 1 + rng.poisson(1.6 * Math.pow(weight, 0.8));
}

/** A trade size in dollars of par: retail odd lots, round lots, institutional and blocks. */
export function tradeSize(rng: Rng, hy: boolean): number {
  const k = rng.weighted(hy ? [50, 22, 20, 8] : [58, 18, 17, 7]);
  let size: number;
  if (k === 0) size = Math.round(rng.logNormal(40_000, 0.8) / 1000) * 1000;
  else if (k === 1) size = Math.round(rng.uniform(250_000, 1_000_000) / 5000) * 5000;
  else if (k === 2) size = Math.round(rng.logNormal(2_000_000, 0.5) / 100_000) * 100_000;
  else size = Math.round(rng.logNormal(hy ? 4_000_000 : 10_000_000, 0.5) / 1_000_000) * 1_000_000;
  return Math.max(1000, Math.min(size, 100_000_000));
}

/** Half bid/ask spread in price points for a trade size: wide for odd lots, tight for blocks. */
export function halfSpread(size: number, hy: boolean, years: number): number {
  const base = 0.05 + 0.32 * Math.sqrt(100_000 / Math.max(size, 1000));
  const tenorF = 0.6 + 0.4 * Math.min(2, Math.sqrt(Math.max(years, 0.25) / 7));
  return Math.min(1.25, base * tenorF) * (hy ? 1.7 : 1);
}

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

/**
 * The trades of one bond on one day around `mid` (clean price). `cap` is the dissemination cap.
 * `at` fixes every execution time (live ticks); otherwise times spread over the session.
 */
export function generateBondTrades(
  rng: Rng,
  bond: number,
  date: string,
  count: number,
  mid: number,
  hy: boolean,
  years: number,
  cap: number,
  at?: Date,
): SimTrade[] {
  const out: SimTrade[] = [];
  for (let i = 0; i < count; i++) {
    const quantity = tradeSize(rng, hy);
    const r = rng.next();
    const side: TradeSide = r < 0.2 ? 'inter_dealer' : r < 0.6 ? 'customer_buy' : 'customer_sell';
    const hs = halfSpread(quantity, hy, years) * rng.uniform(0.6, 1.4);
    const noise = 0.03 * rng.normal();
    const sign = side === 'customer_buy' ? 1 : side === 'customer_sell' ? -1 : 0;
    const price = Math.max(1, mid + sign * hs + (side === 'inter_dealer' ? 0.15 * hs * rng.normal() : 0) + noise);
    out.push({
      bond,
      time: at ?? newYorkTime(date, tradeHour(rng, date)),
      quantity,
      reportedQuantity: Math.min(quantity, cap),
      capped: quantity > cap,
      price: Math.round(price * 1000) / 1000,
      side,
      ats: quantity <= 1_000_000 && rng.chance(0.25),
      status: rng.chance(0.002) ? 'cancelled' : 'active',
    });
  }
  return out;
}
