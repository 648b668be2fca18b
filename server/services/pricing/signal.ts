/**
 * The trade-implied spread of one bond: each recent trade's price moved to mid by a
 * size-dependent half-spread (customer buys paid the offer, sells hit the bid, inter-dealer
 * trades are mid), turned into a spread in the bond's pricing space against the curve of the
 * trade's day, outliers rejected by median absolute deviation, then averaged with size × recency
 * weights.
 */
import { parseDate } from '@analytics/index';
import {
  DISPERSION_SCALE_BP,
  isoDay,
  MAX_TRADES_PER_BOND,
  MS_PER_DAY,
  OUTLIER_FLOOR_BP,
  OUTLIER_K,
  blendWeight,
  halfSpreadPoints,
  tradeEvidence,
  tradeWeight,
} from './conventions';
import { closeHourOf, newYorkTime } from '../../../common/calendar';
import { indexFixings, INTRADAY_STEPS, type CurveBook } from './curves';
import { spreadDuration } from './basis';
import { priceable, spreadFromPrice } from './measures';
import type { BondEntry } from './terms';
import { SIDE_BUY, SIDE_SELL, type TradeObs } from './trades';
import { defineProcessCache } from '../caches/registry';

/** A trade the price used: its mid spread and its share of the weight. */
export interface UsedTrade {
  id: number;
  midSpreadBp: number;
  weight: number;
  /** What the basis filter reads (basis.ts); not stored in the lineage. */
  timeMs: number;
  quantity: number;
  side: number;
}

/** A trade left out, and why (with its mid spread when it had one). */
export interface RejectedTrade {
  id: number;
  spreadBp: number | null;
  reason: 'outlier' | 'unpriceable' | 'bad print' | 'off-market';
}

/**
 * A print no corporate bond trades at: its mid more than this many points of price above the
 * bond's price at the Treasury yield (through Treasuries), which includes every print at a
 * negative yield. Such a print is never priced from, however few trades the bond has (the outlier
 * test needs three); it stays in the lineage as a 'bad print' for the admin review.
 */
export const BAD_PRINT_THROUGH_TREASURIES_PT = 0.5;

/** Whether a fixed-rate bond's trade at `spreadBp` (mid, bp over Treasuries) is a bad print. */
export function isBadPrint(entry: BondEntry, spreadBp: number, years: number): boolean {
  if (entry.couponType === 'floating' || spreadBp >= 0) return false;
  return (-spreadBp * spreadDuration(years, 0)) / 100 > BAD_PRINT_THROUGH_TREASURIES_PT;
}

export interface TradeSignal {
  spreadBp: number;
  /** Weighted standard deviation of the mid spreads (0 with one trade). */
  dispersionBp: number;
  count: number;
  evidence: number;
  /** Share of the trade-implied spread in the final blend. */
  alpha: number;
  lastAgeDays: number;
  used: UsedTrade[];
  rejected: RejectedTrade[];
}

const MAX_ABS_SPREAD_BP = 5_000;
const dayNumbers = defineProcessCache(
  {
    name: 'pricing.dayNumbers',
    home: 'server/services/pricing/signal.ts',
    per: 'process',
    key: 'trade day',
    lifetime: 'until invalidated',
    invalidatedBy: ['nothing: a pure function of the day (one entry per day ever priced)'],
  },
  new Map<string, number>(),
);

function dayNumber(day: string): number {
  let n = dayNumbers.get(day);
  if (n === undefined) dayNumbers.set(day, (n = parseDate(day)));
  return n;
}

/**
 * The trade's mid spread (bp) against its own day's curve, cached on the trade; NaN when the
 * price gives no sensible spread (a bad print, a bond in its last days).
 */
export function tradeSpread(entry: BondEntry, t: TradeObs, curves: CurveBook, asOfMs = Infinity): number {
  // The curve when the trade printed, not at the close: interpolated along the day (curves.at).
  const dated = curves.at(t.day, sessionStep(t.day, t.timeMs, asOfMs));
  if (!dated) return NaN;
  const c = t.cache;
  // The half-spread depends on the bond's rating class on the pricing day (point in time), so it keys the cache too.
  if (c && c.curveKey === dated.key && c.termsMs === entry.updatedAtMs && c.hy === entry.highYield) return c.spreadBp;
  let spreadBp = NaN;
  const day = dayNumber(t.day);
  if (priceable(entry, day)) {
    const sign = t.side === SIDE_BUY ? 1 : t.side === SIDE_SELL ? -1 : 0;
    const years = (entry.maturityDay - day) / 365.25;
    const mid = t.price - sign * halfSpreadPoints(t.quantity, entry.highYield, years);
    try {
      spreadBp = spreadFromPrice(entry, mid, day, dated.curve, indexFixings(curves));
      if (!(Math.abs(spreadBp) < MAX_ABS_SPREAD_BP)) spreadBp = NaN;
    } catch {
      spreadBp = NaN;
    }
  }
  t.cache = { curveKey: dated.key, termsMs: entry.updatedAtMs, hy: entry.highYield, spreadBp };
  return spreadBp;
}

/**
 * The intraday curve step (1 … INTRADAY_STEPS) of a trade: where its time falls between 08:00 New
 * York and the day's curve — a quarter past the close, or `asOfMs` during the session (a live
 * day's curve is the latest, not the close).
 */
