/**
 * API contract of market hawk (spec §1 "market alert subscriptions"): a user's alert rules on a
 * bond, an issuer (all its bonds), one of their custom bond tables (its filter) or the market,
 * evaluated on the domain events and the bonds' evaluated state (docs/market-hawk.md).
 *
 * - GET    /v2/hawk/subscriptions          → { subscriptions } (the caller's)
 * - POST   /v2/hawk/subscriptions          → 201 HawkSubscription
 * - GET    /v2/hawk/subscriptions/{id}     → HawkSubscription
 * - PATCH  /v2/hawk/subscriptions/{id}     → HawkSubscription (any subset; pause = { paused: true })
 * - DELETE /v2/hawk/subscriptions/{id}     → 204
 * - POST   /v2/hawk/backtest               → how often a rule would have fired over the last 30 days
 * - GET    /v2/hawk/firings                → the caller's firings, filtered (rule, bond, issuer, dates)
 * - POST   /v2/hawk/disable/{disableCode}  → public: the e-mail's one-click disable
 * - POST   /v2/hawk/disable/{disableCode}/undo → public: re-enable what that code disabled
 * Owner only: another user's subscription answers 404 like an unknown one.
 * Units: prices in points per 100, yields in percent (5.25), spreads and moves of them in bp.
 */
import { z } from 'zod';
import { DEAL_STATUSES, RATING_CLASSES, SECTOR_CODES, TENOR_BUCKET_IDS } from '../market';
import { calendarDateSchema } from './dates';
import { sharedWithCallerSchema } from './shares';

export const HAWK_PATHS = {
  subscriptions: '/v2/hawk/subscriptions',
  subscription: (id: number) => `/v2/hawk/subscriptions/${id}`,
  backtest: '/v2/hawk/backtest',
  firings: '/v2/hawk/firings',
  disable: (code: string) => `/v2/hawk/disable/${encodeURIComponent(code)}`,
  undoDisable: (code: string) => `/v2/hawk/disable/${encodeURIComponent(code)}/undo`,
} as const;

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
const between = (lo: number, hi: number, what: string) =>
  finite.min(lo, `${what} must be at least ${lo}`).max(hi, `${what} must be at most ${hi}`);

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
  minSize: between(HAWK_LIMITS.tradeSize.min, HAWK_LIMITS.tradeSize.max, 'minSize'),
  /** When minSize is above the cap, whether a capped print (which may be that large) fires. */
  includeCapped: z.boolean().default(true),
});
export const tradeAwayRuleSchema = z.object({
  kind: z.literal('tradeAway'),
  /** Points between the print and the evaluated price. */
  thresholdPoints: between(HAWK_LIMITS.tradeAwayPoints.min, HAWK_LIMITS.tradeAwayPoints.max, 'thresholdPoints'),
});
export const confidenceRuleSchema = z.object({
  kind: z.literal('confidence'),
  below: z.number().int().min(HAWK_LIMITS.confidence.min).max(HAWK_LIMITS.confidence.max),
});
export const volumeRuleSchema = z.object({
  kind: z.literal('volume'),
  /** Today's volume ÷ its 20-business-day average above this. */
  ratio: between(HAWK_LIMITS.volumeRatio.min, HAWK_LIMITS.volumeRatio.max, 'ratio'),
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
  thresholdBp: between(HAWK_LIMITS.moveBp.min, HAWK_LIMITS.moveBp.max, 'thresholdBp'),
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

/** The subscription's editable fields, as POST takes them. */
const subscriptionFields = {
  name: z.string().trim().max(HAWK_NAME_MAX_LENGTH).nullable().default(null),
  /** The template it was made from (admin statistics count them). */
  template: z.string().trim().min(1).max(40).nullable().default(null),
  rule: hawkRuleSchema,
  target: hawkTargetSchema,
  frequency: hawkFrequencySchema.default({ type: 'daily' }),
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  channels: z
    .array(z.enum(HAWK_CHANNELS))
    .min(1, 'choose at least one channel')
    .max(HAWK_CHANNELS.length)
    .refine((c) => new Set(c).size === c.length, 'each channel at most once')
    .default(['in_app']),
  paused: z.boolean().default(false),
};

function refineRule(value: { rule?: HawkRule | undefined; target?: HawkTarget | undefined }, ctx: z.RefinementCtx): void {
  if (!value.rule || !value.target) return;
  for (const [path, message] of hawkRuleProblems(value.rule, value.target)) {
    ctx.addIssue({ code: 'custom', path: path.split('.'), message });
  }
}

export const hawkSubscriptionCreateBodySchema = z.object(subscriptionFields).superRefine(refineRule);
export type HawkSubscriptionCreateBody = z.input<typeof hawkSubscriptionCreateBodySchema>;

/** PATCH: any subset; rule and target are checked together against the stored ones by the service. */
export const hawkSubscriptionUpdateBodySchema = z
  .object({
    name: z.string().trim().max(HAWK_NAME_MAX_LENGTH).nullable().optional(),
    rule: hawkRuleSchema.optional(),
    target: hawkTargetSchema.optional(),
    frequency: hawkFrequencySchema.optional(),
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
    channels: z
      .array(z.enum(HAWK_CHANNELS))
      .min(1, 'choose at least one channel')
      .max(HAWK_CHANNELS.length)
      .refine((c) => new Set(c).size === c.length, 'each channel at most once')
      .optional(),
    paused: z.boolean().optional(),
  })
  .superRefine(refineRule);
export type HawkSubscriptionUpdateBody = z.input<typeof hawkSubscriptionUpdateBodySchema>;

export const hawkSubscriptionSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  template: z.string().nullable(),
  rule: hawkRuleSchema,
  target: hawkTargetSchema,
  /** A readable name of the target ("AAPL", "Apple Inc.", "IG financials", "the market"). */
  targetLabel: z.string(),
  summary: z.string(),
  frequency: hawkFrequencySchema,
  expiresAt: z.string().nullable(),
  channels: z.array(z.enum(HAWK_CHANNELS)),
  paused: z.boolean(),
  /** Set when a "once" rule has fired or an e-mail's disable link was used. */
  disabledAt: z.string().nullable(),
  lastFiredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Present when the subscription is someone else's, shared with the caller (common/api/shares.ts). */
  shared: sharedWithCallerSchema.optional(),
});
export type HawkSubscription = z.infer<typeof hawkSubscriptionSchema>;
export const hawkSubscriptionListSchema = z.object({ subscriptions: z.array(hawkSubscriptionSchema) });
export const hawkIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

