import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOND_PATHS, priceHistoryResponseSchema } from '@common/api/bond';
import { MARKET_PATHS, marketIndexResponseSchema, marketSummaryResponseSchema } from '@common/api/market';
import { tradeListResponseSchema } from '@common/api/trade';
import { serveApi, shaped } from '../../test/apiServer';
import { bondDetail } from '../../test/bondDetail';
import { bondRow } from '../../test/bondRow';
import { stubCanvas2d } from '../../test/canvas';
import { renderPage } from '../../test/renderPage';
import HistoryPage from './HistoryPage';

const ACME = 'ACME 5.25 12/01/36';
const BETA = 'BETA 4 03/15/29';
const history = (bondId: number, prices: number[]) =>
  shaped(priceHistoryResponseSchema, {
    bondId,
    points: prices.map((price, i) => ({
      date: `2026-11-${18 + i}`,
      price,
      yield: 0.05,
      gSpread: 100,
      confidence: 0.8,
      volume: 0,
      tradeCount: 0,
    })),
  });

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  // The range is counted back from the machine's today; only Date is faked, so waits still tick.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T15:00:00Z') });
  // The histories are drawn on a canvas.
  stubCanvas2d();
  server = serveApi({
    [`GET ${MARKET_PATHS.marketSummary}`]: shaped(marketSummaryResponseSchema, {
      metric: 'spread',
      asOf: null,
      tenors: [],
      rows: [],
      treasury: { date: null, previousDate: null, points: [] },
      mostActive: [bondRow({ id: 77, description: ACME }), bondRow({ id: 78, description: BETA })],
      weighting: 'equal',
    }),
    [`GET ${BOND_PATHS.bond({ id: 77 })}`]: bondDetail({ id: 77, description: ACME }),
    [`GET ${BOND_PATHS.bond({ id: 78 })}`]: bondDetail({ id: 78, description: BETA, cusip: '172967MP3' }),
    [`GET ${BOND_PATHS.bondPriceHistory({ id: 77 })}`]: history(77, [100.5, 101.25]),
    [`GET ${BOND_PATHS.bondPriceHistory({ id: 78 })}`]: history(78, [98, 97.5]),
    [`GET ${BOND_PATHS.bondTrades({ id: 77 })}`]: shaped(tradeListResponseSchema, { trades: [] }),
    [`GET ${MARKET_PATHS.marketIndex}`]: shaped(marketIndexResponseSchema, { points: [], weighting: 'equal' }),
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the history page', () => {
  it('with no bond chosen offers today’s most active; picking one opens its history', async () => {
    const { router } = renderPage(<HistoryPage />);
    const picks = await screen.findAllByTestId('history-quick-pick');
    expect(picks.map((p) => p.textContent)).toEqual([ACME, BETA]);
    fireEvent.click(picks[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?bonds=77'));
    expect((await screen.findByTestId('plot-stats')).textContent).toMatch(/^Last 101\.250\s*Δ \+0\.750/);
    expect(within(screen.getByTestId('history-bond')).getByRole('link', { name: ACME }).getAttribute('href')).toBe('/bw/bond/77/history');
  });

  it('two bonds from the URL are compared on one chart, each history asked over the range', async () => {
    renderPage(<HistoryPage />, { at: '/?bonds=77,78&range=1m&mode=normalised' });
    await waitFor(() => expect(screen.getAllByTestId('history-bond').map((b) => b.textContent)).toEqual([ACME, BETA]));
    expect(await screen.findByText('price rebased to 100 at the first close')).toBeTruthy();
    await screen.findByTestId('compare-chart');
    for (const id of [77, 78])
      expect(server.callsTo(`GET ${BOND_PATHS.bondPriceHistory({ id })}`)[0]!.query.get('from')).toBe('2026-10-21');
  });

  it('removing a bond takes it out of the URL', async () => {
    const { router } = renderPage(<HistoryPage />, { at: '/?bonds=77,78' });
    fireEvent.click(await screen.findByRole('button', { name: `Remove ${BETA}` }));
    await waitFor(() => expect(router.state.location.search).toBe('?bonds=77'));
  });
});
