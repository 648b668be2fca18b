/**
 * Reopenings ("taps"): a term sheet tranche that sells more of a bond already outstanding. The
 * bond is found by its CUSIP (or ISIN) and must be the issuer's, with the sheet's coupon and
 * maturity; the tap adds to its amounts and keeps everything else (issue date, first coupon, call
 * schedule, make-whole), and is audited on the bond. A bond held without make-whole terms (one from
 * a reference file) takes those the sheet states: a reopening is issued under the same terms. A tap whose bond cannot be matched is never made into a
 * new bond: the filing goes to review saying why.
 */
import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { TermSheetReading } from '../../../../common/api/edgar';
import type { Database } from '../../../db/schema';
import { writeAudit } from '../../audit';
import type { TermSheetProblem } from './fwpParser';
import { makeWholeTerms } from './makeWhole';

type Trx = Transaction<Database>;
type Tranche = TermSheetReading['tranches'][number];

export interface TappedBond {
  id: number;
  cusip: string;
  amountIssued: number;
  amountOutstanding: number;
  /** The make-whole spread the bond already has (bp); null when none is held. */
  makeWholeBp: number | null;
}

/** The bond each reopened tranche taps, or the problems that keep it from being found. */
export async function findTappedBonds(
  trx: Trx,
  reading: TermSheetReading,
  issuerId: number,
): Promise<{ taps: Map<number, TappedBond>; problems: TermSheetProblem[] }> {
  const taps = new Map<number, TappedBond>();
  const problems: TermSheetProblem[] = [];
  for (const [i, t] of reading.tranches.entries()) {
    if (t.reopening === undefined) continue;
    const field = `tranches[${i}].cusip`;
    const ids = [t.cusip && `CUSIP ${t.cusip}`, t.isin && `ISIN ${t.isin}`].filter(Boolean).join(' or ');
    if (t.cusip === null && t.isin === null) {
      problems.push({ field, message: 'a reopening of an existing bond, but no CUSIP or ISIN is stated to find that bond by' });
      continue;
    }
    let query = trx
      .selectFrom('bonds')
      .select(['id', 'cusip', 'issuer_id', 'coupon', 'maturity_date', 'amount_issued', 'amount_outstanding', 'make_whole_spread_bp']);
    query =
      t.cusip !== null
        ? query.where((eb) => eb.or([eb('cusip', '=', t.cusip!), ...(t.isin ? [eb('isin', '=', t.isin)] : [])]))
        : query.where('isin', '=', t.isin!);
    const bond = await query.orderBy('id').executeTakeFirst();
    if (bond === undefined) {
      problems.push({
        field,
        message: `a reopening of an existing bond, but no bond with ${ids} is held: add that bond first (it is not made anew, for its issue date and first coupon would be wrong)`,
      });
      continue;
    }
    const mismatch = tapMismatch(bond, t, issuerId);
    if (mismatch !== null) {
      problems.push({ field, message: `a reopening of bond ${bond.cusip}, but ${mismatch}` });
      continue;
    }
    taps.set(i, {
      id: bond.id,
      cusip: bond.cusip,
      amountIssued: Number(bond.amount_issued),
      amountOutstanding: Number(bond.amount_outstanding),
      makeWholeBp: bond.make_whole_spread_bp === null ? null : Number(bond.make_whole_spread_bp),
    });
  }
  return { taps, problems };
}

function tapMismatch(
  bond: { issuer_id: number; coupon: string | number; maturity_date: string | Date },
  t: Tranche,
  issuerId: number,
): string | null {
  if (bond.issuer_id !== issuerId) return 'that bond is another issuer’s';
  const maturity = typeof bond.maturity_date === 'string' ? bond.maturity_date.slice(0, 10) : bond.maturity_date.toISOString().slice(0, 10);
  if (t.maturityDate !== null && t.maturityDate !== maturity) return `the sheet's maturity ${t.maturityDate} is not the bond's ${maturity}`;
  if (t.coupon !== null && Math.abs(Number(bond.coupon) - t.coupon) > 1e-9)
    return `the sheet's coupon ${t.coupon} is not the bond's ${Number(bond.coupon)}`;
  return null;
}

/** Adds a tap to its bond and audits it; returns the bond's id. */
export async function applyTap(
  trx: Trx,
  bond: TappedBond,
  t: Tranche,
  context: { filingId: number; settlementDate: string; actor: string | null; now: Date },
): Promise<number> {
  const amount = t.principalAmount!;
  const after = { amountIssued: bond.amountIssued + amount, amountOutstanding: bond.amountOutstanding + amount };
  // Make-whole terms the bond lacks, as the sheet states them (kept when the bond has its own).
  const makeWhole = bond.makeWholeBp === null && t.makeWholeBp !== null ? makeWholeTerms(t) : null;
  await trx
    .updateTable('bonds')
    .set({ amount_issued: after.amountIssued, amount_outstanding: after.amountOutstanding, ...makeWhole, updated_at: context.now })
    .where('id', '=', bond.id)
    .execute();
  await writeAudit(trx, {
    actorUserId: context.actor,
    action: 'bond.tap',
    targetType: 'bond',
    targetId: String(bond.id),
    details: {
      filingId: context.filingId,
      cusip: bond.cusip,
      amount,
      settlementDate: context.settlementDate,
      accruedFrom: t.reopening?.accruedFrom ?? null,
      priceToPublic: t.priceToPublic,
      before: { amountIssued: bond.amountIssued, amountOutstanding: bond.amountOutstanding },
      after,
      ...(makeWhole === null ? {} : { makeWholeAdded: { spreadBp: makeWhole.make_whole_spread_bp, until: makeWhole.make_whole_until } }),
    },
  });
  return bond.id;
}

/** Whether a filing's deal already tapped a bond: such a deal is not made again (its tap would count twice). */
export async function filingHasTapped(trx: Trx, filingId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', 'bond.tap')
    .where(sql<boolean>`details->>'filingId' = ${String(filingId)}`)
    .executeTakeFirst();
  return row !== undefined;
}
