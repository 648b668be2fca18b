/**
 * Deciding a review item: accept (the figure is right), dismiss (not worth acting on) or correct
 * (the right clean price given). Each is recorded once per item (a second decision is a 409) and
 * audited as `review.<decision>` in the same transaction.
 *
 * A correction changes the data:
 * - a price (outlier, low confidence, big move): that end-of-day evaluated price takes the given
 *   clean price (its lineage keeps the model's figure under `corrected`); when it is the bond's
 *   latest, the bond table's price and price change follow. Yields and spreads are the model's
 *   until the next reprice of that day recomputes them;
 * - a trade (far from the price, or flagged as a bad or off-market print): its price is corrected
 *   (the original kept in the audit entry), its flag cleared, and the bond is repriced, as after an
 *   import (a failed reprice leaves the correction and says why).
 * Accepting a flagged trade says the print is genuine: its flag is cleared and the bond repriced.
 */
import { type Kysely, sql } from 'kysely';
import { isTradeQueue, type ReviewDecisionResponse, type ReviewQueue } from '../../../common/api/adminReview';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { repriceAfterImport } from '../importers/reprice';
import { rebuildStatsOfTrades } from '../importers/stats';
import { ServiceRefusal } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';
import type { AdminActor } from './common';
import { openItem, presentDecision } from './reviewQueues';

interface DecisionBody {
  queue: ReviewQueue;
  key: string;
  decision: 'accept' | 'correct' | 'dismiss';
  price?: number | undefined;
  note?: string | undefined;
}

type Values = Record<string, unknown>;

async function correctPrice(
  trx: Kysely<Database>,
  id: string,
  price: number,
  actor: AdminActor,
  now: Date,
): Promise<{ before: Values; after: Values }> {
  const row = await trx.selectFrom('evaluated_prices').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
  const old = Number(row.clean_price);
  await trx
    .updateTable('evaluated_prices')
    .set({
      clean_price: price,
      inputs: sql`inputs || jsonb_build_object('corrected', jsonb_build_object('from', ${old}::numeric, 'by', ${actor.userId}::text))`,
    })
    .where('id', '=', id)
    .execute();
  const latest = await sql<{ l: boolean }>`select max(price_date) = (select price_date from evaluated_prices where id = ${id}) as l
    from evaluated_prices where bond_id = ${row.bond_id} and kind = 'eod'`.execute(trx);
  const isLatest = latest.rows[0]?.l === true;
  if (isLatest)
    await sql`update bond_market_state set price = ${price}, change_price = change_price + (${price}::numeric - price), as_of = ${now}
      where bond_id = ${row.bond_id}`.execute(trx);
  return { before: { cleanPrice: old }, after: { cleanPrice: price, bondTable: isLatest } };
}

async function correctTrade(trx: Kysely<Database>, id: string, price: number): Promise<{ before: Values; after: Values }> {
  const row = await trx.selectFrom('trades').select(['price', 'bond_id']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
  // A person's price is believed: the print is no longer flagged (tradeFlags.ts).
  await trx.updateTable('trades').set({ price, flag: null }).where('id', '=', id).execute();
  await rebuildStatsOfTrades(trx, [id]);
  return { before: { price: Number(row.price) }, after: { price } };
}

async function unflagTrade(trx: Kysely<Database>, id: string): Promise<{ before: Values; after: Values }> {
  const row = await trx.selectFrom('trades').select(['flag']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
  await trx.updateTable('trades').set({ flag: null }).where('id', '=', id).execute();
  // Believed now: it counts in its day's high, low and volume again.
  await rebuildStatsOfTrades(trx, [id]);
  return { before: { flag: row.flag }, after: { flag: null } };
}

export async function decideReviewItem(
  db: Kysely<Database>,
  actor: AdminActor,
  body: DecisionBody,
  now: Date,
): Promise<ReviewDecisionResponse> {
  const item = await openItem(db, body.queue, body.key);
  if (!item) {
    const decided = await db.selectFrom('review_decisions').selectAll().where('item_key', '=', body.key).executeTakeFirst();
    if (decided)
      throw new ServiceRefusal('conflict', `${body.key} was already decided (${decided.decision} by ${decided.decided_by ?? 'someone'}).`);
    throw new ServiceRefusal('not found', bodyRefusal('key', `is not in the ${body.queue} queue (${body.key})`));
  }
  const id = body.key.split(':')[1]!;
  const decision = await db.transaction().execute(async (trx) => {
    let change: { before: Values; after: Values } | null = null;
    // Accepting a flagged print says it is genuine: its flag goes and pricing may use it.
    if (body.decision === 'accept' && body.queue === 'flaggedTrade') change = await unflagTrade(trx, id);
    if (body.decision === 'correct')
      change = isTradeQueue(body.queue) ? await correctTrade(trx, id, body.price!) : await correctPrice(trx, id, body.price!, actor, now);
    const details = {
      ...(change ?? {}),
      item: { at: item.at, price: item.price, tradePrice: item.trade_price, confidence: item.confidence },
    };
    const inserted = await trx
      .insertInto('review_decisions')
      .values({
        queue: body.queue,
        item_key: body.key,
        bond_id: item.bond_id,
        decision: body.decision,
        note: body.note ?? null,
        details: JSON.stringify(details),
        decided_by: actor.userId,
        decided_at: now,
      })
      .onConflict((oc) => oc.column('item_key').doNothing())
      .returningAll()
      .executeTakeFirst();
    // Two admins deciding the same item at once: the second is told, and its correction undone.
    if (!inserted) throw new ServiceRefusal('conflict', `${body.key} was decided by someone else just now.`);
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: `review.${body.decision}`,
      targetType: 'bond',
      targetId: String(item.bond_id),
      details: { queue: body.queue, key: body.key, note: body.note ?? null, ...details, ip: actor.ip },
    });
    return presentDecision(inserted);
  });
  if (isTradeQueue(body.queue) && (body.decision === 'correct' || (body.decision === 'accept' && body.queue === 'flaggedTrade'))) {
    const reprice = await repriceAfterImport(db, [item.bond_id], now).then(
      (r) => (r.repriceFailed ? JSON.stringify(r.repriceFailed) : null),
      (err: unknown) => (err instanceof Error ? err.message : String(err)),
    );
    if (reprice) return { ...decision, repriceError: reprice };
  }
  return decision;
}
