/**
 * /admin/review: the queues of items needing a person (page /bw/admin/review), computed by SQL
 * over the evaluated prices and trades of the last REVIEW.windowDays before the latest close;
 * each item is accepted (the figure is right), corrected (a price given) or dismissed, and that
 * decision is recorded (and audited), after which the item leaves its queue.
 */
import { z } from 'zod';

export const REVIEW_QUEUES = ['outlier', 'lowConfidence', 'bigMove', 'tradeFar', 'flaggedTrade', 'stale'] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];

/** What each queue holds, as the page titles it. */
export const REVIEW_QUEUE_LABELS: Record<ReviewQueue, string> = {
  outlier: 'Prices made after rejecting outlier trades or bad prints',
  lowConfidence: 'Low-confidence prices',
  bigMove: 'Big moves without trades',
  tradeFar: 'Trades far from the evaluated price',
  flaggedTrade: 'Trades flagged as bad or off-market prints',
  stale: 'Stale bonds (no recent evaluated price)',
};

/** The queues' thresholds (one definition: the SQL and the page read these). */
export const REVIEW = {
  /** Calendar days before the latest end-of-day price date that the queues look at. */
  windowDays: 7,
  /** An end-of-day price with confidence below this (0–100). */
  lowConfidence: 25,
  /** A day-on-day move of the clean price of at least this many points, with no trade that day. */
  bigMovePoints: 2,
  /** A trade at least this many points from that day's evaluated price. */
  tradeFarPoints: 3,
  /** An outstanding bond whose latest end-of-day price is more than this many days older than the market's. */
  staleDays: 5,
} as const;

/** The queues whose items are trades (key `trade:<id>`; a correction is the trade's price). */
export const isTradeQueue = (q: ReviewQueue): boolean => q === 'tradeFar' || q === 'flaggedTrade';

export const REVIEW_DECISIONS = ['accept', 'correct', 'dismiss'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export const ADMIN_REVIEW_PATHS = {
  queues: '/admin/review',
  decisions: '/admin/review/decisions',
} as const;

export const reviewQuerySchema = z
  .object({
    queue: z.enum(REVIEW_QUEUES).default('outlier'),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const reviewItemSchema = z.object({
  queue: z.enum(REVIEW_QUEUES),
  /** Stable key of the item: `price:<evaluated price id>`, `trade:<trade id>`, `stale:<bond id>:<last price date>`. */
  key: z.string(),
  bondId: z.number().int(),
  cusip: z.string(),
  description: z.string(),
  issuer: z.string(),
  /** The price date (prices, stale bonds: the last one; null if never priced) or the trade's execution time. */
  at: z.string().nullable(),
  /** The evaluated clean price concerned (that day's, for a trade). */
  price: z.number().nullable(),
  previousPrice: z.number().nullable(),
  tradePrice: z.number().nullable(),
  confidence: z.number().int().nullable(),
  /** Why it is in the queue, in a sentence. */
  reason: z.string(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewDecisionRowSchema = z.object({
  id: z.number().int(),
  queue: z.enum(REVIEW_QUEUES),
  key: z.string(),
  bondId: z.number().int().nullable(),
  decision: z.enum(REVIEW_DECISIONS),
  note: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type ReviewDecisionRow = z.infer<typeof reviewDecisionRowSchema>;

export const reviewResponseSchema = z.object({
  /** The latest end-of-day price date the queues are computed from (null: nothing priced yet). */
  asOf: z.string().nullable(),
  /**
   * When these queues were computed: they are kept and refreshed in the background when the data
   * moves, so they may be a few seconds behind it (null: nothing priced yet).
   */
  computedAt: z.string().nullable(),
  counts: z.record(z.enum(REVIEW_QUEUES), z.number().int()),
  queue: z.enum(REVIEW_QUEUES),
  items: z.array(reviewItemSchema),
  total: z.number().int(),
  /** The latest decisions, newest first. */
  recent: z.array(reviewDecisionRowSchema),
});
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

export const REVIEW_NOTE_MAX = 1000;

export const reviewDecisionSchema = z
  .object({
    queue: z.enum(REVIEW_QUEUES),
    key: z
      .string()
      .trim()
      .regex(/^(price:\d{1,18}|trade:\d{1,18}|stale:\d{1,10}:(\d{4}-\d{2}-\d{2}|never))$/, 'an item key as the queue gave it'),
    decision: z.enum(REVIEW_DECISIONS),
    /** The right clean price (per 100 face): required to correct, refused otherwise. */
    price: z.number().positive().max(1000).optional(),
    note: z.string().trim().max(REVIEW_NOTE_MAX, `at most ${REVIEW_NOTE_MAX} characters`).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.decision === 'correct' && b.price === undefined)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'the corrected price is required to correct' });
    if (b.decision !== 'correct' && b.price !== undefined)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'a price is given only to correct' });
    if (b.decision === 'correct' && b.queue === 'stale')
      ctx.addIssue({ code: 'custom', path: ['decision'], message: 'a stale bond has no figure to correct: accept or dismiss it' });
    const kind = b.queue === 'stale' ? 'stale' : isTradeQueue(b.queue) ? 'trade' : 'price';
    if (!b.key.startsWith(`${kind}:`))
      ctx.addIssue({ code: 'custom', path: ['key'], message: `a ${b.queue} item's key starts with ${kind}:` });
  });
export type ReviewDecisionBody = z.input<typeof reviewDecisionSchema>;

export const reviewDecisionResponseSchema = reviewDecisionRowSchema.extend({
  /** After a trade's correction: why the bond could not be repriced (the correction stands). */
  repriceError: z.string().optional(),
});
export type ReviewDecisionResponse = z.infer<typeof reviewDecisionResponseSchema>;
