/**
 * An admin's edit of a bond's terms: checked as a whole (the CUSIP's check digit, dates in order,
 * a sane call schedule, the coupon fitting its type), refused 409 when the bond changed since the
 * admin read it (its `updated_at`, which imports move too), written with the changed terms before
 * and after in the audit log in the same transaction, and then repriced.
 */
import { type Kysely, sql } from 'kysely';
import type { AdminBondSaved, AdminBondTerms, AdminBondUpdate } from '../../../common/api/adminBonds';
import type { Database } from '../../db/schema';
import { writeAudit } from '../audit';
import { attachMissingTrades } from '../importers/attachMissing';
import { isoDay } from '../pricing/conventions';
import { isinFromCusip, isValidCusip } from '../market/codesAndRatings';
import { ServiceRefusal, unknownIssuer } from '../refusal';
import { bodyRefusal } from '../../../common/api/shared';
import { readBond } from './bondRead';
import { repriceAfterAdminChange } from './reprice';
import { rowVersionStamp } from '../../db/rowVersion';

/** A term refused, in the validator's form: the admin page puts the sentence on the term's field. */
const invalid = (field: string, message: string) => new ServiceRefusal('invalid', bodyRefusal(field, message));

function yearsBetween(a: string, b: string): number {
  return (Date.parse(b) - Date.parse(a)) / (365.25 * 86_400_000);
}

/** The checks no single field can make; each refusal names the field it is about. */
export function checkBondTerms(t: AdminBondTerms): void {
  if (!isValidCusip(t.cusip))
    throw invalid('cusip', `fails its check digit (${t.cusip}: a CUSIP is 9 characters ending in its check digit)`);
  if (t.maturityDate <= t.issueDate) throw invalid('maturityDate', `must be after the issue date (${t.issueDate})`);
  if (t.firstCouponDate !== null && (t.firstCouponDate <= t.issueDate || t.firstCouponDate > t.maturityDate))
    throw invalid('firstCouponDate', `must be after the issue date (${t.issueDate}) and not after the maturity date (${t.maturityDate})`);
  if (t.amountOutstanding > t.amountIssued) throw invalid('amountOutstanding', 'must not be more than the amount issued');
  if (t.couponType === 'fixed' && t.coupon <= 0) throw invalid('coupon', 'must be more than 0 for a fixed coupon');
  if (t.couponType === 'zero' && t.coupon !== 0) throw invalid('coupon', 'must be 0 for a zero-coupon bond');
  if (t.couponType === 'floating' && (t.floaterIndex === null || t.quotedMarginBp === null))
    throw invalid('floaterIndex', 'is needed for a floating coupon, with its quoted margin');
  if (t.couponType !== 'floating' && (t.floaterIndex !== null || t.quotedMarginBp !== null))
    throw invalid('floaterIndex', 'must be empty, with the quoted margin, unless the coupon is floating');
  let previous = '';
  for (const [i, call] of t.callSchedule.entries()) {
    if (call.date <= t.issueDate || call.date >= t.maturityDate)
      throw invalid(
        `callSchedule.${i}.date`,
        `must fall between the issue date (${t.issueDate}) and the maturity date (${t.maturityDate}), not on ${call.date}`,
      );
    if (call.date <= previous)
      throw invalid(`callSchedule.${i}.date`, 'must be later than the call before it: calls go in date order, each date once');
    previous = call.date;
  }
}

/** The stored columns of a bond's terms. */
function columns(t: AdminBondTerms) {
  return {
    cusip: t.cusip,
    isin: isinFromCusip(t.cusip),
    issuer_id: t.issuerId,
    description: t.description,
    coupon_type: t.couponType,
    coupon: t.coupon,
    frequency: t.frequency,
    day_count: t.dayCount,
    end_of_month: t.endOfMonth,
    issue_date: t.issueDate,
    first_coupon_date: t.firstCouponDate,
    maturity_date: t.maturityDate,
    amount_issued: t.amountIssued,
    amount_outstanding: t.amountOutstanding,
    seniority: t.seniority,
    call_schedule: JSON.stringify(t.callSchedule),
    floater_index: t.floaterIndex,
    quoted_margin: t.quotedMarginBp === null ? null : t.quotedMarginBp / 10_000,
    rating_sp: t.ratingSp,
    rating_moody: t.ratingMoody,
    is_benchmark: t.isBenchmark,
    tenor_at_issue: Math.max(1, Math.round(yearsBetween(t.issueDate, t.maturityDate))),
  };
}

