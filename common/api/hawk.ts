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
import { calendarDateSchema } from './dates';
import { path } from './path';
import {
  HAWK_CHANNELS,
  HAWK_FIRINGS_PAGE_MAX,
  HAWK_NAME_MAX_LENGTH,
  HAWK_RULE_KINDS,
  hawkFrequencySchema,
  hawkRuleProblems,
  hawkRuleSchema,
  hawkTargetSchema,
  type HawkRule,
  type HawkTarget,
} from './hawkRules';
import { sharedWithCallerSchema } from './shares';

// The rule vocabulary and the words are their own modules; callers import the one resource module.
export * from './hawkRules';
export * from './hawkSummary';

export const HAWK_PATHS = {
  subscriptions: '/v2/hawk/subscriptions',
  subscription: path('/v2/hawk/subscriptions/:id'),
  backtest: '/v2/hawk/backtest',
  firings: '/v2/hawk/firings',
  disable: path('/v2/hawk/disable/:disableCode'),
  undoDisable: path('/v2/hawk/disable/:disableCode/undo'),
} as const;

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

export const hawkDisableParamsSchema = z.object({
  disableCode: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This disable link is incomplete: open the whole link from the alert e-mail.'),
});
export const hawkDisableResultSchema = z.object({
  subscriptionId: z.number().int(),
  summary: z.string(),
  disabled: z.boolean(),
});
export type HawkDisableResult = z.infer<typeof hawkDisableResultSchema>;
