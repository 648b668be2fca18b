/**
 * What each rule kind says about one observation: pure checks, shared by the live evaluator and
 * the backtest. A check returns the words and the values that triggered it, or null.
 */
import { newYorkOffsetHours, isoDate } from '../../../common/calendar';
import type { HawkFrequency, HawkMetric, HawkRule } from '../../../common/api/hawk';

export interface Trigger {
  message: string;
  vals: Record<string, unknown>;
}

/** A bond's evaluated state, in the rules' units (yields in percent, spreads in bp). */
export interface BondState {
  price: number | null;
  yieldPct: number | null;
  gSpread: number | null;
  tSpread: number | null;
  /** Changes since the last close (the bond table's change columns): points, bp. */
  change: Record<HawkMetric, number | null>;
  confidence: number | null;
  /** Today's volume ÷ its 20-day average. */
  volumeRatio: number | null;
}

/** Reference levels a move is measured from: the day's first intraday price, the close a week ago. */
export interface MoveReferences {
  intraday?: { price: number | null; yieldPct: number | null; gSpread: number | null } | undefined;
  '1w'?: { price: number | null; yieldPct: number | null; gSpread: number | null } | undefined;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
const METRIC = { price: 'price', yield: 'yield', gSpread: 'G-spread', tSpread: 'T-spread' } as const;
const fmt = (metric: HawkMetric, v: number) =>
  metric === 'price' ? v.toFixed(3) : metric === 'yield' ? `${v.toFixed(3)}%` : `${v.toFixed(1)} bp`;

export function metricValue(state: BondState, metric: HawkMetric): number | null {
  return metric === 'price' ? state.price : metric === 'yield' ? state.yieldPct : metric === 'gSpread' ? state.gSpread : state.tSpread;
}

/** Level, move, confidence and volume rules on a bond's state. */
export function checkState(rule: HawkRule, state: BondState, refs: MoveReferences = {}): Trigger | null {
  switch (rule.kind) {
    case 'level': {
      const v = metricValue(state, rule.metric);
      if (v === null) return null;
      const hit = rule.direction === 'above' ? v > rule.level : v < rule.level;
      if (!hit) return null;
      return {
        message: `${METRIC[rule.metric]} ${fmt(rule.metric, v)} ${rule.direction} ${fmt(rule.metric, rule.level)}`,
        vals: { metric: rule.metric, value: v, level: rule.level, direction: rule.direction },
      };
    }
    case 'move': {
      let change: number | null;
      if (rule.window === '1d') change = state.change[rule.metric];
      else {
        const ref = refs[rule.window];
        const now = metricValue(state, rule.metric);
        const then = ref
          ? rule.metric === 'price'
            ? ref.price
            : rule.metric === 'yield'
              ? ref.yieldPct
              : rule.metric === 'gSpread'
                ? ref.gSpread
                : null
          : null;
        change = now === null || then === null || then === undefined ? null : now - then;
        // Yield moves are stated in bp.
        if (change !== null && rule.metric === 'yield') change *= 100;
      }
      if (change === null || Math.abs(change) <= rule.threshold) return null;
      const unit = rule.metric === 'price' ? 'points' : 'bp';
      return {
        message: `${METRIC[rule.metric]} moved ${change > 0 ? '+' : ''}${round(change, rule.metric === 'price' ? 3 : 1)} ${unit} (${rule.window}), more than ${rule.threshold}`,
        vals: {
          metric: rule.metric,
          change: round(change, 6),
          threshold: rule.threshold,
          window: rule.window,
          value: metricValue(state, rule.metric),
        },
      };
    }
    case 'confidence':
      if (state.confidence === null || state.confidence >= rule.below) return null;
      return { message: `Confidence ${state.confidence} below ${rule.below}`, vals: { confidence: state.confidence, below: rule.below } };
    case 'volume':
      if (state.volumeRatio === null || state.volumeRatio <= rule.ratio) return null;
      return {
        message: `Volume ${round(state.volumeRatio, 2)}× its 20-day average (more than ${rule.ratio}×)`,
        vals: { ratio: round(state.volumeRatio, 4), threshold: rule.ratio },
      };
    default:
      return null;
  }
}

export interface TradePrint {
  tradeId: string;
  price: number;
  /** Disseminated size (at the cap when capped). */
  quantity: number;
  capped: boolean;
  executionTime: string;
}

function sizeWords(q: number, capped: boolean): string {
  const mm = q / 1_000_000;
  return `${mm >= 1 ? `${+mm.toFixed(2)}MM` : `${+(q / 1000).toFixed(0)}K`}${capped ? '+' : ''}`;
}

/** Trade-size and trade-away rules on one print; `evaluated` is the evaluated price before it. */
export function checkTrade(rule: HawkRule, t: TradePrint, evaluated: number | null): Trigger | null {
  if (rule.kind === 'tradeSize') {
    // A capped print is at least its cap: it meets minSize for sure when the cap does, and may when not.
    const surely = t.quantity >= rule.minSize;
    const maybe = t.capped && rule.includeCapped;
    if (!surely && !maybe) return null;
    return {
      message: `Trade of ${sizeWords(t.quantity, t.capped)} at ${t.price.toFixed(3)}`,
      vals: {
        tradeId: t.tradeId,
        quantity: t.quantity,
        capped: t.capped,
        price: t.price,
        minSize: rule.minSize,
        executionTime: t.executionTime,
      },
    };
  }
  if (rule.kind === 'tradeAway') {
    if (evaluated === null) return null;
    const away = t.price - evaluated;
    if (Math.abs(away) <= rule.thresholdPoints) return null;
    return {
      message: `Trade at ${t.price.toFixed(3)}, ${away > 0 ? '+' : ''}${round(away, 3)} points from the evaluated ${evaluated.toFixed(3)}`,
      vals: {
        tradeId: t.tradeId,
        price: t.price,
        evaluated,
        away: round(away, 6),
        threshold: rule.thresholdPoints,
        quantity: t.quantity,
        capped: t.capped,
      },
    };
  }
  return null;
}

export interface RatingChange {
  agency: 'sp' | 'moody';
  from: string | null;
  to: string;
  /** Negative: an upgrade (notches count down towards AAA). */
  notchChange: number | null;
}

export function checkRating(rule: HawkRule, c: RatingChange): Trigger | null {
  if (rule.kind !== 'rating' || !rule.agencies.includes(c.agency) || c.from === null || c.from === c.to) return null;
  const up = c.notchChange !== null && c.notchChange < 0;
  const down = c.notchChange !== null && c.notchChange > 0;
  if ((rule.direction === 'up' && !up) || (rule.direction === 'down' && !down)) return null;
  const agency = c.agency === 'sp' ? 'S&P' : "Moody's";
  return {
    message: `${agency} ${up ? 'upgrade' : down ? 'downgrade' : 'change'} ${c.from} → ${c.to}`,
    vals: { agency: c.agency, from: c.from, to: c.to },
  };
}

export interface DealEvent {
  dealId: number;
  issuerId: number;
  ticker: string | null;
  highYield: boolean | null;
  sectorCodes: string[];
  /** For a status step. */
  from?: string | undefined;
  to?: string | undefined;
}

export function checkNewDeal(rule: HawkRule, d: DealEvent): Trigger | null {
  if (rule.kind !== 'newDeal') return null;
  if (rule.sector && !d.sectorCodes.includes(rule.sector)) return null;
  if (rule.ratingClass && (d.highYield === null || (rule.ratingClass === 'HY') !== d.highYield)) return null;
  return {
    message: `New deal from ${d.ticker ?? `issuer ${d.issuerId}`} (deal #${d.dealId})`,
    vals: { dealId: d.dealId, issuerId: d.issuerId },
  };
}

export function checkDealStep(rule: HawkRule, d: DealEvent): Trigger | null {
  if (rule.kind !== 'dealStatus' || !d.to) return null;
  if (rule.dealId !== null && rule.dealId !== d.dealId) return null;
  if (!(rule.statuses as string[]).includes(d.to)) return null;
  return {
    message: `${d.ticker ?? 'Deal'} deal #${d.dealId}: ${(d.from ?? '').replace(/_/g, ' ')} → ${d.to.replace(/_/g, ' ')}`,
    vals: { dealId: d.dealId, from: d.from ?? null, to: d.to },
  };
}

export function checkMarket(rule: HawkRule, averageChangeBp: number | null, bonds: number): Trigger | null {
  if (rule.kind !== 'marketMove' || averageChangeBp === null || Math.abs(averageChangeBp) <= rule.thresholdBp) return null;
  return {
    message: `${rule.segment === 'all' ? 'Market' : rule.segment}${rule.tenor ? ` ${rule.tenor}` : ''} G-spread ${averageChangeBp > 0 ? '+' : ''}${round(averageChangeBp, 1)} bp on the day`,
    vals: { segment: rule.segment, tenor: rule.tenor, changeBp: round(averageChangeBp, 4), threshold: rule.thresholdBp, bonds },
  };
}

/** The New York calendar day of an instant. */
export function newYorkDay(ms: number): string {
  const utcDay = isoDate(new Date(ms));
  return isoDate(new Date(ms + newYorkOffsetHours(utcDay) * 3_600_000));
}

/**
 * The window part of a firing's unique key: a "once" rule has one window ever, a daily one a New
 * York day, "every" a cool-down bucket of the event's time (the same event gives every evaluator
 * the same key).
 */
export function windowKeyOf(frequency: HawkFrequency, atMs: number): string {
  if (frequency.type === 'once') return 'once';
  if (frequency.type === 'daily') return newYorkDay(atMs);
  return `c${frequency.cooldownMinutes}:${Math.floor(atMs / (frequency.cooldownMinutes * 60_000))}`;
}

/** The subject part: what fired (a "once" rule fires once in all, whatever the subject). */
export function subjectKeyOf(frequency: HawkFrequency, subject: string): string {
  return frequency.type === 'once' ? '*' : subject;
}
