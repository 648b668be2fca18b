/**
 * A complete term sheet reading made into a priced deal and its bonds (or an earlier one brought
 * up to date after a correction). A final pricing term sheet says the deal priced on its trade
 * date; it states no times, so the deal is taken as announced at 09:00 and priced at 16:00 New
 * York time that day (not later than now). Each tranche with a CUSIP becomes a bond (upserted by
 * CUSIP: fixed coupon, semi-annual 30/360 as US corporate notes are, issued on the settlement date,
 * a par call in its call schedule at its exact date, and the make-whole's spread over Treasuries
 * and the day it runs until — the par call date, else the maturity — stored beside it; pricing does
 * not model the make-whole call) and is linked to its tranche — except a reopening, which adds
 * to the existing bond it taps (taps.ts).
 * The tranche's priced spread is the spread to the benchmark Treasury as stated, not the
 * product's G-spread over the interpolated curve.
 */
import type { Transaction } from 'kysely';
import type { TermSheetReading } from '../../../../common/api/edgar';
import { KNOWN_SP_RATINGS } from '../../../../common/api/edgar';
import { newYorkTime, yearsBetween } from '../../../../common/calendar';
import { MOODY_RATINGS } from '../../../../common/market';
import type { Database } from '../../../db/schema';
import { bondDescription, isinFromCusip } from '../../market/codesAndRatings';
import { recordDealAnnounced, recordDealStep } from '../dealEvents';
import { makeWholeTerms } from './makeWhole';
import { applyTap, type TappedBond } from './taps';

type Trx = Transaction<Database>;
type Tranche = TermSheetReading['tranches'][number];

/** Settlement date, trade date, issuer and each tranche's required fields: checked by review.ts first. */
type Complete = TermSheetReading & { issuer: string; tradeDate: string; settlementDate: string };

const tenorOf = (settlement: string, maturity: string) => Math.max(1, Math.round(yearsBetween(settlement, maturity)));

function dealTimes(reading: Complete, now: Date): { announcedAt: Date; pricedAt: Date } {
  const cap = (d: Date) => (d.getTime() > now.getTime() ? now : d);
  return { announcedAt: cap(newYorkTime(reading.tradeDate, 9)), pricedAt: cap(newYorkTime(reading.tradeDate, 16)) };
}

async function upsertBond(
  trx: Trx,
  t: Tranche,
  reading: Complete,
  issuer: { id: number; ticker: string },
  now: Date,
): Promise<number | null> {
  if (!t.cusip) return null;
  const moody =
    reading.ratings.moodys && (MOODY_RATINGS as readonly string[]).includes(reading.ratings.moodys) ? reading.ratings.moodys : null;
  const sp = reading.ratings.sp && KNOWN_SP_RATINGS.has(reading.ratings.sp) ? reading.ratings.sp : null;
  const terms = {
    isin: t.isin ?? isinFromCusip(t.cusip),
    issuer_id: issuer.id,
    description: bondDescription(issuer.ticker, 'fixed', t.coupon!, t.maturityDate!),
    coupon_type: 'fixed' as const,
    coupon: t.coupon!,
    frequency: 2,
    day_count: '30/360' as const,
    end_of_month: false,
    issue_date: reading.settlementDate,
    first_coupon_date: t.firstPaymentDate,
    maturity_date: t.maturityDate!,
    amount_issued: t.principalAmount!,
    amount_outstanding: t.principalAmount!,
    seniority: 'Senior Unsecured',
    call_schedule: JSON.stringify(t.parCallDate ? [{ date: t.parCallDate, price: 100 }] : []),
    ...makeWholeTerms(t),
    floater_index: null,
    quoted_margin: null,
    rating_sp: sp,
    rating_moody: moody,
    is_benchmark: false,
    tenor_at_issue: tenorOf(reading.settlementDate, t.maturityDate!),
    currency: 'USD',
    source: 'edgar',
  };
  const row = await trx
    .insertInto('bonds')
    .values({ cusip: t.cusip, ...terms })
    .onConflict((oc) => oc.column('cusip').doUpdateSet({ ...terms, updated_at: now }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function trancheRow(t: Tranche, reading: Complete, bondId: number | null) {
  return {
    tenor_years: tenorOf(reading.settlementDate, t.maturityDate!),
    size: t.principalAmount!,
    coupon: t.coupon,
    priced_spread_bp: t.spreadBp,
    bond_id: bondId,
  };
}

/**
 * Writes the deal of `reading` for `issuer`: a new one, or `dealId` brought up to date (its
 * tranches replaced by the sheet's). Returns the deal id and the bonds written.
 */
export async function writeDealFromReading(
  trx: Trx,
  reading: Complete,
  issuer: { id: number; ticker: string },
  dealId: number | null,
  filingId: number,
  now: Date,
  /** Who had it made (an admin uploading or reviewing; null for the command line): not told of it. */
  actor: string | null = null,
  /** The existing bond each reopened tranche taps, by tranche index (findTappedBonds, taps.ts). */
  taps: ReadonlyMap<number, TappedBond> = new Map(),
): Promise<{ dealId: number; bondIds: number[] }> {
  const { announcedAt, pricedAt } = dealTimes(reading, now);
  const deal = {
    issuer_id: issuer.id,
    status: 'priced' as const,
    announced_at: announcedAt,
    priced_at: pricedAt,
    bookrunners: JSON.stringify(reading.bookrunners),
    source: 'edgar' as const,
    updated_at: now,
  };
  let id = dealId;
  const before = id === null ? null : await trx.selectFrom('deals').select('status').where('id', '=', id).executeTakeFirst();
  if (id === null) {
    id = (
      await trx
        .insertInto('deals')
        .values({ ...deal, use_of_proceeds: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  } else {
    await trx.updateTable('deals').set(deal).where('id', '=', id).execute();
    await trx.deleteFrom('deal_tranches').where('deal_id', '=', id).execute();
    await trx.deleteFrom('deal_status_history').where('deal_id', '=', id).execute();
  }
  const bondIds: number[] = [];
  for (const [i, t] of reading.tranches.entries()) {
    // A reopening adds to the bond it taps (issue date and first coupon kept); anything else is a bond of its own.
    const tapped = taps.get(i);
    const bondId =
      t.reopening !== undefined && tapped !== undefined
        ? await applyTap(trx, tapped, t, { filingId, settlementDate: reading.settlementDate, actor, now })
        : await upsertBond(trx, t, reading, issuer, now);
    if (bondId !== null) bondIds.push(bondId);
    await trx
      .insertInto('deal_tranches')
      .values({ deal_id: id, ...trancheRow(t, reading, bondId) })
      .execute();
  }
  const details = JSON.stringify({ source: 'edgar', filingId });
  await trx
    .insertInto('deal_status_history')
    .values([
      { deal_id: id, status: 'announced', at: announcedAt, details },
      { deal_id: id, status: 'priced', at: pricedAt, details },
    ])
    .execute();
  // The events every deal source writes: a new deal is announced and priced at once; a correction
  // of a priced deal is no step.
  if (dealId === null) await recordDealAnnounced(trx, id, now, actor);
  const from = before?.status ?? 'announced';
  await recordDealStep(trx, id, from, 'priced', { at: pricedAt.toISOString(), bondIds });
  return { dealId: id, bondIds };
}