export const TERM_KEYS = [
  'cusip',
  'issuerId',
  'description',
  'couponType',
  'coupon',
  'frequency',
  'dayCount',
  'endOfMonth',
  'issueDate',
  'firstCouponDate',
  'maturityDate',
  'amountIssued',
  'amountOutstanding',
  'seniority',
  'callSchedule',
  'floaterIndex',
  'quotedMarginBp',
  'ratingSp',
  'ratingMoody',
  'isBenchmark',
] as const satisfies readonly (keyof AdminBondTerms)[];

export interface AdminActor {
  userId: string;
  ip: string | null;
}

/**
 * Saves every term of bond `id`. Unchanged terms write nothing (no audit entry, no reprice);
 * otherwise the bond's `updated_at` moves (so the pricing and market caches re-read it), a rating
 * change starts a rating-history row dated `asOf`'s day, trades kept apart under a corrected CUSIP
 * attach, and the bond is repriced after the commit.
 */
export async function updateBond(
  db: Kysely<Database>,
  id: number,
  body: AdminBondUpdate,
  actor: AdminActor,
  asOf: Date,
): Promise<AdminBondSaved> {
  const { updatedAt, ...terms } = body;
  const today = isoDay(asOf);
  checkBondTerms(terms);
  let attached = 0;
  const changed = await db.transaction().execute(async (trx) => {
    // The row lock makes a second writer wait, then see the first one's updated_at and be refused.
    await sql`select id from bonds where id = ${id} for update`.execute(trx);
    const current = await readBond(trx, id);
    if (current.updatedAt !== updatedAt)
      throw new ServiceRefusal('conflict', `Bond ${id} was changed by someone else after you read it: reload it and edit again.`);
    const diff = TERM_KEYS.filter((k) => JSON.stringify(current[k]) !== JSON.stringify(terms[k]));
    if (diff.length === 0) return diff;
    if (terms.issuerId !== current.issuerId) {
      const issuer = await trx.selectFrom('issuers').select('id').where('id', '=', terms.issuerId).executeTakeFirst();
      if (!issuer) throw invalid('issuerId', unknownIssuer(terms.issuerId));
    }
    if (terms.cusip !== current.cusip) {
      const holder = await trx.selectFrom('bonds').select('id').where('cusip', '=', terms.cusip).executeTakeFirst();
      if (holder)
        throw new ServiceRefusal(
          'conflict',
          bodyRefusal('cusip', `is already bond ${holder.id}'s (${terms.cusip}): compare and merge the two instead`),
        );
    }
    // updated_at is the row's version, not the time of the edit (db/rowVersion.ts).
    await trx
      .updateTable('bonds')
      .set({ ...columns(terms), updated_at: rowVersionStamp })
      .where('id', '=', id)
      .execute();
    const ratings: { bond_id: number; agency: 'sp' | 'moody'; rating: string; effective_date: string }[] = [];
    if (terms.ratingSp && terms.ratingSp !== current.ratingSp)
      ratings.push({ bond_id: id, agency: 'sp', rating: terms.ratingSp, effective_date: today });
    if (terms.ratingMoody && terms.ratingMoody !== current.ratingMoody)
      ratings.push({ bond_id: id, agency: 'moody', rating: terms.ratingMoody, effective_date: today });
    if (ratings.length > 0) await trx.insertInto('bond_ratings').values(ratings).execute();
    attached = terms.cusip !== current.cusip ? await attachMissingTrades(trx, [id]) : 0;
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: 'bond.update',
      targetType: 'bond',
      targetId: String(id),
      details: {
        cusip: terms.cusip,
        changed: diff,
        before: Object.fromEntries(diff.map((k) => [k, current[k]])),
        after: Object.fromEntries(diff.map((k) => [k, terms[k]])),
        ...(attached > 0 ? { tradesAttached: attached } : {}),
        ip: actor.ip,
      },
    });
    return diff;
  });
  if (changed.length === 0) return { bond: await readBond(db, id), changed, repriced: false };
  const reprice = (await repriceAfterAdminChange(db, [id], asOf, { tradesMoved: attached > 0 })).error;
  return { bond: await readBond(db, id), changed, repriced: reprice === null, ...(reprice ? { repriceError: reprice } : {}) };
}
