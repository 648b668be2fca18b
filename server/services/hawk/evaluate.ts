/**
 * One evaluation pass of market hawk: the domain events since the durable cursor (trades, deals),
 * rating rows since the cursor, and the bonds whose evaluated state was rewritten since the last
 * pass (reprices), each looked up in the index by target. Candidate firings are inserted with
 * ON CONFLICT DO NOTHING on (subscription, subject, window): whichever evaluator inserts a key
 * first fires it, every other one skips it, so any number of instances may run passes. Firings,
 * their grouped deliveries (one per subscription and issuer in a pass), the e-mails and the cursor
 * move commit together.
 */
import { type Kysely, sql } from 'kysely';
import type { HawkChannel } from '../../../common/api/hawk';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ratingNotch } from '../market/reference';
import { segmentCondition } from '../market/queries/segments';
import { tenorCondition } from '../market/queries/common';
import { deliverFirings } from './deliver';
import { importedTradeEvents } from './importedTrades';
import { activeAt, hawkIndex, type HawkIndex, type IndexedSubscription, rulesOnBond, STATE_KINDS } from './ruleIndex';
import {
  type BondState,
  checkDealStep,
  checkMarket,
  checkNewDeal,
  checkRating,
  checkState,
  checkTrade,
  type DealEvent,
  type MoveReferences,
  newYorkDay,
  subjectKeyOf,
  type Trigger,
  windowKeyOf,
} from './rules';
import { NEXT_REVISION } from './subscriptions';

/** Events, rating rows and state rows read per pass at most (the next pass continues). */
export const HAWK_BATCH = 5_000;
const EVENT_TYPES = ['trade.new', 'trades.imported', 'deal.new', 'deal.status_changed'];

interface BondInfo {
  issuerId: number;
  cusip: string;
  description: string;
}

interface Candidate {
  sub: IndexedSubscription;
  subject: string;
  at: number;
  bondId: number | null;
  issuerId: number | null;
  dealId: number | null;
  label: string | null;
  trigger: Trigger;
}

export interface HawkPassResult {
  events: number;
  ratings: number;
  states: number;
  candidates: number;
  fired: number;
  deliveries: number;
}

const bondCaches = new WeakMap<object, Map<number, BondInfo>>();

/** Issuer and identifiers of bonds, cached per database (they do not change once issued). */
async function bondInfo(db: Kysely<Database>, ids: number[]): Promise<Map<number, BondInfo>> {
  let cache = bondCaches.get(db);
  if (!cache) bondCaches.set(db, (cache = new Map()));
  const missing = [...new Set(ids)].filter((id) => !cache.has(id));
  if (missing.length > 0) {
    const rows = await sql<{ id: number; issuer_id: number; cusip: string; description: string }>`
      select id, issuer_id, cusip, description from bonds where id = any(${missing}::int[])`.execute(db);
    for (const r of rows.rows) cache.set(r.id, { issuerId: r.issuer_id, cusip: r.cusip, description: r.description });
  }
  return cache;
}

const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));

