import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOND_PATHS, priceHistoryResponseSchema } from '@common/api/bond';
import { MARKET_PATHS, marketIndexResponseSchema } from '@common/api/market';
import { tradeListResponseSchema } from '@common/api/trade';
import { serveApi, shaped } from '../../test/apiServer';
import { bondDetail } from '../../test/bondDetail';
import { stubCanvas2d } from '../../test/canvas';
import { gridCells } from '../../test/grid';
import { renderPage } from '../../test/renderPage';
import BondHistoryPage from './BondHistoryPage';
import { trade } from './tradeFixture';

const ROUTE = '/bw/bond/:bondId/history';
const HISTORY = `GET ${BOND_PATHS.bondPriceHistory({ id: 77 })}`;
const TRADES = `GET ${BOND_PATHS.bondTrades({ id: 77 })}`;
const point = (date: string, price: number, yieldToWorst: number) => ({
  date,
  price,
  yield: yieldToWorst,
  gSpread: 95,
  confidence: 0.8,
  volume: 5_000_000,
  tradeCount: 3,
});

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  // The range is counted back from the machine's today; only Date is faked, so waits still tick.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T15:00:00Z') });
  // The history is drawn on a canvas.
  stubCanvas2d();
  server = serveApi({
    [`GET ${BOND_PATHS.bond({ id: 77 })}`]: bondDetail({ id: 77, description: 'ACME 5.25 12/01/36' }),
    [HISTORY]: shaped(priceHistoryResponseSchema, {
      bondId: 77,
      points: [point('2026-11-18', 100.5, 0.0521), point('2026-11-19', 99.75, 0.0532), point('2026-11-20', 101.25, 0.0512)],
    }),
    [TRADES]: shaped(tradeListResponseSchema, {
      trades: [trade({ id: 't-1', bondId: 77, cusip: '037833DX5', description: 'ACME 5.25 12/01/36', price: 101.375, yield: 0.05108 })],
    }),
    [`GET ${MARKET_PATHS.marketIndex}`]: shaped(marketIndexResponseSchema, { points: [], weighting: 'amountOutstanding' }),
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("a bond's history page", () => {
  it('shows the bond, its closes’ last, change, low, high and average, and its trades over the range asked', async () => {
    renderPage(<BondHistoryPage />, { path: ROUTE, at: '/bw/bond/77/history?range=1m' });
    expect((await screen.findByTestId('bond-description')).textContent).toBe('ACME 5.25 12/01/36');
    const stats = await screen.findByTestId('plot-stats');
    expect(stats.textContent).toMatch(/^Last 101\.250\s*Δ \+0\.750\s*Min 99\.750\s*Max 101\.250\s*Avg 100\.500/);
    // 1M is 31 days back from Nov 21.
    expect(server.callsTo(HISTORY)[0]!.query.get('from')).toBe('2026-10-21');
    expect(Object.fromEntries(server.callsTo(TRADES)[0]!.query)).toEqual({ from: '2026-10-21', limit: '1000' });
    const trades = await screen.findByTestId('history-trades');
    await waitFor(() => expect(Object.values(gridCells(trades, 't-1'))).toContain('101.375'));
    expect(Object.values(gridCells(trades, 't-1'))).toContain('5.108%');
  });

  it('choosing Yield shows the yields in percent and keeps the choice in the URL', async () => {
    const { router } = renderPage(<BondHistoryPage />, { path: ROUTE, at: '/bw/bond/77/history?range=1m' });
    await screen.findByTestId('plot-stats');
    fireEvent.click(within(screen.getByTestId('history-metric')).getByText('Yield'));
    await waitFor(() =>
      expect(screen.getByTestId('plot-stats').textContent).toMatch(/^Last 5\.120%\s*Δ -9\.0 bp\s*Min 5\.120%\s*Max 5\.320%/),
    );
    expect(new URLSearchParams(router.state.location.search).get('metric')).toBe('yield');
  });
});
