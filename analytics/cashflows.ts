/**
 * Future cash flows of a positioned bond: one entry per date strictly after settlement, the final
 * coupon merged with the redemption, zero amounts omitted (so a zero shows only its redemption).
 */
import { formatDate, type DayNumber } from './dates';
import type { Settlement } from './pricing';

/** A dated payment per 100 face. */
export interface Cashflow {
  date: DayNumber;
  amount: number;
}

/** Cash flows paid strictly after settlement, per 100 face, in date order. */
export function cashflows(s: Settlement): Cashflow[] {
  return flowsOf(s, (date, amount) => ({ date, amount }));
}

/** The same flows with dates formatted 'YYYY-MM-DD' (contract output), built in one pass. */
export function formattedCashflows(s: Settlement): { date: string; amount: number }[] {
  return flowsOf(s, (date, amount) => ({ date: formatDate(date), amount }));
}

function flowsOf<T>(s: Settlement, make: (date: DayNumber, amount: number) => T): T[] {
  const out: T[] = [];
  const dates = s.bond.dates;
  const last = s.count;
  for (let k = 1; k <= last; k++) {
    let amount = k === 1 ? s.firstAmount : s.coupon;
    if (k === last) amount += s.redemption;
    if (amount !== 0) out.push(make(dates[s.nextIndex + k - 1]!, amount));
  }
  return out;
}

/**
 * The same flows as {@link cashflows} as two parallel arrays, for hot paths (two allocations
 * instead of one object per flow). Zero amounts are kept here
 * (a zero's coupons are 0) so the arrays stay aligned with the schedule.
 */
export function cashflowArrays(s: Settlement): { dates: DayNumber[]; amounts: number[] } {
  const last = s.count;
  const amounts: number[] = new Array<number>(last).fill(s.coupon);
  amounts[0] = s.firstAmount;
  amounts[last - 1]! += s.redemption;
  return { dates: s.bond.dates.slice(s.nextIndex, s.nextIndex + last), amounts };
}
