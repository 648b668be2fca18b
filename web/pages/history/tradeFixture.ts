import type { Trade } from '@common/api/trade';

/** A disseminated trade of the shape the API answers, for the history page's tests; `over` sets what a test is about. */
export const trade = (over: Partial<Trade>): Trade => ({
  id: 't',
  bondId: 1,
  cusip: 'X',
  description: 'ABC 5 01/01/30',
  executionTime: '2026-11-20T15:04:05Z',
  quantity: '250000',
  reportedQuantity: 250_000,
  quantityCapped: false,
  price: 99.5,
  yield: 0.051,
  side: 'customer_buy',
  reportingPartyType: 'D',
  ats: false,
  status: 'active',
  flag: null,
  ...over,
});
