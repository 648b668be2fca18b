/**
 * One evaluation pass of market hawk: the domain events since the durable cursor (trades, deals),
 * rating rows since the cursor, and the bonds whose evaluated state was rewritten since the last
 * pass (reprices), each looked up in the index by target. Candidate firings are inserted with
 * ON CONFLICT DO NOTHING on (subscription, subject, window): whichever evaluator inserts a key
 * first fires it, every other one skips it, so any number of instances may run passes. Firings,
 * their grouped deliveries (one per subscription and issuer in a pass), the e-mails and the cursor
 * move commit together.
 *
 * What each kind of input means is in its own module: eventRules.ts (trades, deals, ratings),
 * stateRules.ts (level, move, confidence, volume), marketMoves.ts; candidates.ts fires them once.
 */
import { type Kysely, sql } from 'kysely';
import type { HawkChannel } from '../../../common/api/hawk';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { refreshBondInfo } from './bondInfo';
import { type AddCandidate, type Candidate, groupFirings, insertFirings } from './candidates';
import { deliverFirings } from './deliver';
import { evaluateDeals, evaluateRatings, evaluateTrades, readEvents, readRatingChanges } from './eventRules';
import { evaluateMarketMoves, hasMarketMoveRules } from './marketMoves';
import { activeAt, hawkIndex } from './ruleIndex';
import { syncStateBounds } from './boundsTable';
import { evaluateStates, primeNewRules, readRepricedStates, type StateFilter } from './stateRules';
import { NEXT_REVISION } from './subscriptions';
import type { FeatureName } from '@common/features';
import { featuresOfUser } from '../accounts/features';
import { ratingAgencyReadable } from './gatedRules';

/** Events, rating rows and state rows read per pass at most (the next pass continues). */
export const HAWK_BATCH = 5_000;

export interface HawkPassResult {
  events: number;
  ratings: number;
  /** Rewritten state rows shipped: those that may trip a rule. */
  states: number;
  candidates: number;
  fired: number;
  deliveries: number;
}

/** One pass. `now` is the evaluator's clock (expiry, the "once" rules' disabling, delivery times). */
export async function evaluateHawk(db: Kysely<Database>, config: Config, now: Date, batch = HAWK_BATCH): Promise<HawkPassResult> {
  const cursor = await db.selectFrom('hawk_cursor').selectAll().where('name', '=', 'evaluator').executeTakeFirstOrThrow();
  const index = await hawkIndex(db, now);
  await refreshBondInfo(db, now);
  const result: HawkPassResult = { events: 0, ratings: 0, states: 0, candidates: 0, fired: 0, deliveries: 0 };
  const candidates: Candidate[] = [];
  const nowMs = now.getTime();
  const add: AddCandidate = (sub, c) => {
    if (activeAt(sub, nowMs)) candidates.push({ sub, ...c });
  };

  // 1. Domain events: trades and deals.
  const events = index.size === 0 ? [] : await readEvents(db, cursor.last_event_id, batch);
  result.events = events.length;
  await evaluateTrades(db, index, events, add, now);
  await evaluateDeals(db, index, events, add);

  // 2. Rating changes (rows of bond_ratings after the cursor, with the agency's previous rating).
  const ratings = index.size === 0 ? [] : await readRatingChanges(db, cursor.last_rating_id, batch);
  result.ratings = ratings.length;
  const features = new Map<string, Promise<ReadonlySet<FeatureName>>>();
  const featuresOf = (userId: string) => features.get(userId) ?? features.set(userId, featuresOfUser(db, config, userId)).get(userId)!;
  await evaluateRatings(db, index, ratings, add, async (userId, agency) => ratingAgencyReadable(agency, await featuresOf(userId)));

  // 3. Bond state rewritten since the last pass (reprices): level, move, confidence, volume; market moves.
  // Only the rows that may trip a state rule are shipped (the index's bounds, kept in the database).
  const needsState = index.hasStateRules || hasMarketMoveRules(index);
  const filter: StateFilter = index.hasStateRules ? { boundsStamp: await syncStateBounds(db, index) } : 'none';
  const {
    rows: states,
    newest: lastState,
    newestAt,
  } = needsState ? await readRepricedStates(db, cursor.state_as_of, filter) : { rows: [], newest: null, newestAt: null };
  result.states = states.length;
  if (index.hasStateRules && states.length > 0) await evaluateStates(db, index, states, add);
  const primed = await primeNewRules(db, index, add);
  if (newestAt !== null) await evaluateMarketMoves(db, index, newestAt, add);
  result.candidates = candidates.length;

  // 4. Fire (exactly once per key), group, deliver, move the cursor — one transaction.
  const lastEvent = events.length > 0 ? events[events.length - 1]!.id : null;
  const lastRating = ratings.length > 0 ? ratings[ratings.length - 1]!.id : null;
  await db.transaction().execute(async (trx) => {
    const fired = await insertFirings(trx, candidates);
    result.fired = fired.length;
    const groups = groupFirings(fired);
    await deliverFirings(
      trx,
      config,
      groups.map((g) => ({
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
    result.deliveries = groups.length;
    const firedSubs = [...new Set(fired.map((f) => f.c.sub.id))];
    if (firedSubs.length > 0) {
      await sql`update hawk_subscriptions set last_fired_at = ${now} where id = any(${firedSubs}::int[])`.execute(trx);
      const once = [...new Set(fired.filter((f) => f.c.sub.frequency.type === 'once').map((f) => f.c.sub.id))];
      if (once.length > 0) {
        await trx.updateTable('hawk_subscriptions').set({ disabled_at: now, revision: NEXT_REVISION }).where('id', 'in', once).execute();
      }
    }
    await sql`update hawk_cursor set
        last_event_id = greatest(last_event_id, ${lastEvent ?? 0}::bigint),
        last_rating_id = greatest(last_rating_id, ${lastRating ?? 0}::bigint),
        state_as_of = greatest(state_as_of, coalesce(${lastState}::timestamptz, state_as_of))
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
