import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MARKET_PATHS, type MarketMetric, marketDetailResponseSchema, marketSummaryResponseSchema } from '@common/api/market';
import { type ApiCall, serveApi, shaped } from '../../test/apiServer';
import { stubCanvas2d } from '../../test/canvas';
import { renderPage } from '../../test/renderPage';
import MarketDetailPage from './MarketDetailPage';

const DETAIL = `GET ${MARKET_PATHS.marketDetail}`;
const SUMMARY = `GET ${MARKET_PATHS.marketSummary}`;
const ROUTE = '/bw/market/detail/:metric?/:tenor?/:segment?';

const metricOf = (call: ApiCall) => (call.query.get('metric') ?? 'spread') as MarketMetric;
/** Three closes of the cell: spreads in bp, yields as decimals. */
const detail = (call: ApiCall) => {
  const metric = metricOf(call);
  const values = metric === 'yield' ? [0.0451, 0.0462, 0.0448] : [120, 124.5, 118.2];
  return shaped(marketDetailResponseSchema, {
    metric,
    tenor: '10Y',
    segment: 'IG',
    points: [
      { date: '2026-11-18', value: values[0]!, bondCount: 11 },
      { date: '2026-11-19', value: values[1]!, bondCount: 12 },
      { date: '2026-11-20', value: values[2]!, bondCount: 13 },
    ],
    weighting: 'equal',
  });
};
const summary = (call: ApiCall) =>
  shaped(marketSummaryResponseSchema, {
    metric: metricOf(call),
    asOf: '2026-11-20T23:59:59.999Z',
    tenors: ['10Y'],
    rows: [
      {
        segment: 'IG',
        label: 'Investment grade',
        cells: [{ tenor: '10Y', value: 118.2, change: -6.3, bondCount: 13 }],
        total: { value: 110.4, change: -2, bondCount: 40 },
      },
      { segment: 'HY', label: 'High yield', cells: [], total: { value: 350, change: 1, bondCount: 20 } },
    ],
    treasury: { date: null, previousDate: null, points: [] },
    mostActive: [],
    weighting: 'equal',
  });

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  // The range is counted back from the machine's today; only Date is faked, so waits still tick.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T15:00:00Z') });
  // The series is drawn on a canvas.
  stubCanvas2d();
  server = serveApi({ [DETAIL]: detail, [SUMMARY]: summary });
});
afterEach(() => {
  // Unmounted first: the chart stops drawing before its canvas loses the stub.
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the market detail page', () => {
  it("asks for the cell's series over the range and shows its last, change, low, high and average, and today's row", async () => {
    renderPage(<MarketDetailPage />, { path: ROUTE, at: '/bw/market/detail/spread/10Y/IG?range=1m' });
    const stats = await screen.findByTestId('detail-stats');
    expect(stats.textContent).toBe('Last 118.2 bpΔ range -1.8 bpMin 118.2 bpMax 124.5 bpAvg 120.9 bp13 bonds');
    expect(screen.getByTestId('detail-title').textContent).toBe('Investment grade · 10Y · spread');
    expect(screen.getByTestId('detail-unit').textContent).toBe(
      'G-spread, bp, each bond weighted equally (amount outstanding not known for every bond); daily close',
    );
    // 1M is 31 days back from Nov 21.
    expect(Object.fromEntries(server.callsTo(DETAIL)[0]!.query)).toEqual({
      metric: 'spread',
      segment: 'IG',
      tenor: '10Y',
      from: '2026-10-21',
    });
    const neighbours = await screen.findByTestId('detail-neighbours');
    expect(within(neighbours).getByTestId('summary-cell-IG-10Y').textContent).toBe('118.2-6.3');
    expect(within(neighbours).queryByTestId('summary-row-HY')).toBeNull();
  });

  it('choosing Yield opens the yield series of the same cell, in percent', async () => {
    const { router } = renderPage(<MarketDetailPage />, { path: ROUTE, at: '/bw/market/detail/spread/10Y/IG?range=1m' });
    await screen.findByTestId('detail-stats');
    fireEvent.click(within(screen.getByTestId('detail-metric')).getByText('Yield'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bw/market/detail/yield/10Y/IG'));
    expect(router.state.location.search).toBe('?range=1m');
    await waitFor(() =>
      expect(screen.getByTestId('detail-stats').textContent).toMatch(
        /^Last 4\.480%Δ range -3\.0 bpMin 4\.480%Max 4\.620%Avg 4\.537%13 bonds$/,
      ),
    );
    expect(server.callsTo(DETAIL).at(-1)!.query.get('metric')).toBe('yield');
  });
});
