/**
 * The evaluator's event-driven rules: trade prints (size, away from the evaluated price), deals
 * (new deal, status steps) and rating changes. Each reads what it needs for a batch of events in
 * a few queries and adds candidates for the subscriptions the index holds on the event's target.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { ratingNotch } from '../market/codesAndRatings';
import { bondInfo, num } from './bondInfo';
import type { AddCandidate } from './candidates';
import { importedTradeEvents } from './importedTrades';
import { type HawkIndex, rulesOnBond } from './ruleIndex';
import { checkDealStep, checkNewDeal, checkRating, checkTrade, type DealEvent } from './rules';

/** The domain events the evaluator reads (everything else in the events table is not for it). */
export const EVENT_TYPES = ['trade.new', 'trades.imported', 'deal.new', 'deal.status_changed'];

export interface DomainEvent {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  created_at: Date;
}

export interface RatingRow {
  id: string;
  bond_id: number;
  agency: 'sp' | 'moody';
  rating: string;
  effective_date: string;
  previous: string | null;
}

/** Events after the cursor, oldest first, at most `batch` (the next pass continues). */
export async function readEvents(db: Kysely<Database>, afterId: string, batch: number): Promise<DomainEvent[]> {
  return db
    .selectFrom('events')
    .select(['id', 'type', 'payload', 'created_at'])
    .where('id', '>', afterId)
    .where('type', 'in', EVENT_TYPES)
    .orderBy('id')
    .limit(batch)
    .execute();
}

/**
 * Trade prints: size and distance from the evaluated price just before the print. `now` (the
 * pass's clock) bounds how old an imported print may be to alert (importedTrades.ts).
 */
export async function evaluateTrades(
  db: Kysely<Database>,
  index: HawkIndex,
  events: DomainEvent[],
  add: AddCandidate,
  now: Date,
): Promise<void> {
  // Live prints, and the prints of TRACE imports (one event per file) on watched bonds.
  const trades = [...events.filter((e) => e.type === 'trade.new'), ...(await importedTradeEvents(db, index, events, now))];
  const bonds = await bondInfo(
    db,
    trades.map((e) => Number(e.payload.bondId)),
  );
  // The evaluated price before a print is only for tradeAway rules: looked up for the prints of
  // bonds one watches (a large import's prints mostly meet only size rules).
  const away = trades.filter((e) => {
    const bondId = Number(e.payload.bondId);
    const info = bonds.get(bondId);
    return info !== undefined && rulesOnBond(index, bondId, info.issuerId).some((sub) => sub.rule.kind === 'tradeAway');
  });
  const prices = await evaluatedPricesBefore(
    db,
    away.map((e) => ({ bondId: Number(e.payload.bondId), at: String(e.payload.executionTime ?? new Date(e.created_at).toISOString()) })),
  );
  const evaluatedBefore = new Map(away.map((e, k) => [e, prices[k] ?? null]));
  for (const e of trades) {
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
      const trigger = checkTrade(sub.rule, print, evaluatedBefore.get(e) ?? null);
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
}

/** New deals and deal status steps, on issuer, deal and market subscriptions. */
export async function evaluateDeals(db: Kysely<Database>, index: HawkIndex, events: DomainEvent[], add: AddCandidate): Promise<void> {
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
}

/** Rows of bond_ratings after the cursor, each with the agency's previous rating of the bond. */
export async function readRatingChanges(db: Kysely<Database>, afterId: string, batch: number): Promise<RatingRow[]> {
  const rows = await sql<RatingRow>`
      select r.id, r.bond_id, r.agency, r.rating, to_char(r.effective_date, 'YYYY-MM-DD') as effective_date,
        (select p.rating from bond_ratings p where p.bond_id = r.bond_id and p.agency = r.agency and p.id <> r.id
           and (p.effective_date, p.id) < (r.effective_date, r.id) order by p.effective_date desc, p.id desc limit 1) as previous
      from bond_ratings r where r.id > ${afterId} order by r.id limit ${batch}`.execute(db);
  return rows.rows;
}

/** Rating changes, in notches, on the rules of the rated bond and its issuer, for owners who may read the agency's ratings. */
export async function evaluateRatings(
  db: Kysely<Database>,
  index: HawkIndex,
  ratings: RatingRow[],
  add: AddCandidate,
  mayRead: (userId: string, agency: RatingRow['agency']) => Promise<boolean>,
): Promise<void> {
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
      // An owner who has lost the feature since saving the rule is not told of the gated agency's change.
      if (trigger && (await mayRead(sub.userId, r.agency)))
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