/** One pass. `now` is the evaluator's clock (expiry, the "once" rules' disabling, delivery times). */
export async function evaluateHawk(db: Kysely<Database>, config: Config, now: Date, batch = HAWK_BATCH): Promise<HawkPassResult> {
  const cursor = await db.selectFrom('hawk_cursor').selectAll().where('name', '=', 'evaluator').executeTakeFirstOrThrow();
  const index = await hawkIndex(db, now);
  const result: HawkPassResult = { events: 0, ratings: 0, states: 0, candidates: 0, fired: 0, deliveries: 0 };
  const candidates: Candidate[] = [];
  const nowMs = now.getTime();
  const add = (sub: IndexedSubscription, c: Omit<Candidate, 'sub'>) => {
    if (activeAt(sub, nowMs)) candidates.push({ sub, ...c });
  };

  // 1. Domain events: trades and deals.
  const events =
    index.size === 0
      ? []
      : await db
          .selectFrom('events')
          .select(['id', 'type', 'payload', 'created_at'])
          .where('id', '>', cursor.last_event_id)
          .where('type', 'in', EVENT_TYPES)
          .orderBy('id')
          .limit(batch)
          .execute();
  result.events = events.length;
  // Live prints, and the prints of TRACE imports (one event per file) on watched bonds.
  const trades = [...events.filter((e) => e.type === 'trade.new'), ...(await importedTradeEvents(db, index, events, now))];
  const bonds = await bondInfo(
    db,
    trades.map((e) => Number(e.payload.bondId)),
  );
  const evaluatedBefore = await evaluatedPricesBefore(
    db,
    trades.map((e) => ({ bondId: Number(e.payload.bondId), at: String(e.payload.executionTime ?? new Date(e.created_at).toISOString()) })),
  );
  for (const [k, e] of trades.entries()) {
    const bondId = Number(e.payload.bondId);
    const info = bonds.get(bondId);
    if (!info) continue;
    const print = {
      tradeId: String(e.payload.tradeId),
      price: Number(e.payload.price),
      quantity: Number(e.payload.quantity),
      capped: e.payload.quantityCapped === true,
      executionTime: String(e.payload.executionTime ?? ''),
    };
    for (const sub of rulesOnBond(index, bondId, info.issuerId)) {
      const trigger = checkTrade(sub.rule, print, evaluatedBefore[k] ?? null);
      // The print's own time: every evaluator (and a re-run) puts it in the same window.
      const when = Date.parse(print.executionTime);
      if (trigger)
        add(sub, {
          subject: `bond:${bondId}`,
          at: Number.isFinite(when) ? when : new Date(e.created_at).getTime(),
          bondId,
          issuerId: info.issuerId,
          dealId: null,
          label: info.description,
          trigger,
        });
    }
  }
  for (const e of events.filter((x) => x.type.startsWith('deal.'))) {
    const deal = await dealEvent(db, e.payload);
    const at = new Date(e.created_at).getTime();
    const subs = [...(index.byIssuer.get(deal.issuerId) ?? []), ...(index.byDeal.get(deal.dealId) ?? []), ...index.market];
    // A private (calculator) deal's events name who may see it (primary/dealEvents.ts): no one else is alerted.
    const audience = Array.isArray(e.payload.audience) ? new Set(e.payload.audience.map(String)) : null;
    for (const sub of subs) {
      if (audience && !audience.has(sub.userId)) continue;
      const trigger = e.type === 'deal.new' ? checkNewDeal(sub.rule, deal) : checkDealStep(sub.rule, deal);
      const subject = e.type === 'deal.new' ? `deal:${deal.dealId}` : `deal:${deal.dealId}:${deal.to}`;
      if (trigger) add(sub, { subject, at, bondId: null, issuerId: deal.issuerId, dealId: deal.dealId, label: deal.ticker, trigger });
    }
  }

  // 2. Rating changes (rows of bond_ratings after the cursor, with the agency's previous rating).
  const ratings =
    index.size === 0
      ? []
      : (
          await sql<{
            id: string;
            bond_id: number;
            agency: 'sp' | 'moody';
            rating: string;
            effective_date: string;
            previous: string | null;
          }>`
      select r.id, r.bond_id, r.agency, r.rating, to_char(r.effective_date, 'YYYY-MM-DD') as effective_date,
        (select p.rating from bond_ratings p where p.bond_id = r.bond_id and p.agency = r.agency and p.id <> r.id
           and (p.effective_date, p.id) < (r.effective_date, r.id) order by p.effective_date desc, p.id desc limit 1) as previous
      from bond_ratings r where r.id > ${cursor.last_rating_id} order by r.id limit ${batch}`.execute(db)
        ).rows;
  result.ratings = ratings.length;
  const ratedBonds = await bondInfo(
    db,
    ratings.map((r) => r.bond_id),
  );
  for (const r of ratings) {
    const info = ratedBonds.get(r.bond_id);
    if (!info) continue;
    const from = ratingNotch(r.previous);
    const to = ratingNotch(r.rating);
    const change = { agency: r.agency, from: r.previous, to: r.rating, notchChange: from === null || to === null ? null : to - from };
    for (const sub of rulesOnBond(index, r.bond_id, info.issuerId)) {
      const trigger = checkRating(sub.rule, change);
      if (trigger)
        add(sub, {
          subject: `rating:${r.bond_id}:${r.agency}:${r.id}`,
          at: Date.parse(`${r.effective_date}T12:00:00Z`),
          bondId: r.bond_id,
          issuerId: info.issuerId,
          dealId: null,
          label: info.description,
          trigger,
        });
    }
  }

  // 3. Bond state rewritten since the last pass (reprices): level, move, confidence, volume; market moves.
  const needsState = index.hasStateRules || index.market.some((s) => s.rule.kind === 'marketMove');
  const states = needsState
    ? await db
        .selectFrom('bond_market_state')
        .select([...STATE_COLUMNS])
        .where('as_of', '>', cursor.state_as_of)
        // No limit: a reprice writes one as-of for up to the whole universe, and the cursor moves by as-of.
        .orderBy('as_of')
        .execute()
    : [];
  result.states = states.length;
  if (index.hasStateRules && states.length > 0) await evaluateStates(db, index, states, add);
  const primed = await primeNewRules(db, index, add);
  if (states.length > 0) {
    const at = Math.max(...states.map((s) => new Date(s.as_of).getTime()));
    for (const sub of index.market) {
      if (sub.rule.kind !== 'marketMove') continue;
      const move = await marketMove(db, sub.rule.segment, sub.rule.tenor, newYorkDay(at));
      const trigger = checkMarket(sub.rule, move.change, move.bonds);
      if (trigger)
        add(sub, {
          subject: `market:${sub.rule.segment}:${sub.rule.tenor ?? 'all'}`,
          at,
          bondId: null,
          issuerId: null,
          dealId: null,
          label: null,
          trigger,
        });
    }
  }
  result.candidates = candidates.length;

  // 4. Fire (exactly once per key), group, deliver, move the cursor — one transaction.
  const lastEvent = events.length > 0 ? events[events.length - 1]!.id : null;
  const lastRating = ratings.length > 0 ? ratings[ratings.length - 1]!.id : null;
  const lastState = states.length > 0 ? states[states.length - 1]!.as_of : null;
  await db.transaction().execute(async (trx) => {
    const fired = await insertFirings(trx, candidates);
    result.fired = fired.length;
    const groups = new Map<string, { sub: IndexedSubscription; firings: typeof fired }>();
    for (const f of fired) {
      const key = `${f.c.sub.id}:${f.c.issuerId ?? '-'}`;
      const g = groups.get(key);
      if (g) g.firings.push(f);
      else groups.set(key, { sub: f.c.sub, firings: [f] });
    }
    await deliverFirings(
      trx,
      config,
      [...groups.values()].map((g) => ({
        subscriptionId: g.sub.id,
        userId: g.sub.userId,
        rule: g.sub.rule,
        target: g.sub.target,
        frequency: g.sub.frequency,
        channels: g.sub.channels as HawkChannel[],
        firings: g.firings.map((f) => ({ id: f.id, message: f.c.trigger.message, label: f.c.label })),
      })),
      now,
    );
    result.deliveries = groups.size;
    const firedSubs = [...new Set(fired.map((f) => f.c.sub.id))];
    if (firedSubs.length > 0) {
      await trx.updateTable('hawk_subscriptions').set({ last_fired_at: now }).where('id', 'in', firedSubs).execute();
      const once = [...new Set(fired.filter((f) => f.c.sub.frequency.type === 'once').map((f) => f.c.sub.id))];
      if (once.length > 0) {
        await trx.updateTable('hawk_subscriptions').set({ disabled_at: now, revision: NEXT_REVISION }).where('id', 'in', once).execute();
      }
    }
    await sql`update hawk_cursor set
        last_event_id = greatest(last_event_id, ${lastEvent ?? 0}::bigint),
        last_rating_id = greatest(last_rating_id, ${lastRating ?? 0}::bigint),
        state_as_of = greatest(state_as_of, ${lastState ?? new Date(0)}::timestamptz)
      where name = 'evaluator'`.execute(trx);
    if (primed.length > 0) await trx.updateTable('hawk_subscriptions').set({ primed: true }).where('id', 'in', primed).execute();
    if (!needsState) {
      await sql`update hawk_cursor set state_as_of = greatest(state_as_of, coalesce((select max(as_of) from bond_market_state), state_as_of))
        where name = 'evaluator'`.execute(trx);
    }
    // With no rule at all, skip what exists (nothing could fire on it later: the key includes the rule).
    if (index.size === 0) {
      await sql`update hawk_cursor set last_event_id = greatest(last_event_id, coalesce((select max(id) from events), 0)),
          last_rating_id = greatest(last_rating_id, coalesce((select max(id) from bond_ratings), 0))
        where name = 'evaluator'`.execute(trx);
    }
  });
  return result;
}

