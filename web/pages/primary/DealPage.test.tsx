import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dealDetailResponseSchema, PRIMARY_PATHS } from '@common/api/primary';
import { serveApi, shaped } from '../../test/apiServer';
import { stubCanvas2d } from '../../test/canvas';
import { deal, pricedTenYear, tranche } from '../../test/deals';
import { gridCells } from '../../test/grid';
import { renderPage } from '../../test/renderPage';
import DealPage from './DealPage';

const DEAL = `GET ${PRIMARY_PATHS.deal({ id: 31 })}`;
const ROUTE = '/bw/primary/pricing/:dealId';

const tenYear = pricedTenYear({ fairValueBp: 101.5, fairValueMethod: 'issuer curve' });
const fiveYear = tranche({
  id: 302,
  tenorYears: 5,
  size: 750_000_000,
  pricedSpreadBp: 80,
  concessionBp: null,
  fairValueMethod: 'none: no curve',
});
const detail = shaped(dealDetailResponseSchema, {
  deal: deal({
    id: 31,
    tranches: [fiveYear, tenYear],
    timeline: [
      { status: 'announced', at: '2026-11-17T13:30:00.000Z' },
      { status: 'initial_price_talk', at: '2026-11-17T14:10:00.000Z' },
      { status: 'priced', at: '2026-11-17T20:05:00.000Z' },
    ],
  }),
  curveDay: '2026-11-16',
  issuerCurve: { points: [], fitted: [] },
  spreadPath: [],
  comparables: [
    deal({
      id: 28,
      issuer: { id: 40, name: 'Beta Bank N.A.', displayName: 'Beta Bank', ticker: 'BETA' },
      ratingSp: 'A-',
      pricedAt: '2026-10-02T19:00:00.000Z',
      tranches: [
        tranche({ id: 281, tenorYears: 3, size: 500_000_000, concessionBp: 4 }),
        tranche({ id: 282, tenorYears: 7, size: 1_000_000_000, concessionBp: 7 }),
      ],
    }),
  ],
  afterPricing: [
    {
      trancheId: 301,
      bondId: 900,
      points: [{ day: '2026-11-18', spreadBp: 104, price: 99.9, spreadChangeBp: -4, priceChange: 0.266 }],
      day1: { spreadChangeBp: -4, priceChange: 0.266 },
      week1: null,
      toDate: { spreadChangeBp: -6.25, priceChange: 0.41 },
    },
    // No trade yet in the 5-year: no row.
    { trancheId: 302, bondId: 901, points: [], day1: null, week1: null, toDate: null },
  ],
});

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  // The spread path and the issuer curve are drawn on canvases.
  stubCanvas2d();
  server = serveApi({ [DEAL]: detail });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the deal page', () => {
  it('shows the deal, its stages in New York time, each tranche’s spreads, fair value and concession, and trading since pricing', async () => {
    renderPage(<DealPage />, { path: ROUTE, at: '/bw/primary/pricing/31' });
    expect((await screen.findByTestId('page-title')).textContent).toBe('Acme Corp — 5Y / 10Y');
    expect(screen.getByTestId('deal-status').textContent).toBe('Priced');
    expect(screen.getByText(/^A2 \/ A · Financials · 2,000MM ·/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ACME bonds' }).getAttribute('href')).toBe('/bw/bond?issuerId=12');
    expect(screen.getByText(/^Announced /).textContent).toBe(
      'Announced Nov 17, 2026, 8:30 AM → IPT Nov 17, 2026, 9:10 AM → Priced Nov 17, 2026, 3:05 PM (New York)',
    );
    expect(screen.getByText(/^Bookrunners:/).textContent).toBe('Bookrunners: JPM, GS · Use of proceeds: General corporate purposes');
    expect(screen.getByText('Issuer curve at the close of Nov 16, 2026')).toBeTruthy();

    const tranches = screen.getByTestId('tranches-grid');
    await waitFor(() => expect(gridCells(tranches, '301')).toMatchObject({ tenorYears: '10Y' }));
    expect(gridCells(tranches, '301')).toEqual({
      tenorYears: '10Y',
      size: '1,250MM',
      iptSpreadBp: '135.0 bp',
      guidanceSpreadBp: '115.0 bp',
      launchSpreadBp: '110.0 bp',
      pricedSpreadBp: '108.0 bp',
      orderBook: '4,000MM',
      coupon: '5.125%',
      reofferYield: '5.172%',
      reofferPrice: '99.634',
      fairValueBp: '101.5 bp',
      concessionBp: '6.5 bp',
      fairValueMethod: 'issuer curve',
    });
    expect(gridCells(tranches, '302')).toMatchObject({ tenorYears: '5Y', concessionBp: '—', fairValueMethod: 'none: no curve' });

    const performance = screen.getByTestId('performance-grid');
    await waitFor(() =>
      expect(Object.values(gridCells(performance, '301'))).toEqual(['10Y', '-4.0 bp', '+0.266', '—', '—', '-6.3 bp', '+0.410']),
    );
    expect(gridCells(performance, '302')).toEqual({});
    expect(screen.queryByTestId('no-trades-since-pricing')).toBeNull();

    const comparables = screen.getByTestId('comparables-grid');
    // Average concession of its tranches: (4 + 7) / 2.
    await waitFor(() =>
      expect(Object.values(gridCells(comparables, '28'))).toEqual(['Oct 2, 2026', 'Beta Bank', 'A-', '3Y 7Y', '1,500MM', '5.5 bp']),
    );
    expect(server.callsTo(DEAL)).toHaveLength(1);
  });

  it('clicking a comparable deal opens it', async () => {
    const { router } = renderPage(<DealPage />, { path: ROUTE, at: '/bw/primary/pricing/31' });
    fireEvent.click(await within(await screen.findByTestId('comparables-grid')).findByText('Beta Bank'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/primary/pricing/28'));
  });

  it('a link that is not a deal id asks nothing and says so', async () => {
    renderPage(<DealPage />, { path: ROUTE, at: '/bw/primary/pricing/abc' });
    await screen.findByText('This deal link is not valid.');
    expect(server.calls).toEqual([]);
  });
});
