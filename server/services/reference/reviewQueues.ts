/**
 * The review queues, computed by SQL over the pricing and trade tables for the REVIEW.windowDays
 * before the latest end-of-day price date (thresholds in common/api/adminReview.ts):
 * - outlier: end-of-day prices whose lineage rejected trades as outliers or as bad prints (a print
 *   through Treasuries or at a negative yield, never priced from) (`inputs.rejected`);
 * - lowConfidence: end-of-day prices below the confidence threshold;
 * - bigMove: a day-on-day clean-price move of the threshold or more on a day without trades
 *   (`daily_bond_stats`);
 * - tradeFar: active trades that far from the same (New York) day's evaluated price;
 * - flaggedTrade: active trades the close of their day flagged (trades.flag: a bad print — through
 *   Treasuries, a negative yield — or an off-market one), never priced from;
 * - stale: outstanding bonds whose latest end-of-day price is older than the threshold, or none.
 * An item decided once (any queue: a price flagged twice is decided once) leaves the queues.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  REVIEW,
  REVIEW_QUEUES,
  type ReviewDecisionRow,
  type ReviewItem,
  type ReviewQueue,
  type ReviewResponse,
} from '../../../common/api/adminReview';
import type { Database } from '../../db/schema';
import { iso } from './common';
import { defineCache } from '../caches/registry';

interface Window {
  asOf: string;
}

interface QueueRow {
  bond_id: number;
  key: string;
  at: string | null;
  price: string | null;
  previous: string | null;
  trade_price: string | null;
  confidence: number | null;
  outliers: number | null;
  /** flaggedTrade only: the trade's flag. */
  flag?: string | null;
}

const from = (w: Window) => sql`(${w.asOf}::date - ${REVIEW.windowDays}::int)`;
const eodInWindow = (w: Window) => sql`e.kind = 'eod' and e.price_date > ${from(w)} and e.price_date <= ${w.asOf}::date`;

