/** The bond fact cards' texts and call-schedule columns, without React. */
import { type BondDetailResponse } from '@common/api/bond';
import { formatDay, formatNumber, formatPrice, formatYield } from '@common/format';
import { type Column } from '../../../components/SimpleTable';

/** Price per 100 in the bond screens' number font, as the facts beside it. */
export const CALL_SCHEDULE_COLUMNS: Column<BondDetailResponse['callSchedule'][number]>[] = [
  { header: 'Date', field: 'date', kind: 'day' },
  { header: 'Price (per 100)', field: 'price', kind: 'price', className: 'bw-num' },
];

/**
 * A callable bond with no call date ahead says why instead of showing a dash: every scheduled
 * call date has passed, so the issuer may call it on any coupon date from now on (the last call
 * price applies); yield to worst is then the yield to maturity or to the next coupon date.
 */
export function noFutureCallText(schedule: ReadonlyArray<{ date: string; price: number }>): string {
  const last = [...schedule].sort((a, b) => (a.date < b.date ? -1 : 1)).at(-1)!;
  return `Call period started ${formatDay(last.date)}: callable any time at ${formatPrice(last.price)}`;
}

/**
 * The make-whole call beside the call schedule, as desks write it: its spread over Treasuries and
 * the day it runs until (the par call date, else maturity).
 */
export function makeWholeText(makeWhole: NonNullable<BondDetailResponse['makeWhole']>): string {
  const bp = formatNumber(makeWhole.spreadBp, Number.isInteger(makeWhole.spreadBp) ? 0 : 1);
  return `Make-whole call at T+${bp} bp until ${formatDay(makeWhole.until)}`;
}

/** The coupon as the terms card shows it: the rate, or a floater's index and quoted margin in bp. */
export function couponText(terms: BondDetailResponse['terms']): string {
  return terms.couponType === 'floating'
    ? `${terms.floaterIndex ?? 'Index'} + ${formatNumber((terms.quotedMargin ?? 0) * 1e4, 1)} bp`
    : formatYield(terms.coupon);
}