async function insertFirings(trx: Kysely<Database>, candidates: Candidate[]): Promise<{ id: string; c: Candidate }[]> {
  if (candidates.length === 0) return [];
  const byKey = new Map<string, Candidate>();
  for (const c of candidates) {
    const key = `${c.sub.id}|${subjectKeyOf(c.sub.frequency, c.subject)}|${windowKeyOf(c.sub.frequency, c.at)}`;
    if (!byKey.has(key)) byKey.set(key, c);
  }
  const out: { id: string; c: Candidate }[] = [];
  const list = [...byKey.entries()];
  for (let i = 0; i < list.length; i += 1000) {
    const chunk = list.slice(i, i + 1000);
    const rows = await trx
      .insertInto('hawk_firings')
      .values(
        chunk.map(([key, c]) => {
          const [, subject, window] = key.split('|');
          return {
            subscription_id: c.sub.id,
            user_id: c.sub.userId,
            kind: c.sub.rule.kind,
            subject_key: subject!,
            window_key: window!,
            bond_id: c.bondId,
            issuer_id: c.issuerId,
            deal_id: c.dealId,
            message: c.trigger.message,
            vals: JSON.stringify(c.trigger.vals),
            fired_at: new Date(c.at),
          };
        }),
      )
      .onConflict((oc) => oc.columns(['subscription_id', 'subject_key', 'window_key']).doNothing())
      .returning(['id', 'subscription_id', 'subject_key', 'window_key'])
      .execute();
    const chunkMap = new Map(chunk);
    for (const r of rows) out.push({ id: r.id, c: chunkMap.get(`${r.subscription_id}|${r.subject_key}|${r.window_key}`)! });
  }
  return out;
}

