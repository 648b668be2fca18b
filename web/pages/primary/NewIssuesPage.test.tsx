import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { dealListResponseSchema, dealWeeksResponseSchema, PRIMARY_PATHS } from '@common/api/primary';
import { serveApi, shaped } from '../../test/apiServer';
import { deal, pricedTenYear } from '../../test/deals';
import { gridCells } from '../../test/grid';
import { renderPage } from '../../test/renderPage';
import NewIssuesPage from './NewIssuesPage';

const DEALS = `GET ${PRIMARY_PATHS.deals}`;
const WEEKS = `GET ${PRIMARY_PATHS.dealWeeks}`;

const deals = shaped(dealListResponseSchema, {
  from: '2026-11-16',
  to: '2026-11-20',
  deals: [
    deal({
      id: 31,
      tranches: [pricedTenYear({ tighteningBp: 27, cover: 3.2 })],
    }),
  ],
});
const weeks = shaped(dealWeeksResponseSchema, {
  weeks: [
    {
      weekStart: '2026-11-09',
      deals: 14,
      tranches: 31,
      volume: 27_500_000_000,
      avgConcessionBp: 4.26,
      avgTighteningBp: 22.5,
      avgCover: 3.84,
    },
  ],
});

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  server = serveApi({ [DEALS]: deals, [WEEKS]: weeks });
});

describe('the new-issue calendar', () => {
  it('shows each tranche with its deal’s issuer, ratings, stage and spreads, and past weeks’ averages', async () => {
    renderPage(<NewIssuesPage />);
    await screen.findByText('1 deal, Nov 16, 2026 – Nov 20, 2026');
    const grid = screen.getByTestId('new-issues-grid');
    await waitFor(() => expect(gridCells(grid, '301')).toMatchObject({ issuer: 'Acme Corp' }));
    expect(gridCells(grid, '301')).toEqual({
      day: 'Nov 17, 2026',
      issuer: 'Acme Corp',
      rating: 'A2 / A',
      sector: 'Financials',
      // 20:05 UTC is 3:05 PM in New York in November.
      status: 'Priced 3:05 PM ET',
      tenorYears: '10Y',
      size: '1,250MM',
      iptSpreadBp: '135.0 bp',
      guidanceSpreadBp: '115.0 bp',
      launchSpreadBp: '110.0 bp',
      pricedSpreadBp: '108.0 bp',
      tighteningBp: '27.0 bp',
      orderBook: '4,000MM',
      cover: '3.2x',
      coupon: '5.125%',
      reofferYield: '5.172%',
      reofferPrice: '99.634',
      concessionBp: '6.5 bp',
      bookrunners: 'JPM, GS',
    });
    const weekGrid = screen.getByTestId('deal-weeks-grid');
    await waitFor(() =>
      expect(gridCells(weekGrid, '2026-11-09')).toEqual({
        weekStart: 'Nov 9, 2026',
        deals: '14',
        tranches: '31',
        volume: '27,500MM',
        avgConcessionBp: '4.3 bp',
        avgTighteningBp: '22.5 bp',
        avgCover: '3.8x',
      }),
    );
    // No filter: the server's default week; the weekly record asks for twelve weeks.
    expect(Object.fromEntries(server.callsTo(DEALS)[0]!.query)).toEqual({});
    expect(Object.fromEntries(server.callsTo(WEEKS)[0]!.query)).toEqual({ weeks: '12' });
  });

  it('sends the filters of the URL; the weekly record takes all but the days and the stage', async () => {
    renderPage(<NewIssuesPage />, { at: '/?from=2026-11-02&to=2026-11-06&rating=HY&sector=FINL&status=priced&minSize=1000000000' });
    await screen.findByText('1 deal, Nov 16, 2026 – Nov 20, 2026');
    expect(Object.fromEntries(server.callsTo(DEALS)[0]!.query)).toEqual({
      from: '2026-11-02',
      to: '2026-11-06',
      rating: 'HY',
      sector: 'FINL',
      status: 'priced',
      minSize: '1000000000',
    });
    expect(Object.fromEntries(server.callsTo(WEEKS)[0]!.query)).toEqual({
      rating: 'HY',
      sector: 'FINL',
      minSize: '1000000000',
      weeks: '12',
    });
  });

  it('clicking a tranche opens its deal', async () => {
    const { router } = renderPage(<NewIssuesPage />, { path: '/bw/primary/new-issues', at: '/bw/primary/new-issues' });
    fireEvent.click(await within(screen.getByTestId('new-issues-grid')).findByText('Acme Corp'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/primary/pricing/31'));
  });
});
