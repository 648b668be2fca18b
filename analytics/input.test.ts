/** Every invalid input gives a one-line AnalyticsInputError whose message starts with the field. */
import { describe, expect, it } from 'vitest';
import { AnalyticsInputError, analyzeBond } from './index';

const valid = {
  id: 'v',
  instrument: 'fixed',
  issueDate: '2020-01-15',
  maturityDate: '2030-01-15',
  settlementDate: '2024-03-01',
  firstCouponDate: null,
  coupon: 0.05,
  frequency: 2,
  dayCount: '30/360',
  endOfMonth: false,
  redemption: 100,
  callSchedule: [],
  cleanPrice: 98.5,
  yield: null,
  treasuryCurve: null,
};

const cases: [string, Record<string, unknown>, string][] = [
  ['maturity before settlement', { maturityDate: '2024-02-01' }, 'maturityDate'],
  ['maturity on settlement', { maturityDate: '2024-03-01' }, 'maturityDate'],
  ['settlement before issue', { settlementDate: '2019-12-31' }, 'settlementDate'],
  ['unknown day count', { dayCount: 'ACT/365L' }, 'dayCount'],
  ['ACT/360 on a fixed bond', { dayCount: 'ACT/360' }, 'dayCount'],
  ['both price and yield', { yield: 0.05 }, 'cleanPrice'],
  ['neither price nor yield', { cleanPrice: null }, 'cleanPrice'],
  ['coupon above 100%', { coupon: 1.5 }, 'coupon'],
  ['negative coupon', { coupon: -0.01 }, 'coupon'],
  ['coupon missing', { coupon: null }, 'coupon'],
  ['malformed settlement date', { settlementDate: '2024/03/01' }, 'settlementDate'],
  ['impossible issue date', { issueDate: '2021-02-29' }, 'issueDate'],
  ['unknown instrument', { instrument: 'convertible' }, 'instrument'],
  ['bad frequency', { frequency: 12 }, 'frequency'],
  ['non-numeric price', { cleanPrice: '98.5' }, 'cleanPrice'],
  ['negative price', { cleanPrice: -3 }, 'cleanPrice'],
  ['yield below −f', { cleanPrice: null, yield: -2.5 }, 'yield'],
  ['NaN-like yield', { cleanPrice: null, yield: 'NaN' }, 'yield'],
  ['non-zero coupon on a zero', { instrument: 'zero', coupon: 0.01 }, 'coupon'],
  ['first coupon off the grid', { firstCouponDate: '2020-07-16' }, 'firstCouponDate'],
  ['non-boolean endOfMonth', { endOfMonth: 'yes' }, 'endOfMonth'],
  [
    'FRN without index rate',
    { instrument: 'frn', dayCount: 'ACT/360', coupon: null, quotedMargin: 0.01, currentIndexFixing: 0.05 },
    'indexRate',
  ],
  ['bad call price', { instrument: 'callable', callSchedule: [{ date: '2026-01-15', price: 'par' }] }, 'callSchedule[0].price'],
  ['bad curve point', { treasuryCurve: [{ tenor: '1Y', years: -1, yield: 0.04 }] }, 'treasuryCurve[0].years'],
];

describe('input validation', () => {
  it.each(cases)('%s → error naming %s', (_name, change, field) => {
    let caught: unknown;
    try {
      analyzeBond({ ...valid, ...change });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AnalyticsInputError);
    const message = (caught as Error).message;
    expect(message.startsWith(`${field}: `)).toBe(true);
    expect(message).not.toMatch(/[\r\n]/);
  });

  it('the valid base input is accepted', () => {
    expect(analyzeBond(valid).cleanPrice).toBe(98.5);
  });

  it('non-objects are rejected', () => {
    expect(() => analyzeBond([] as unknown as Record<string, unknown>)).toThrow(/^input: /);
  });
});