/** Each queue's rows: bond, item key, when, the figures. */
function queueSql(queue: ReviewQueue, w: Window): RawBuilder<QueueRow> {
  switch (queue) {
    case 'outlier':
      return sql`select e.bond_id, 'price:' || e.id as key, e.price_date::text as at, e.clean_price as price, null::numeric as previous,
          null::numeric as trade_price, e.confidence, o.n::int as outliers
        from evaluated_prices e
        cross join lateral (select count(*) as n from jsonb_array_elements(
          case when jsonb_typeof(e.inputs->'rejected') = 'array' then e.inputs->'rejected' else '[]'::jsonb end) r
          where r->>2 in ('outlier', 'bad print')) o
        where ${eodInWindow(w)} and o.n > 0`;
    case 'lowConfidence':
      return sql`select e.bond_id, 'price:' || e.id as key, e.price_date::text as at, e.clean_price as price, null::numeric as previous,
          null::numeric as trade_price, e.confidence, null::int as outliers
        from evaluated_prices e
        where ${eodInWindow(w)} and e.confidence < ${REVIEW.lowConfidence}`;
    case 'bigMove':
      return sql`select e.bond_id, 'price:' || e.id as key, e.price_date::text as at, e.clean_price as price, prev.clean_price as previous,
          null::numeric as trade_price, e.confidence, null::int as outliers
        from evaluated_prices e
        join lateral (select p.clean_price from evaluated_prices p
          where p.bond_id = e.bond_id and p.kind = 'eod' and p.price_date < e.price_date
          order by p.price_date desc limit 1) prev on true
        where ${eodInWindow(w)} and abs(e.clean_price - prev.clean_price) >= ${REVIEW.bigMovePoints}
          and not exists (select 1 from daily_bond_stats d where d.bond_id = e.bond_id and d.trade_date = e.price_date and d.trade_count > 0)`;
    case 'tradeFar':
      return sql`select t.bond_id, 'trade:' || t.id as key,
          to_char(t.execution_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, e.clean_price as price, null::numeric as previous,
          t.price as trade_price, e.confidence, null::int as outliers
        from trades t
        join evaluated_prices e on e.bond_id = t.bond_id and e.kind = 'eod'
          and e.price_date = (t.execution_time at time zone 'America/New_York')::date
          -- The trades' days, stated so the join reads the window's closes rather than every close.
          and e.price_date >= ${from(w)} and e.price_date <= ${w.asOf}::date
        where t.status = 'active'
          and t.execution_time >= (${from(w)}::timestamp at time zone 'America/New_York')
          and t.execution_time < ((${w.asOf}::date + 1)::timestamp at time zone 'America/New_York')
          and abs(t.price - e.clean_price) >= ${REVIEW.tradeFarPoints}`;
    case 'flaggedTrade':
      return sql`select t.bond_id, 'trade:' || t.id as key,
          to_char(t.execution_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, e.clean_price as price, null::numeric as previous,
          t.price as trade_price, e.confidence, null::int as outliers, t.flag
        from trades t
        left join evaluated_prices e on e.bond_id = t.bond_id and e.kind = 'eod'
          and e.price_date = (t.execution_time at time zone 'America/New_York')::date
        where t.flag is not null and t.status = 'active'
          and t.execution_time >= (${from(w)}::timestamp at time zone 'America/New_York')
          and t.execution_time < ((${w.asOf}::date + 1)::timestamp at time zone 'America/New_York')`;
    case 'stale':
      return sql`select b.id as bond_id, 'stale:' || b.id || ':' || coalesce(last.price_date::text, 'never') as key,
          last.price_date::text as at, last.clean_price as price, null::numeric as previous, null::numeric as trade_price,
          last.confidence, null::int as outliers
        from bonds b
        left join lateral (select p.price_date, p.clean_price, p.confidence from evaluated_prices p
          where p.bond_id = b.id and p.kind = 'eod' order by p.price_date desc limit 1) last on true
        where b.maturity_date > ${w.asOf}::date
          and (last.price_date is null or last.price_date < ${w.asOf}::date - ${REVIEW.staleDays}::int)`;
  }
}

/** A queue's undecided items. */
const open = (queue: ReviewQueue, w: Window) =>
  sql`(select q.* from (${queueSql(queue, w)}) q where not exists (select 1 from review_decisions d where d.item_key = q.key))`;

/** The latest end-of-day price date (the queues' "today"), or null before any pricing. */
export async function reviewAsOf(db: Kysely<Database>): Promise<string | null> {
  const r = await sql<{ d: string | null }>`select max(price_date)::text as d from evaluated_prices where kind = 'eod'`.execute(db);
  return r.rows[0]?.d ?? null;
}

const num = (v: string | number | null) => (v === null ? null : Number(v));

function reason(queue: ReviewQueue, r: QueueRow): string {
  const price = num(r.price);
  switch (queue) {
    case 'outlier':
      return `the model rejected ${r.outliers} trade(s) as outliers or bad prints (through Treasuries) making this price`;
    case 'lowConfidence':
      return `confidence ${r.confidence} is below ${REVIEW.lowConfidence}`;
    case 'bigMove':
      return `moved ${(price! - num(r.previous)!).toFixed(3)} points from ${num(r.previous)!.toFixed(3)} with no trade that day`;
    case 'tradeFar':
      return `traded at ${num(r.trade_price)!.toFixed(3)}, ${Math.abs(num(r.trade_price)! - price!).toFixed(3)} points from the evaluated ${price!.toFixed(3)}`;
    case 'flaggedTrade':
      return r.flag === 'bad print'
        ? `printed at ${num(r.trade_price)!.toFixed(3)}: a bad print (through Treasuries or at a negative yield), not priced from`
        : `printed at ${num(r.trade_price)!.toFixed(3)}${price === null ? '' : ` against the evaluated ${price.toFixed(3)}`}: off-market by the outlier rule of its day, not priced from`;
    case 'stale':
      return r.at === null ? 'never priced' : `last priced ${r.at}, more than ${REVIEW.staleDays} days before the latest close`;
  }
}

