/** Test fixtures shaped by the contract (common/api/adminBonds.ts). */
import { type AdminBond, type AdminBondTerms, adminBondSchema } from '@common/api/adminBonds';
import { shaped } from '../../../test/apiServer';

/** Every editable term of ACME 5.25 12/01/36. */
export const acmeTerms: AdminBondTerms = {
  cusip: '000000AA1',
  issuerId: 12,
  description: 'ACME 5.25 12/01/36',
  couponType: 'fixed',
  coupon: 0.0525,
  frequency: 2,
  dayCount: '30/360',
  endOfMonth: false,
  issueDate: '2026-12-01',
  firstCouponDate: '2027-06-01',
  maturityDate: '2036-12-01',
  amountIssued: 750_000_000,
  amountOutstanding: 750_000_000,
  seniority: 'Senior Unsecured',
  callSchedule: [{ date: '2036-09-01', price: 100 }],
  floaterIndex: null,
  quotedMarginBp: null,
  ratingSp: 'A',
  ratingMoody: 'A2',
  isBenchmark: false,
};
/** GET /admin/bond/5: the bond with one trade and one audited change, not yet priced. */
export const makeAdminBond = (overrides: Partial<AdminBond> = {}): AdminBond =>
  shaped(adminBondSchema, {
    ...acmeTerms,
    id: 5,
    isin: 'US000000AA18',
    issuer: { id: 12, name: 'Acme Corporation', ticker: 'ACME' },
    currency: 'USD',
    tenorAtIssue: 10,
    source: 'edgar',
    createdAt: '2026-11-25T20:00:00.000Z',
    updatedAt: '2026-11-26T09:00:00.123456Z',
    market: null,
    tradeCount: 1,
    trades: [{ executionTime: '2026-11-27T15:30:00.000Z', quantity: 5_000_000, price: 99.9, yield: 0.0526, side: 'buy', source: 'trace' }],
    history: [
      {
        id: 'a-1',
        at: '2026-11-26T09:00:00.000Z',
        actor: 'u-1',
        actorEmail: 'ann@example.com',
        action: 'bond.update',
        details: { changed: ['ratingSp'], before: { ratingSp: 'A-' }, after: { ratingSp: 'A' } },
      },
    ],
    ...overrides,
  });
