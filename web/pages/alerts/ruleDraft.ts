/**
 * The alert editor's draft: what the form holds while a person edits (targets may be half chosen),
 * each kind's words and default fields, and the request body a draft makes — the API schema, not
 * the form, decides whether it is valid.
 */
import { DEAL_STATUSES } from '@common/market';
import type { HAWK_RULE_KINDS, HawkSubscriptionCreateBody, HawkTargetKind } from '@common/api/hawk';

export type Draft = {
  name: string;
  template: string | null;
  rule: Record<string, unknown> & { kind: (typeof HAWK_RULE_KINDS)[number] };
  target: { kind: HawkTargetKind; bondId?: number | null; issuerId?: number | null; tableId?: string | null };
  frequency: { type: 'once' | 'daily' | 'every'; cooldownMinutes?: number };
  expiresAt: string | null;
  channels: string[];
  paused: boolean;
};

export const KIND_LABELS: Record<string, string> = {
  level: 'Level crossed',
  move: 'Move within a window',
  tradeSize: 'Trade size',
  tradeAway: 'Trade away from evaluated price',
  confidence: 'Confidence falls',
  volume: 'Volume vs 20-day average',
  rating: 'Rating change',
  newDeal: 'New deal',
  dealStatus: 'Deal status steps',
  marketMove: 'Market move',
};

/** Defaults of each kind's fields when the kind changes. */
export const KIND_DEFAULTS: Record<string, Record<string, unknown>> = {
  level: { metric: 'price', direction: 'above', level: 100 },
  move: { metric: 'gSpread', threshold: 10, window: '1d' },
  tradeSize: { minSize: 5_000_000, includeCapped: true },
  tradeAway: { thresholdPoints: 1 },
  confidence: { below: 50 },
  volume: { ratio: 3 },
  rating: { agencies: ['sp', 'moody'], direction: 'any' },
  newDeal: { sector: null, ratingClass: null },
  dealStatus: { dealId: null, statuses: [...DEAL_STATUSES] },
  marketMove: { segment: 'HY', tenor: null, thresholdBp: 10 },
};

/** The request body a draft makes (the schema decides whether it is valid). */
export function bodyOf(d: Draft): HawkSubscriptionCreateBody {
  const t = d.target;
  const target =
    t.kind === 'bond'
      ? { kind: 'bond', bondId: t.bondId }
      : t.kind === 'issuer'
        ? { kind: 'issuer', issuerId: t.issuerId }
        : t.kind === 'table'
          ? { kind: 'table', tableId: t.tableId }
          : { kind: 'market' };
  const frequency =
    d.frequency.type === 'every' ? { type: 'every', cooldownMinutes: d.frequency.cooldownMinutes ?? 30 } : { type: d.frequency.type };
  return {
    name: d.name.trim() || null,
    template: d.template,
    rule: d.rule,
    target,
    frequency,
    expiresAt: d.expiresAt,
    channels: d.channels,
    paused: d.paused,
  } as HawkSubscriptionCreateBody;
}
