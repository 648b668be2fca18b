import type { BondInput } from './index';

/**
 * The contract's published spreadsheet example — PRICE(15-Feb-2008, 15-Nov-2017, 5.75%, 6.5%,
 * 100, 2, 0) = 94.63436162 once `yield: 0.065` is given — with any field overridden. Shared by
 * the pricing scenarios and the bondcalc CLI tests.
 */
export const exampleBond = (over: Partial<BondInput> = {}): BondInput => ({
  instrument: 'fixed',
  issueDate: '2007-11-15',
  maturityDate: '2017-11-15',
  settlementDate: '2008-02-15',
  firstCouponDate: null,
  coupon: 0.0575,
  frequency: 2,
  dayCount: '30/360',
  endOfMonth: false,
  redemption: 100,
  callSchedule: [],
  cleanPrice: null,
  yield: null,
  treasuryCurve: null,
  ...over,
});
