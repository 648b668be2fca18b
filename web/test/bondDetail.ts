import { type BondDetailResponse, bondDetailResponseSchema } from '@common/api/bond';

/** A bond's detail as the server sends it (the bond pages' header), checked against the contract. */
export function bondDetail(fields: Partial<BondDetailResponse> & Pick<BondDetailResponse, 'id' | 'description'>): BondDetailResponse {
  const detail: BondDetailResponse = {
    cusip: '037833DX5',
    isin: 'US037833DX52',
    terms: {
      couponType: 'fixed',
      // Rates travel as decimals (5.25% is 0.0525), as the server sends them and the engine reads them.
      coupon: 0.0525,
      frequency: 2,
      dayCount: '30/360',
      endOfMonth: false,
      issueDate: '2026-06-01',
      firstCouponDate: '2026-12-01',
      maturityDate: '2036-12-01',
      amountIssued: 1_000_000_000,
      amountOutstanding: 1_000_000_000,
      seniority: 'Senior Unsecured',
      floaterIndex: null,
      quotedMargin: null,
      isBenchmark: false,
      tenorAtIssue: 10.5,
      currency: 'USD',
      source: 'simulator',
      notPricedReason: null,
    },
    settlementDate: '2026-11-23',
    floater: null,
    issuer: {
      id: 12,
      name: 'Acme Corporation',
      displayName: 'Acme Corp',
      ticker: 'ACME',
      countryOfRisk: 'US',
      corporateStructure: 'Parent',
      sector: { id: 1, code: 'FINL', name: 'Financials' },
      industry: { id: 11, code: 'BANK', name: 'Banks' },
    },
    ratings: { sp: 'A', moody: 'A2', history: [] },
    callSchedule: [],
    makeWhole: null,
    analytics: null,
    analyticsCurve: null,
    lineage: null,
    ...fields,
  };
  return bondDetailResponseSchema.parse(detail);
}