export function presentDecision(r: {
  id: string | number;
  queue: string;
  item_key: string;
  bond_id: number | null;
  decision: 'accept' | 'correct' | 'dismiss';
  note: string | null;
  decided_by: string | null;
  decided_at: Date | string;
  details: Record<string, unknown>;
}): ReviewDecisionRow {
  return {
    id: Number(r.id),
    queue: r.queue as ReviewQueue,
    key: r.item_key,
    bondId: r.bond_id,
    decision: r.decision,
    note: r.note,
    decidedBy: r.decided_by,
    decidedAt: iso(r.decided_at),
    details: r.details,
  };
}

/** Every queue's open items, presented, newest first. */
async function computeQueues(db: Kysely<Database>, w: Window): Promise<Map<ReviewQueue, ReviewItem[]>> {
  const queues = new Map<ReviewQueue, ReviewItem[]>();
  for (const queue of REVIEW_QUEUES) {
    const rows = await sql<QueueRow & { cusip: string; description: string; issuer: string }>`
      select x.*, trim(b.cusip) as cusip, coalesce(bo.display_name, b.description) as description,
        coalesce(io.display_name, i.display_name) as issuer
      from ${open(queue, w)} x
      join bonds b on b.id = x.bond_id
      join issuers i on i.id = b.issuer_id
      left join display_name_overrides io on io.subject_type = 'issuer' and io.subject_id = i.id
      left join display_name_overrides bo on bo.subject_type = 'bond' and bo.subject_id = b.id
      order by x.at desc nulls first, x.key`.execute(db);
    queues.set(
      queue,
      rows.rows.map((r) => ({
        queue,
        key: r.key,
        bondId: r.bond_id,
        cusip: r.cusip,
        description: r.description,
        issuer: r.issuer,
        at: r.at,
        price: num(r.price),
        previousPrice: num(r.previous),
        tradePrice: num(r.trade_price),
        confidence: r.confidence,
        reason: reason(queue, r),
      })),
    );
  }
  return queues;
}

/**
 * The queues cost a pass over a week of prices and trades (seconds at 30,000 bonds on PGlite:
 * docs/admin.md), so they are computed once per state of the data and kept: the key is the latest
 * close, the newest price and trade ids, the last reprice (a re-priced close keeps its id) and the
 * last bond and issuer edits (names) — index lookups. Decisions made since are read by id and their
 * items left out, so deciding does not recompute.
 *
 * When the data has moved on (with the live market on, every tick moves the key), the page is
 * answered at once from the kept queues — saying when they were computed — while one refresh runs
 * in the background, at most once a minute (REFRESH_MIN_MS: on PGlite a refresh holds the one connection for seconds); only the first page after a start waits for the
 * computation. A review queue a few seconds behind the prices is still right about what needs a
 * person, and the page no longer takes seconds each time the market ticks.
 */
export const REFRESH_MIN_MS = 60_000;
interface Kept {
  version: string;
  asOf: string;
  /** When the computation started (ms, the caller's clock). */
  at: number;
  /** The newest decision the computation saw. */
  decisionsUpTo: string;
  queues: Map<ReviewQueue, ReviewItem[]>;
}
interface Held {
  kept: Kept | null;
  refreshing: Promise<Kept> | null;
}
const held = defineCache<object, Held>({
  name: 'reference.reviewQueues',
  home: 'server/services/reference/reviewQueues.ts',
  per: 'database',
  key: '—',
  lifetime: { ms: REFRESH_MIN_MS, clock: "caller's now" },
  invalidatedBy: [
    'prices, market state, trades, bonds or issuers moving (recomputed in the background, at most once a lifetime)',
    'a review decision (applied to the kept queues on every read)',
  ],
});

