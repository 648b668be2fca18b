/**
 * A bond's terms as the form holds them: the terms read off the bond, the call schedule as the
 * text the reference file writes (`2030-11-23@100; 2031-05-23@100`) and read back, and the
 * choices of the enumerated fields. No React here.
 */
import type { AdminBond, AdminBondTerms } from '@common/api/adminBonds';

export function termsOf(bond: AdminBond): AdminBondTerms {
  const { cusip, issuerId, description, couponType, coupon, frequency, dayCount, endOfMonth, issueDate, firstCouponDate } = bond;
  const { maturityDate, amountIssued, amountOutstanding, seniority, callSchedule, floaterIndex, quotedMarginBp } = bond;
  const { ratingSp, ratingMoody, isBenchmark } = bond;
  return {
    cusip,
    issuerId,
    description,
    couponType,
    coupon,
    frequency,
    dayCount,
    endOfMonth,
    issueDate,
    firstCouponDate,
    maturityDate,
    amountIssued,
    amountOutstanding,
    seniority,
    callSchedule,
    floaterIndex,
    quotedMarginBp,
    ratingSp,
    ratingMoody,
    isBenchmark,
  };
}

export const callText = (calls: AdminBondTerms['callSchedule']) => calls.map((c) => `${c.date}@${c.price}`).join('; ');

/** `DATE@PRICE; …` into entries; what does not read as a number is sent as null for the server to name. */
export function parseCalls(text: string): AdminBondTerms['callSchedule'] {
  return text
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((part) => {
      const [date = '', price = ''] = part.split('@').map((s) => s.trim());
      const n = Number(price);
      return { date, price: price === '' || !Number.isFinite(n) ? (null as unknown as number) : n };
    });
}

/** The terms as typed: the call schedule as its text. */
export type BondTermsDraft = AdminBondTerms & { calls: string };

export const draftOf = (bond: AdminBond): BondTermsDraft => ({ ...termsOf(bond), calls: callText(bond.callSchedule) });

/** The body the contract checks: the typed call schedule read into entries. */
export const termsOfDraft = ({ calls, ...terms }: BondTermsDraft): AdminBondTerms => ({ ...terms, callSchedule: parseCalls(calls) });

/** "callSchedule.2.price" is a part of the calls typed as text. */
export const draftFieldOf = (path: string) => (path.startsWith('callSchedule') ? 'calls' : path.split('.')[0]!);

export const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

export const FREQUENCY_OPTIONS = [
  { value: '1', label: 'Annual' },
  { value: '2', label: 'Semiannual' },
  { value: '4', label: 'Quarterly' },
];
