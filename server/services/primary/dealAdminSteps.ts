/**
 * A deal's tranches and status timeline, as an admin edits them (dealAdmin.ts has the deal).
 * Rules a syndicate desk would hold an admin to: the timeline only moves forward (announced →
 * initial price talk → guidance → launched → priced), each step at or after the last and not in
 * the future; a deal is priced only when every tranche has its priced spread and coupon; the last
 * step can be undone (a correction), but not the announcement; a deal keeps one tranche at least,
 * and a tranche that became a bond stays. Every change is audited with the state before and after.
 */
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AdminDeal, AdminDealStatus, adminTrancheInputSchema, adminTrancheUpdateSchema } from '../../../common/api/adminDeals';
import { ADMIN_DEAL_MAX_TRANCHES } from '../../../common/api/adminDeals';
import { DEAL_STATUSES } from '../../../common/market';
import type { Database } from '../../db/schema';
import { recordEvents } from '../events';
import { writeAudit } from '../audit';
import { recordDealStep } from './dealEvents';
import { DealAdminError, adminDeal, presentTranche, trancheColumns } from './dealAdmin';
import { bodyRefusal } from '../../../common/api/shared';

type Trx = Transaction<Database>;

async function lockedDeal(trx: Trx, id: number) {
  const deal = await trx.selectFrom('deals').select(['id', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!deal) throw new DealAdminError('not found', `Deal ${id} not found`);
  return deal;
}

async function lockedTranche(trx: Trx, dealId: number, trancheId: number) {
  const tranche = await trx
    .selectFrom('deal_tranches')
    .selectAll()
    .where('id', '=', trancheId)
    .where('deal_id', '=', dealId)
    .forUpdate()
    .executeTakeFirst();
  if (!tranche) throw new DealAdminError('not found', `Tranche ${trancheId} of deal ${dealId} not found`);
  return tranche;
}

const audit = (trx: Trx, actor: string, dealId: number, action: string, details: Record<string, unknown>) =>
  writeAudit(trx, { actorUserId: actor, action, targetType: 'deal', targetId: String(dealId), details });

const touch = (trx: Trx, dealId: number, now: Date) => trx.updateTable('deals').set({ updated_at: now }).where('id', '=', dealId).execute();

export async function addAdminTranche(
  db: Kysely<Database>,
  dealId: number,
  input: z.output<typeof adminTrancheInputSchema>,
  actor: string,
  now: Date,
): Promise<AdminDeal> {
  await db.transaction().execute(async (trx) => {
    await lockedDeal(trx, dealId);
    const count = await trx
      .selectFrom('deal_tranches')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('deal_id', '=', dealId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= ADMIN_DEAL_MAX_TRANCHES)
      throw new DealAdminError('invalid', `A deal has at most ${ADMIN_DEAL_MAX_TRANCHES} tranches: remove one before adding another.`);
    const row = await trx
      .insertInto('deal_tranches')
      .values({ deal_id: dealId, tenor_years: input.tenorYears, size: 0, ...trancheColumns(input) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await touch(trx, dealId, now);
    await audit(trx, actor, dealId, 'deal.tranche_add', { after: presentTranche(row) });
  });
  return adminDeal(db, dealId);
}

export async function updateAdminTranche(
  db: Kysely<Database>,
  dealId: number,
  trancheId: number,
  change: z.output<typeof adminTrancheUpdateSchema>,
  actor: string,
  now: Date,
): Promise<AdminDeal> {
  await db.transaction().execute(async (trx) => {
    const deal = await lockedDeal(trx, dealId);
    const before = await lockedTranche(trx, dealId, trancheId);
    const after = await trx
      .updateTable('deal_tranches')
      .set(trancheColumns(change))
      .where('id', '=', trancheId)
      .returningAll()
      .executeTakeFirstOrThrow();
    // A priced deal stays complete: its tranches keep a priced spread and a coupon.
    if (deal.status === 'priced' && (after.priced_spread_bp === null || after.coupon === null)) {
      throw new DealAdminError(
        'invalid',
        bodyRefusal(after.coupon === null ? 'coupon' : 'pricedSpreadBp', 'is needed: the deal is priced'),
      );
    }
    await touch(trx, dealId, now);
    await audit(trx, actor, dealId, 'deal.tranche_update', { trancheId, before: presentTranche(before), after: presentTranche(after) });
  });
  return adminDeal(db, dealId);
}

export async function deleteAdminTranche(
  db: Kysely<Database>,
  dealId: number,
  trancheId: number,
  actor: string,
  now: Date,
): Promise<AdminDeal> {
  await db.transaction().execute(async (trx) => {
    await lockedDeal(trx, dealId);
    const tranche = await lockedTranche(trx, dealId, trancheId);
    if (tranche.bond_id !== null) throw new DealAdminError('invalid', `Tranche ${trancheId} became bond ${tranche.bond_id} and stays.`);
    const count = await trx
      .selectFrom('deal_tranches')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('deal_id', '=', dealId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) <= 1) throw new DealAdminError('invalid', 'A deal keeps one tranche at least.');
    await trx.deleteFrom('deal_tranches').where('id', '=', trancheId).execute();
    await touch(trx, dealId, now);
    await audit(trx, actor, dealId, 'deal.tranche_delete', { trancheId, before: presentTranche(tranche) });
  });
  return adminDeal(db, dealId);
}

/** Moves the deal to a later stage at `step.at`. */
export async function addAdminDealStatus(
  db: Kysely<Database>,
  dealId: number,
  step: AdminDealStatus,
  actor: string,
  now: Date,
): Promise<AdminDeal> {
  const at = new Date(step.at);
  if (at.getTime() > now.getTime()) throw new DealAdminError('invalid', bodyRefusal('at', 'must not be in the future'));
  await db.transaction().execute(async (trx) => {
    const deal = await lockedDeal(trx, dealId);
    if (DEAL_STATUSES.indexOf(step.status) <= DEAL_STATUSES.indexOf(deal.status)) {
      throw new DealAdminError('invalid', bodyRefusal('status', `must be a later stage than the deal's (${deal.status})`));
    }
    const last = await trx
      .selectFrom('deal_status_history')
      .select('at')
      .where('deal_id', '=', dealId)
      .orderBy('at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last && at.getTime() < new Date(last.at).getTime()) {
      throw new DealAdminError('invalid', bodyRefusal('at', `must not be before the last step (${new Date(last.at).toISOString()})`));
    }
    if (step.status === 'priced') {
      const tranches = await trx
        .selectFrom('deal_tranches')
        .select(['id', 'tenor_years', 'priced_spread_bp', 'coupon'])
        .where('deal_id', '=', dealId)
        .orderBy('tenor_years')
        .orderBy('id')
        .execute();
      const missing = tranches.find((t) => t.priced_spread_bp === null || t.coupon === null);
      if (missing) {
        const what = missing.priced_spread_bp === null ? 'priced spread' : 'coupon';
        throw new DealAdminError(
          'invalid',
          `Every tranche needs its priced spread and coupon before the deal is priced: the ${Number(missing.tenor_years)}-year tranche has no ${what}.`,
        );
      }
    }
    await trx
      .insertInto('deal_status_history')
      .values({ deal_id: dealId, status: step.status, at, details: JSON.stringify({ source: 'admin', by: actor }) })
      .execute();
    await trx
      .updateTable('deals')
      .set({ status: step.status, updated_at: now, ...(step.status === 'priced' ? { priced_at: at } : {}) })
      .where('id', '=', dealId)
      .execute();
    await audit(trx, actor, dealId, 'deal.status_add', {
      before: { status: deal.status },
      after: { status: step.status, at: at.toISOString() },
    });
    await recordDealStep(trx, dealId, deal.status, step.status, { at: at.toISOString() });
  });
  return adminDeal(db, dealId);
}

/** Undoes the deal's latest step (never the announcement). */
export async function undoAdminDealStatus(db: Kysely<Database>, dealId: number, actor: string, now: Date): Promise<AdminDeal> {
  await db.transaction().execute(async (trx) => {
    const deal = await lockedDeal(trx, dealId);
    const steps = await trx
      .selectFrom('deal_status_history')
      .select(['id', 'status', 'at'])
      .where('deal_id', '=', dealId)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    const [latest, previous] = steps;
    if (!latest || !previous) throw new DealAdminError('invalid', 'The announcement is the first step and cannot be undone.');
    const linked = await trx
      .selectFrom('deal_tranches')
      .select('id')
      .where('deal_id', '=', dealId)
      .where('bond_id', 'is not', null)
      .executeTakeFirst();
    if (latest.status === 'priced' && linked)
      throw new DealAdminError('invalid', 'The deal priced into bonds: its pricing cannot be undone.');
    await trx.deleteFrom('deal_status_history').where('id', '=', latest.id).execute();
    await trx
      .updateTable('deals')
      .set({ status: previous.status, updated_at: now, ...(latest.status === 'priced' ? { priced_at: null } : {}) })
      .where('id', '=', dealId)
      .execute();
    await audit(trx, actor, dealId, 'deal.status_undo', {
      before: { status: deal.status, at: new Date(latest.at).toISOString() },
      after: { status: previous.status },
    });
    // A correction, not a step: its own event type, which market hawk does not alert on.
    await recordEvents(trx, [
      { type: 'deal.status_undone', subjectId: String(dealId), payload: { dealId, from: deal.status, to: previous.status } },
    ]);
  });
  return adminDeal(db, dealId);
}
