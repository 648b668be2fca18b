import { describe, expect, it } from 'vitest';
import type { DealSummary } from '@common/api/primary';
import { calendarRows, filterQuery, filtersFromParams } from './dealView';

const tranche = (id: number, tenorYears: number) => ({
  id,
  tenorYears,
  size: 500e6,
  coupon: null,
  iptSpreadBp: 120,
  guidanceSpreadBp: 100,
  launchSpreadBp: null,
  pricedSpreadBp: null,
  tighteningBp: 20,
  orderBook: null,
  cover: null,
  reofferYield: null,
  reofferPrice: null,
  fairValueBp: 95,
  fairValueMethod: 'issuer curve',
  concessionBp: 5,
  bondId: null,
  cusip: null,
});

const deal: DealSummary = {
  id: 7,
  issuer: { id: 3, name: 'Acme Corp', displayName: 'Acme', ticker: 'ACME' },
  sector: { code: 'INDU', name: 'Industrials' },
  ratingSp: 'A-',
  ratingMoody: null,
  ratingClass: 'IG',
  status: 'guidance',
  // 01:30 UTC on the 25th is still the 24th in New York.
  announcedAt: '2026-11-25T01:30:00.000Z',
  pricedAt: null,
  timeline: [
    { status: 'announced', at: '2026-11-25T01:30:00.000Z' },
    { status: 'guidance', at: '2026-11-25T03:00:00.000Z' },
  ],
  bookrunners: ['Barclays', 'Citigroup'],
  useOfProceeds: null,
  totalSize: 1e9,
  tranches: [tranche(1, 5), tranche(2, 10)],
};

describe('the new-issue calendar', () => {
  it('makes one row per tranche, dated by the New York day of the announcement', () => {
    const rows = calendarRows([deal]);
    expect(rows.map((r) => [r.dealId, r.id, r.tenorYears])).toEqual([
      [7, 1, 5],
      [7, 2, 10],
    ]);
    expect(rows[0]).toMatchObject({
      day: '2026-11-24',
      rating: 'NR / A-',
      status: 'guidance',
      statusAt: '2026-11-25T03:00:00.000Z',
      bookrunners: 'Barclays, Citigroup',
    });
  });

  it('reads only known filters from the URL and sends only the set ones', () => {
    const f = filtersFromParams(new URLSearchParams('rating=HY&sector=NOPE&status=priced&minSize=abc&from=2026-11-02&to=2026-02-30'));
    expect(f).toEqual({ from: '2026-11-02', rating: 'HY', status: 'priced' });
    expect(filterQuery({ ...f, minSize: 1e9 })).toEqual({ from: '2026-11-02', rating: 'HY', status: 'priced', minSize: '1000000000' });
  });
});