export function sessionStep(day: string, timeMs: number, asOfMs = Infinity): number {
  let s = sessionBounds.get(day);
  if (!s) sessionBounds.set(day, (s = [newYorkTime(day, 8).getTime(), newYorkTime(day, closeHourOf(day) + 0.25).getTime()]));
  const end = Math.min(s[1], asOfMs);
  if (end <= s[0]) return INTRADAY_STEPS;
  const f = (timeMs - s[0]) / (end - s[0]);
  return Math.min(INTRADAY_STEPS, Math.max(1, Math.ceil(f * INTRADAY_STEPS)));
}
const sessionBounds = defineProcessCache(
  {
    name: 'pricing.sessionBounds',
    home: 'server/services/pricing/signal.ts',
    per: 'process',
    key: 'trade day',
    lifetime: 'until invalidated',
    invalidatedBy: ["nothing: a pure function of the day and the SIFMA calendar's early closes"],
  },
  new Map<string, [number, number]>(),
);

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

/**
 * Trade-implied spread of a bond from its trades in the window (oldest first), or null without any
 * usable trade. `rejectedOut`, when given, receives the trades left out even then (a bond whose only
 * print was bad still names it in its lineage).
 */
export function tradeSignal(
  entry: BondEntry,
  trades: readonly TradeObs[],
  curves: CurveBook,
  asOfMs: number,
  rejectedOut?: RejectedTrade[],
  /** isoDay of `asOfMs`, when the caller has it (a reprice asks for every bond with the same instant). */
  today = isoDay(new Date(asOfMs)),
): TradeSignal | null {
  if (trades.length === 0) return null;
  const recent = trades.length > MAX_TRADES_PER_BOND ? trades.slice(trades.length - MAX_TRADES_PER_BOND) : trades;
  const rejected: RejectedTrade[] = [];
  const cand: { t: TradeObs; mid: number }[] = [];
  const years = (entry.maturityDay - dayNumber(recent[recent.length - 1]!.day)) / 365.25;
  for (const t of recent) {
    // A print its own day's close flagged is never priced from again (that close decides its own
    // day's prints afresh: tradeFlags.ts).
    if (t.flag && t.day < today) {
      rejected.push({ id: t.id, spreadBp: null, reason: t.flag });
      continue;
    }
    const mid = tradeSpread(entry, t, curves, asOfMs);
    if (Number.isNaN(mid)) rejected.push({ id: t.id, spreadBp: null, reason: 'unpriceable' });
    else if (isBadPrint(entry, mid, years)) rejected.push({ id: t.id, spreadBp: round(mid, 3), reason: 'bad print' });
    else cand.push({ t, mid });
  }
  let kept = cand;
  if (cand.length >= 3) {
    const mids = cand.map((c) => c.mid);
    const med = median(mids);
    const mad = median(mids.map((m) => Math.abs(m - med)));
    const limit = Math.max(OUTLIER_K * 1.4826 * mad, entry.highYield ? OUTLIER_FLOOR_BP.hy : OUTLIER_FLOOR_BP.ig);
    kept = [];
    for (const c of cand) {
      if (Math.abs(c.mid - med) > limit) rejected.push({ id: c.t.id, spreadBp: round(c.mid, 3), reason: 'outlier' });
      else kept.push(c);
    }
  }
  if (kept.length === 0) {
    rejectedOut?.push(...rejected);
    return null;
  }
  let sw = 0;
  let sws = 0;
  let evidence = 0;
  let lastAge = Infinity;
  const weights = kept.map((c) => {
    const age = Math.max(0, (asOfMs - c.t.timeMs) / MS_PER_DAY);
    const w = tradeWeight(c.t.quantity, age);
    sw += w;
    sws += w * c.mid;
    evidence += tradeEvidence(c.t.quantity, age);
    if (age < lastAge) lastAge = age;
    return w;
  });
  if (!(sw > 0)) {
    rejectedOut?.push(...rejected);
    return null;
  }
  const spreadBp = sws / sw;
  let sv = 0;
  for (let i = 0; i < kept.length; i++) sv += weights[i]! * (kept[i]!.mid - spreadBp) ** 2;
  const dispersionBp = kept.length > 1 ? Math.sqrt(sv / sw) : 0;
  return {
    spreadBp,
    dispersionBp,
    count: kept.length,
    evidence,
    alpha: blendWeight(evidence),
    lastAgeDays: lastAge,
    used: kept.map((c, i) => ({
      id: c.t.id,
      midSpreadBp: round(c.mid, 3),
      weight: round(weights[i]! / sw, 5),
      timeMs: c.t.timeMs,
      quantity: c.t.quantity,
      side: c.t.side,
    })),
    rejected,
  };
}

/** The trade part of the confidence formula: count × recency × dispersion, each in [0, 1]. */
export function tradeScores(signal: TradeSignal, highYield: boolean): { count: number; recency: number; dispersion: number } {
  const scale = highYield ? DISPERSION_SCALE_BP.hy : DISPERSION_SCALE_BP.ig;
  return {
    count: 1 - Math.exp(-signal.count / 3),
    recency: Math.pow(0.5, signal.lastAgeDays / 2),
    // One trade says nothing about dispersion: score it as a middling 0.7.
    dispersion: signal.count > 1 ? 1 / (1 + (signal.dispersionBp / scale) ** 2) : 0.7,
  };
}

export function round(x: number, dp: number): number {
  const f = 10 ** dp;
  return Math.round(x * f) / f;
}