/** The evaluated price of each trade's bond just before the trade (what a desk compares a print to). */
async function evaluatedPricesBefore(db: Kysely<Database>, trades: { bondId: number; at: string }[]): Promise<(number | null)[]> {
  if (trades.length === 0) return [];
  const rows = await sql<{ k: number; price: string | null }>`
    select t.k, (select e.clean_price from evaluated_prices e where e.bond_id = t.bond_id and e.as_of < t.at
                 order by e.as_of desc limit 1) as price
    from unnest(${trades.map((t) => t.bondId)}::int[], ${trades.map((t) => t.at)}::timestamptz[]) with ordinality as t(bond_id, at, k)`.execute(
    db,
  );
  const out: (number | null)[] = Array.from({ length: trades.length }, () => null);
  for (const r of rows.rows) out[Number(r.k) - 1] = num(r.price);
  return out;
}

async function dealEvent(db: Kysely<Database>, p: Record<string, unknown>): Promise<DealEvent> {
  const issuerId = Number(p.issuerId);
  const sectors = await sql<{ code: string; parent: string | null }>`
    select s.code, ps.code as parent from issuers i join sectors s on s.id = i.sector_id left join sectors ps on ps.id = s.parent_id
    where i.id = ${issuerId}`.execute(db);
  const s = sectors.rows[0];
  return {
    dealId: Number(p.dealId),
    issuerId,
    ticker: typeof p.ticker === 'string' ? p.ticker : null,
    highYield: typeof p.highYield === 'boolean' ? p.highYield : null,
    sectorCodes: s ? [s.code, ...(s.parent ? [s.parent] : [])] : [],
    from: typeof p.from === 'string' ? p.from : undefined,
    to: typeof p.to === 'string' ? p.to : undefined,
  };
}

