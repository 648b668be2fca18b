import { type DealSummary, dealSummarySchema, type Tranche } from '@common/api/primary';

/** A priced tranche as the server sends it; tests set the figures their page shows. */
export function tranche(fields: Partial<Tranche> & Pick<Tranche, 'id' | 'tenorYears' | 'size'>): Tranche {
  return {
    coupon: null,
    iptSpreadBp: null,
    guidanceSpreadBp: null,
    launchSpreadBp: null,
    pricedSpreadBp: null,
    tighteningBp: null,
    orderBook: null,
    cover: null,
    reofferYield: null,
    reofferPrice: null,
    fairValueBp: null,
    fairValueMethod: null,
    concessionBp: null,
    bondId: null,
    cusip: null,
    ...fields,
  };
}

/** A deal as the server lists it, checked against the contract. */
export function deal(fields: Partial<DealSummary> & Pick<DealSummary, 'id' | 'tranches'>): DealSummary {
  return dealSummarySchema.parse({
    issuer: { id: 12, name: 'Acme Corporation', displayName: 'Acme Corp', ticker: 'ACME' },
    sector: { code: 'FINL', name: 'Financials' },
    ratingSp: 'A',
    ratingMoody: 'A2',
    ratingClass: 'IG',
    status: 'priced',
    announcedAt: '2026-11-17T13:30:00.000Z',
    pricedAt: '2026-11-17T20:05:00.000Z',
    timeline: [
      { status: 'announced', at: '2026-11-17T13:30:00.000Z' },
      { status: 'priced', at: '2026-11-17T20:05:00.000Z' },
    ],
    bookrunners: ['JPM', 'GS'],
    useOfProceeds: 'General corporate purposes',
    totalSize: fields.tranches.reduce((s, t) => s + t.size, 0),
    ...fields,
  } satisfies DealSummary);
}

/** A priced 10-year tranche of $1.25bn (IPT +135 → +108, a $4bn book), as the primary pages' tests show it. */
export const pricedTenYear = (fields: Partial<Tranche> = {}): Tranche =>
  tranche({
    id: 301,
    tenorYears: 10,
    size: 1_250_000_000,
    coupon: 0.05125,
    iptSpreadBp: 135,
    guidanceSpreadBp: 115,
    launchSpreadBp: 110,
    pricedSpreadBp: 108,
    orderBook: 4_000_000_000,
    reofferYield: 0.05172,
    reofferPrice: 99.634,
    concessionBp: 6.5,
    ...fields,
  });