// ---- firings, backtest, disable -----------------------------------------------------------------

export const hawkFiringSchema = z.object({
  id: z.string(),
  subscriptionId: z.number().int(),
  summary: z.string(),
  kind: z.enum(HAWK_RULE_KINDS),
  bondId: z.number().int().nullable(),
  cusip: z.string().nullable(),
  issuerId: z.number().int().nullable(),
  ticker: z.string().nullable(),
  dealId: z.number().int().nullable(),
  /** What triggered it, in words ("price 101.25 above 101"). */
  message: z.string(),
  /** The values that triggered it (metric value, level, trade id and size, …). */
  values: z.record(z.string(), z.unknown()),
  firedAt: z.string(),
  channels: z.array(z.enum(HAWK_CHANNELS)),
});
export type HawkFiring = z.infer<typeof hawkFiringSchema>;

export const hawkFiringsQuerySchema = z.object({
  subscriptionId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  bondId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  issuerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  limit: z.coerce.number().int().min(1).max(HAWK_FIRINGS_PAGE_MAX).default(100),
});
export const hawkFiringListSchema = z.object({ firings: z.array(hawkFiringSchema) });

export const hawkBacktestBodySchema = z
  .object({ rule: hawkRuleSchema, target: hawkTargetSchema, frequency: hawkFrequencySchema.default({ type: 'daily' }) })
  .superRefine(refineRule);
export type HawkBacktestBody = z.input<typeof hawkBacktestBodySchema>;
export const hawkBacktestResultSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Firings over the window, after the frequency. */
  firings: z.number().int(),
  /** Days with at least one firing. */
  days: z.number().int(),
  samples: z.array(z.object({ at: z.string(), bondId: z.number().int().nullable(), cusip: z.string().nullable(), message: z.string() })),
  /** Which stored history answered it ("end-of-day evaluated prices", "trades"…). */
  basis: z.string(),
});
export type HawkBacktestResult = z.infer<typeof hawkBacktestResultSchema>;

export const hawkDisableParamsSchema = z.object({ disableCode: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'not a disable code') });
export const hawkDisableResultSchema = z.object({
  subscriptionId: z.number().int(),
  summary: z.string(),
  disabled: z.boolean(),
});
export type HawkDisableResult = z.infer<typeof hawkDisableResultSchema>;

// ---- plain-language summary (server e-mails, the page) ----------------------------------------

const METRIC_WORDS: Record<HawkMetric, string> = { price: 'Price', yield: 'Yield', gSpread: 'G-spread', tSpread: 'T-spread' };
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

// ---- admin: market hawk user statistics (/bw/admin/hawk/user-stats) ---------------------------

export const HAWK_ADMIN_PATHS = { userStats: '/admin/hawk/user-stats' } as const;
/** Days the statistics look back. */
export const HAWK_STATS_DAYS = 30;

const kindCounts = z.record(z.string(), z.number().int());
export const hawkUserStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  users: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      organization: z.string().nullable(),
      rulesByKind: kindCounts,
      active: z.number().int(),
      paused: z.number().int(),
      firings: z.number().int(),
      firingsPerDay: z.number(),
    }),
  ),
  organizations: z.array(
    z.object({ organization: z.string().nullable(), users: z.number().int(), rules: z.number().int(), firings: z.number().int() }),
  ),
  firingsByDay: z.array(z.object({ day: z.string(), firings: z.number().int() })),
  /** Deliveries by channel and state (email queued / no_address, in_app sent, push queued for the push job). */
  channels: z.array(z.object({ channel: z.string(), state: z.string(), deliveries: z.number().int() })),
  templates: z.array(z.object({ template: z.string(), subscriptions: z.number().int() })),
});
export type HawkUserStats = z.infer<typeof hawkUserStatsSchema>;