type StateRow = {
  bond_id: number;
  as_of: Date;
  price: string | null;
  yield_to_worst: string | null;
  g_spread: string | null;
  t_spread: string | null;
  change_price: string | null;
  change_ytw: string | null;
  change_g_spread: string | null;
  change_t_spread: string | null;
  confidence: number | null;
  volume_percent_change: string | null;
};

export function bondStateOf(s: StateRow): BondState {
  const ytw = num(s.yield_to_worst);
  const dYtw = num(s.change_ytw);
  const vol = num(s.volume_percent_change);
  return {
    price: num(s.price),
    yieldPct: ytw === null ? null : ytw * 100,
    gSpread: num(s.g_spread),
    tSpread: num(s.t_spread),
    change: {
      price: num(s.change_price),
      yield: dYtw === null ? null : dYtw * 10_000,
      gSpread: num(s.change_g_spread),
      tSpread: num(s.change_t_spread),
    },
    confidence: s.confidence,
    volumeRatio: vol === null ? null : 1 + vol / 100,
  };
}

const STATE_COLUMNS = [
  'bond_id',
  'as_of',
  'price',
  'yield_to_worst',
  'g_spread',
  't_spread',
  'change_price',
  'change_ytw',
  'change_g_spread',
  'change_t_spread',
  'confidence',
  'volume_percent_change',
] as const;

/**
 * A new (or re-stated) state rule is checked once on its bonds' current state, so "price above
 * 101" on a bond already at 102 fires at the next pass rather than at the bond's next reprice.
 * Returns the subscriptions checked (marked primed in the pass's transaction).
 */
async function primeNewRules(
  db: Kysely<Database>,
  index: HawkIndex,
  add: (sub: IndexedSubscription, c: Omit<Candidate, 'sub'>) => void,
): Promise<number[]> {
  if (!index.hasStateRules) return [];
  const rows = await db
    .selectFrom('hawk_subscriptions')
    .select(['id'])
    .where('primed', '=', false)
    .where('paused', '=', false)
    .where('disabled_at', 'is', null)
    .where('kind', 'in', [...STATE_KINDS])
    .execute();
  const subs = rows.map((r) => index.byId.get(r.id)).filter((s): s is IndexedSubscription => s !== undefined);
  if (subs.length === 0) return [];
  const bondIds = new Set<number>();
  const issuers: number[] = [];
  for (const s of subs) {
    if (s.target.kind === 'bond') bondIds.add(s.target.bondId);
    else if (s.target.kind === 'issuer') issuers.push(s.target.issuerId);
    else if (s.target.kind === 'table') for (const id of index.tableBonds.get(s.target.tableId) ?? []) bondIds.add(id);
  }
  if (issuers.length > 0)
    for (const b of await db.selectFrom('bonds').select('id').where('issuer_id', 'in', issuers).execute()) bondIds.add(b.id);
  const states =
    bondIds.size === 0
      ? []
      : await db
          .selectFrom('bond_market_state')
          .select([...STATE_COLUMNS])
          .where('bond_id', 'in', [...bondIds])
          .execute();
  if (states.length > 0) await evaluateStates(db, index, states, add, new Set(subs.map((s) => s.id)));
  return subs.map((s) => s.id);
}