async function dataVersion(db: Kysely<Database>, asOf: string): Promise<{ version: string; decisionsUpTo: string }> {
  const r = await sql<Record<string, string | null>>`select (select max(id) from evaluated_prices)::text as p,
      (select max(as_of) from bond_market_state)::text as s, (select max(id) from trades)::text as t,
      (select max(updated_at) from bonds)::text as b, (select max(updated_at) from issuers)::text as i,
      (select coalesce(max(id), 0) from review_decisions)::text as d`.execute(db);
  const { d, ...data } = r.rows[0]!;
  return { version: JSON.stringify([asOf, data]), decisionsUpTo: d ?? '0' };
}

function refresh(db: Kysely<Database>, h: Held, asOf: string, data: { version: string; decisionsUpTo: string }, now: number) {
  const run = computeQueues(db, { asOf }).then((queues): Kept => {
    const kept = { ...data, asOf, at: now, queues };
    h.kept = kept;
    return kept;
  });
  h.refreshing = run;
  // Whatever the outcome, the next refresh may start; a failed one keeps the queues it would have replaced.
  const done = () => {
    if (h.refreshing === run) h.refreshing = null;
  };
  run.then(done, done);
  return run;
}

/** The background refresh under way, if any (tests wait for it). */
export async function settledReviewQueues(db: Kysely<Database>): Promise<void> {
  await held.get(db)?.refreshing?.catch(() => undefined);
}

async function openQueues(db: Kysely<Database>, asOf: string, now: number): Promise<Kept> {
  const data = await dataVersion(db, asOf);
  const h = held.of(db, () => ({ kept: null, refreshing: null }));
  const kept = h.kept ?? (await (h.refreshing ?? refresh(db, h, asOf, data, now)));
  const since = await db.selectFrom('review_decisions').select('item_key').where('id', '>', kept.decisionsUpTo).execute();
  // Started after this answer's last query: on PGlite (one connection) queries run in turn, and the
  // answer must not wait behind the refresh it started.
  if (kept.version !== data.version && !h.refreshing && now - kept.at >= REFRESH_MIN_MS) {
    refresh(db, h, asOf, data, now).catch(() => undefined); // answered from `kept` meanwhile
  }
  if (since.length === 0) return kept;
  const decided = new Set(since.map((r) => r.item_key));
  return { ...kept, queues: new Map([...kept.queues].map(([queue, items]) => [queue, items.filter((item) => !decided.has(item.key))])) };
}

/** One queue's page (newest first), every queue's count and the latest decisions. */
export async function reviewQueues(
  db: Kysely<Database>,
  q: { queue: ReviewQueue; offset: number; limit: number },
  now: number,
): Promise<ReviewResponse> {
  const latest = await reviewAsOf(db);
  const recent = (await db.selectFrom('review_decisions').selectAll().orderBy('id', 'desc').limit(20).execute()).map(presentDecision);
  const counts = Object.fromEntries(REVIEW_QUEUES.map((k) => [k, 0])) as Record<ReviewQueue, number>;
  if (latest === null) return { asOf: latest, computedAt: null, counts, queue: q.queue, items: [], total: 0, recent };
  const { queues, asOf, at } = await openQueues(db, latest, now);
  for (const queue of REVIEW_QUEUES) counts[queue] = queues.get(queue)!.length;
  const items = queues.get(q.queue)!.slice(q.offset, q.offset + q.limit);
  return { asOf, computedAt: new Date(at).toISOString(), counts, queue: q.queue, items, total: counts[q.queue], recent };
}

/** The item of this key if it is in the queue now (undecided), else null. */
export async function openItem(db: Kysely<Database>, queue: ReviewQueue, key: string): Promise<QueueRow | null> {
  const asOf = await reviewAsOf(db);
  if (asOf === null) return null;
  const r = await sql<QueueRow>`select * from ${open(queue, { asOf })} q where q.key = ${key}`.execute(db);
  return r.rows[0] ?? null;
}
