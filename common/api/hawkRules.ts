/**
 * Market hawk's rule vocabulary (spec §1): the limits, the ten rule kinds as a typed union, the
 * targets each kind takes, trigger frequencies, and the cross-field checks of a rule on its
 * target. One definition for the server's schemas, the evaluator, the backtest and the page's form;
 * re-exported by the resource's contract, common/api/hawk.ts.
 */
import { z } from 'zod';
import { DEAL_STATUSES, RATING_CLASSES, SECTOR_CODES, TENOR_BUCKET_IDS } from '../market';

// ---- limits (one definition: server schema, database checks and the page's form) --------------

/** Active or paused subscriptions one user may keep. */
export const HAWK_SUBSCRIPTIONS_PER_USER_MAX = 200;
export const HAWK_NAME_MAX_LENGTH = 80;
/** Reachable levels: no negative price; spreads within ±10,000 bp; yields within −10 %…100 %. */
export const HAWK_LIMITS = {
  price: { min: 0.01, max: 1000 },
  yield: { min: -10, max: 100 },
  spreadBp: { min: -10_000, max: 10_000 },
  /** A move: more than this many points (price) … */
  movePoints: { min: 0.01, max: 100 },
  /** … or bp (yield and spreads). */
  moveBp: { min: 0.1, max: 10_000 },
  tradeSize: { min: 1_000, max: 10_000_000_000 },
  tradeAwayPoints: { min: 0.01, max: 100 },
  confidence: { min: 1, max: 100 },
  volumeRatio: { min: 1.01, max: 1_000 },
  cooldownMinutes: { min: 1, max: 7 * 24 * 60 },
  /** Expiry at most this many days ahead. */
  expiryDays: 366,
} as const;
/** How far back the backtest looks. */
export const HAWK_BACKTEST_DAYS = 30;
/** Firings of one backtest listed (the count covers all). */
export const HAWK_BACKTEST_SAMPLES_MAX = 50;
export const HAWK_FIRINGS_PAGE_MAX = 500;

export const HAWK_METRICS = ['price', 'yield', 'gSpread', 'tSpread'] as const;
export type HawkMetric = (typeof HAWK_METRICS)[number];
export const HAWK_WINDOWS = ['intraday', '1d', '1w'] as const;
export type HawkWindow = (typeof HAWK_WINDOWS)[number];
export const HAWK_CHANNELS = ['in_app', 'push', 'email'] as const;
export type HawkChannel = (typeof HAWK_CHANNELS)[number];
export const RATING_AGENCIES = ['sp', 'moody'] as const;
/** Segments of a market move: the IG/HY indices, the whole market, a rating bucket, a sector. */
export const HAWK_MARKET_SEGMENTS = ['all', 'IG', 'HY'] as const;

// ---- rules ------------------------------------------------------------------------------------

const finite = z.number().finite();
// The messages complete the field's name, which the path carries ("Min size must be at least 1000").
const between = (lo: number, hi: number) => finite.min(lo, `must be at least ${lo}`).max(hi, `must be at most ${hi}`);

export const levelRuleSchema = z.object({
  kind: z.literal('level'),
  metric: z.enum(HAWK_METRICS),
  direction: z.enum(['above', 'below']),
  level: finite,
});
export const moveRuleSchema = z.object({
  kind: z.literal('move'),
  metric: z.enum(HAWK_METRICS),
  /** Points for price, bp for yield and spreads; either direction. */
  threshold: finite.positive('threshold must be positive'),
  window: z.enum(HAWK_WINDOWS),
});
export const tradeSizeRuleSchema = z.object({
  kind: z.literal('tradeSize'),
  /** Par, disseminated: a capped print (5MM+ IG, 1MM+ HY) counts as at least its cap. */
  minSize: between(HAWK_LIMITS.tradeSize.min, HAWK_LIMITS.tradeSize.max),
  /** When minSize is above the cap, whether a capped print (which may be that large) fires. */
  includeCapped: z.boolean().default(true),
});
export const tradeAwayRuleSchema = z.object({
  kind: z.literal('tradeAway'),
  /** Points between the print and the evaluated price. */
  thresholdPoints: between(HAWK_LIMITS.tradeAwayPoints.min, HAWK_LIMITS.tradeAwayPoints.max),
});
export const confidenceRuleSchema = z.object({
  kind: z.literal('confidence'),
  below: z.number().int().min(HAWK_LIMITS.confidence.min).max(HAWK_LIMITS.confidence.max),
});
export const volumeRuleSchema = z.object({
  kind: z.literal('volume'),
  /** Today's volume ÷ its 20-business-day average above this. */
  ratio: between(HAWK_LIMITS.volumeRatio.min, HAWK_LIMITS.volumeRatio.max),
});
export const ratingRuleSchema = z.object({
  kind: z.literal('rating'),
  agencies: z.array(z.enum(RATING_AGENCIES)).min(1).max(2).default(['sp', 'moody']),
  direction: z.enum(['any', 'up', 'down']).default('any'),
});
export const newDealRuleSchema = z.object({
  kind: z.literal('newDeal'),
  /** With a market target: only deals of this sector and/or rating class. */
  sector: z.enum(SECTOR_CODES).nullable().default(null),
  ratingClass: z.enum(RATING_CLASSES).nullable().default(null),
});
export const dealStatusRuleSchema = z.object({
  kind: z.literal('dealStatus'),
  /** The followed deal (market target); null with an issuer target: every deal of the issuer. */
  dealId: z.number().int().positive().nullable().default(null),
  /** Steps to hear about (default: all). */
  statuses: z
    .array(z.enum(DEAL_STATUSES))
    .min(1)
    .max(DEAL_STATUSES.length)
    .default([...DEAL_STATUSES]),
});
export const marketMoveRuleSchema = z.object({
  kind: z.literal('marketMove'),
  /** IG/HY index or the whole market; with a tenor, that market-summary cell (segment × tenor). */
  segment: z.enum(HAWK_MARKET_SEGMENTS),
  tenor: z.enum(TENOR_BUCKET_IDS).nullable().default(null),
  /** Average G-spread change over the day, bp, either direction. */
  thresholdBp: between(HAWK_LIMITS.moveBp.min, HAWK_LIMITS.moveBp.max),
});