async function evaluateStates(
  db: Kysely<Database>,
  index: HawkIndex,
  states: StateRow[],
  add: (sub: IndexedSubscription, c: Omit<Candidate, 'sub'>) => void,
  only?: Set<number>,
): Promise<void> {
  const bonds = await bondInfo(
    db,
    states.map((s) => s.bond_id),
  );
  const work: { s: StateRow; info: BondInfo; subs: IndexedSubscription[] }[] = [];
  const needRefs = { intraday: new Set<number>(), '1w': new Set<number>() };
  for (const s of states) {
    const info = bonds.get(s.bond_id);
    if (!info) continue;
    const subs = rulesOnBond(index, s.bond_id, info.issuerId).filter((x) => STATE_KINDS.has(x.rule.kind) && (!only || only.has(x.id)));
    if (subs.length === 0) continue;
    work.push({ s, info, subs });
    for (const x of subs) if (x.rule.kind === 'move' && x.rule.window !== '1d') needRefs[x.rule.window].add(s.bond_id);
  }
  if (work.length === 0) return;
  const day = newYorkDay(new Date(work[0]!.s.as_of).getTime());
  const refs = await moveReferences(db, needRefs, day);
  for (const { s, info, subs } of work) {
    const state = bondStateOf(s);
    const r: MoveReferences = { intraday: refs.intraday.get(s.bond_id), '1w': refs['1w'].get(s.bond_id) };
    const at = new Date(s.as_of).getTime();
    for (const sub of subs) {
      const trigger = checkState(sub.rule, state, r);
      if (trigger)
        add(sub, {
          subject: `bond:${s.bond_id}`,
          at,
          bondId: s.bond_id,
          issuerId: info.issuerId,
          dealId: null,
          label: info.description,
          trigger,
        });
    }
  }
}

type Ref = { price: number | null; yieldPct: number | null; gSpread: number | null };

/** The day's first intraday evaluated price, and the last close at least a week back. */
async function moveReferences(
  db: Kysely<Database>,
  need: { intraday: Set<number>; '1w': Set<number> },
  day: string,
): Promise<{ intraday: Map<number, Ref>; '1w': Map<number, Ref> }> {
  const toRef = (r: { clean_price: string; yield: string | null; g_spread_bp: string | null }): Ref => ({
    price: Number(r.clean_price),
    yieldPct: r.yield === null ? null : Number(r.yield) * 100,
    gSpread: num(r.g_spread_bp),
  });
  const out = { intraday: new Map<number, Ref>(), '1w': new Map<number, Ref>() };
  if (need.intraday.size > 0) {
    const rows = await sql<{ bond_id: number; clean_price: string; yield: string | null; g_spread_bp: string | null }>`
      select distinct on (bond_id) bond_id, clean_price, yield, g_spread_bp from evaluated_prices
      where bond_id = any(${[...need.intraday]}::int[]) and kind = 'intraday' and price_date = ${day}::date
      order by bond_id, as_of asc`.execute(db);
    for (const r of rows.rows) out.intraday.set(r.bond_id, toRef(r));
  }
  if (need['1w'].size > 0) {
    const rows = await sql<{ bond_id: number; clean_price: string; yield: string | null; g_spread_bp: string | null }>`
      select distinct on (bond_id) bond_id, clean_price, yield, g_spread_bp from evaluated_prices
      where bond_id = any(${[...need['1w']]}::int[]) and kind = 'eod' and price_date <= ${day}::date - 7
      order by bond_id, price_date desc`.execute(db);
    for (const r of rows.rows) out['1w'].set(r.bond_id, toRef(r));
  }
  return out;
}

/** Average day change of G-spread over a segment (and tenor bucket): the index / summary cell move. */
export async function marketMove(
  db: Kysely<Database>,
  segment: string,
  tenor: string | null,
  day: string,
): Promise<{ change: number | null; bonds: number }> {
  const where = [segmentCondition(segment), sql<boolean>`s.change_g_spread is not null`];
  if (tenor) where.push(tenorCondition(sql.ref('b.maturity_date'), day, [tenor as never]));
  const rows = await sql<{ avg: string | null; n: string }>`
    select avg(s.change_g_spread) as avg, count(*) as n from bond_market_state s join bonds b on b.id = s.bond_id
    join issuers i on i.id = b.issuer_id where ${sql.join(where, sql` and `)}`.execute(db);
  return { change: num(rows.rows[0]?.avg), bonds: Number(rows.rows[0]?.n ?? 0) };
}
