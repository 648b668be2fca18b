/**
 * Market hawk in a desk's words: the one-sentence summary of a rule (the page, the e-mails, the
 * notifications) and the templates the subscription page starts from (the admin statistics count
 * their use). Re-exported by the resource's contract, common/api/hawk.ts.
 */
import { DEAL_STATUSES } from '../market';
import type { HawkFrequency, HawkMetric, HawkRule, HawkRuleInput, HawkTargetKind, HawkWindow } from './hawkRules';

/** The metrics and windows in the market's words, for the summary and the editor's choices. */
export const HAWK_METRIC_LABELS: Record<HawkMetric, string> = { price: 'Price', yield: 'Yield', gSpread: 'G-spread', tSpread: 'T-spread' };
export const HAWK_WINDOW_LABELS: Record<HawkWindow, string> = { intraday: 'Since the open', '1d': 'One day', '1w': 'One week' };
const METRIC_WORDS = HAWK_METRIC_LABELS;
const WINDOW_WORDS: Record<HawkWindow, string> = { intraday: 'since the open', '1d': 'in a day', '1w': 'in a week' };

function level(metric: HawkMetric, value: number): string {
  if (metric === 'price') return value.toFixed(2);
  if (metric === 'yield') return `${value.toFixed(3)}%`;
  return `${value.toFixed(1)} bp`;
}

function size(par: number): string {
  return par >= 1_000_000 ? `${+(par / 1_000_000).toFixed(2)}MM` : `${+(par / 1000).toFixed(1)}K`;
}

/** One sentence of what the rule watches, in a desk's words; the target's label is given. */
export function summarizeRule(rule: HawkRule, targetLabel: string, frequency?: HawkFrequency): string {
  const on = targetLabel;
  let text: string;
  switch (rule.kind) {
    case 'level':
      text = `${METRIC_WORDS[rule.metric]} of ${on} ${rule.direction} ${level(rule.metric, rule.level)}`;
      break;
    case 'move':
      text = `${METRIC_WORDS[rule.metric]} of ${on} moves more than ${rule.metric === 'price' ? `${rule.threshold} points` : `${rule.threshold} bp`} ${WINDOW_WORDS[rule.window]}`;
      break;
    case 'tradeSize':
      text = `A trade of ${size(rule.minSize)} or more prints in ${on}${rule.includeCapped ? '' : ' (capped 5MM+/1MM+ prints only when the cap reaches it)'}`;
      break;
    case 'tradeAway':
      text = `A trade in ${on} prints more than ${rule.thresholdPoints} points away from the evaluated price`;
      break;
    case 'confidence':
      text = `Evaluated-price confidence of ${on} falls below ${rule.below}`;
      break;
    case 'volume':
      text = `Volume of ${on} exceeds ${rule.ratio}× its 20-day average`;
      break;
    case 'rating': {
      const agencies = rule.agencies.map((a) => (a === 'sp' ? 'S&P' : "Moody's")).join(' or ');
      const dir = rule.direction === 'any' ? 'changes' : rule.direction === 'up' ? 'is upgraded' : 'is downgraded';
      text = `The ${agencies} rating of ${on} ${dir}`;
      break;
    }
    case 'newDeal': {
      const filters = [rule.ratingClass, rule.sector ? `sector ${rule.sector}` : null].filter(Boolean).join(', ');
      text = `A new deal is announced by ${on}${filters ? ` (${filters})` : ''}`;
      break;
    }
    case 'dealStatus':
      text = `${rule.dealId ? `Deal #${rule.dealId}` : `A deal of ${on}`} reaches ${rule.statuses.length === DEAL_STATUSES.length ? 'each status step' : rule.statuses.join(', ').replace(/_/g, ' ')}`;
      break;
    case 'marketMove':
      text = `${rule.segment === 'all' ? 'The market' : `The ${rule.segment} index`}${rule.tenor ? ` ${rule.tenor}` : ''} G-spread moves more than ${rule.thresholdBp} bp in a day`;
      break;
  }
  if (!frequency) return text;
  const when =
    frequency.type === 'once'
      ? 'once'
      : frequency.type === 'daily'
        ? 'at most once a day'
        : `every time, at most every ${frequency.cooldownMinutes} min`;
  return `${text} — ${when}`;
}

/** Templates the subscription page starts from (the admin statistics count their use). */
export const HAWK_TEMPLATES: { id: string; label: string; rule: HawkRuleInput; targetKind: HawkTargetKind; frequency: HawkFrequency }[] = [
  {
    id: 'price-above',
    label: 'Price above a level',
    rule: { kind: 'level', metric: 'price', direction: 'above', level: 100 },
    targetKind: 'bond',
    frequency: { type: 'daily' },
  },
  {
    id: 'spread-widens',
    label: 'G-spread widens 10 bp in a day',
    rule: { kind: 'move', metric: 'gSpread', threshold: 10, window: '1d' },
    targetKind: 'bond',
    frequency: { type: 'daily' },
  },
  {
    id: 'block-trade',
    label: 'Block trade (5MM+)',
    rule: { kind: 'tradeSize', minSize: 5_000_000 },
    targetKind: 'issuer',
    frequency: { type: 'every', cooldownMinutes: 30 },
  },
  {
    id: 'off-market-print',
    label: 'Print away from evaluated price',
    rule: { kind: 'tradeAway', thresholdPoints: 1 },
    targetKind: 'bond',
    frequency: { type: 'every', cooldownMinutes: 60 },
  },
  {
    id: 'low-confidence',
    label: 'Confidence falls below 50',
    rule: { kind: 'confidence', below: 50 },
    targetKind: 'bond',
    frequency: { type: 'daily' },
  },
  {
    id: 'volume-spike',
    label: 'Volume 3× the 20-day average',
    rule: { kind: 'volume', ratio: 3 },
    targetKind: 'issuer',
    frequency: { type: 'daily' },
  },
  {
    id: 'rating-change',
    label: 'Rating change',
    rule: { kind: 'rating' },
    targetKind: 'issuer',
    frequency: { type: 'every', cooldownMinutes: 1 },
  },
  {
    id: 'new-deal',
    label: 'New deal from an issuer',
    rule: { kind: 'newDeal' },
    targetKind: 'issuer',
    frequency: { type: 'every', cooldownMinutes: 1 },
  },
  {
    id: 'deal-steps',
    label: 'Each step of a deal',
    rule: { kind: 'dealStatus' },
    targetKind: 'issuer',
    frequency: { type: 'every', cooldownMinutes: 1 },
  },
  {
    id: 'hy-index-move',
    label: 'HY index moves 10 bp',
    rule: { kind: 'marketMove', segment: 'HY', thresholdBp: 10 },
    targetKind: 'market',
    frequency: { type: 'daily' },
  },
];