export const hawkRuleSchema = z.discriminatedUnion('kind', [
  levelRuleSchema,
  moveRuleSchema,
  tradeSizeRuleSchema,
  tradeAwayRuleSchema,
  confidenceRuleSchema,
  volumeRuleSchema,
  ratingRuleSchema,
  newDealRuleSchema,
  dealStatusRuleSchema,
  marketMoveRuleSchema,
]);
export type HawkRule = z.infer<typeof hawkRuleSchema>;
export type HawkRuleInput = z.input<typeof hawkRuleSchema>;
export type HawkRuleKind = HawkRule['kind'];
export const HAWK_RULE_KINDS = [
  'level',
  'move',
  'tradeSize',
  'tradeAway',
  'confidence',
  'volume',
  'rating',
  'newDeal',
  'dealStatus',
  'marketMove',
] as const satisfies readonly HawkRuleKind[];

export const hawkTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('bond'), bondId: z.number().int().positive() }),
  z.object({ kind: z.literal('issuer'), issuerId: z.number().int().positive() }),
  z.object({ kind: z.literal('table'), tableId: z.string().uuid('tableId must be a uuid') }),
  z.object({ kind: z.literal('market') }),
]);
export type HawkTarget = z.infer<typeof hawkTargetSchema>;
export type HawkTargetKind = HawkTarget['kind'];

/** Which targets each rule kind takes. */
export const HAWK_TARGETS_BY_KIND: Record<HawkRuleKind, readonly HawkTargetKind[]> = {
  level: ['bond', 'issuer', 'table'],
  move: ['bond', 'issuer', 'table'],
  tradeSize: ['bond', 'issuer', 'table'],
  tradeAway: ['bond', 'issuer', 'table'],
  confidence: ['bond', 'issuer', 'table'],
  volume: ['bond', 'issuer', 'table'],
  rating: ['bond', 'issuer', 'table'],
  newDeal: ['issuer', 'market'],
  dealStatus: ['issuer', 'market'],
  marketMove: ['market'],
};

export const hawkFrequencySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('once') }),
  z.object({ type: z.literal('daily') }),
  z.object({
    type: z.literal('every'),
    cooldownMinutes: z.number().int().min(HAWK_LIMITS.cooldownMinutes.min).max(HAWK_LIMITS.cooldownMinutes.max),
  }),
]);
export type HawkFrequency = z.infer<typeof hawkFrequencySchema>;

/**
 * The cross-field checks of a rule on its target: reachable levels per metric, windows each metric
 * supports, and the targets each kind takes. Returns [path, message] problems (empty: valid).
 */
export function hawkRuleProblems(rule: HawkRule, target: HawkTarget): [string, string][] {
  const problems: [string, string][] = [];
  if (!HAWK_TARGETS_BY_KIND[rule.kind].includes(target.kind)) {
    problems.push(['target', `a ${rule.kind} rule takes a ${HAWK_TARGETS_BY_KIND[rule.kind].join(' or ')} target`]);
  }
  if (rule.kind === 'level') {
    const range = rule.metric === 'price' ? HAWK_LIMITS.price : rule.metric === 'yield' ? HAWK_LIMITS.yield : HAWK_LIMITS.spreadBp;
    const unit = rule.metric === 'price' ? '' : rule.metric === 'yield' ? ' %' : ' bp';
    if (rule.level < range.min || rule.level > range.max) {
      problems.push(['rule.level', `a ${rule.metric} level must be between ${range.min}${unit} and ${range.max}${unit}`]);
    }
  }
  if (rule.kind === 'move') {
    const range = rule.metric === 'price' ? HAWK_LIMITS.movePoints : HAWK_LIMITS.moveBp;
    if (rule.threshold < range.min || rule.threshold > range.max) {
      problems.push([
        'rule.threshold',
        `a ${rule.metric} move must be between ${range.min} and ${range.max} ${rule.metric === 'price' ? 'points' : 'bp'}`,
      ]);
    }
    // T-spread history is not kept per price, so only the day's change (vs the last close) exists.
    if (rule.metric === 'tSpread' && rule.window !== '1d') problems.push(['rule.window', 'a T-spread move is measured over 1d only']);
  }
  if (rule.kind === 'dealStatus' && target.kind === 'market' && rule.dealId === null) {
    problems.push(['rule.dealId', 'choose the deal to follow (or an issuer target for all its deals)']);
  }
  return problems;
}
