import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMENTARY_PATHS, commentaryListSchema } from '@common/api/commentary';
import { MARKET_PATHS, type MarketMetric, marketSummaryResponseSchema } from '@common/api/market';
import { type ApiCall, serveApi, shaped } from '../../test/apiServer';
import { bondRow } from '../../test/bondRow';
import { stubCanvas2d } from '../../test/canvas';
import { renderPage } from '../../test/renderPage';
import MarketSummaryPage from './MarketSummaryPage';

const SUMMARY = `GET ${MARKET_PATHS.marketSummary}`;
const COMMENTARY = `GET ${COMMENTARY_PATHS.list}`;

/** The server's summary for the metric asked: spreads in bp, yields as decimals. */
const summary = (call: ApiCall) => {
  const metric = (call.query.get('metric') ?? 'spread') as MarketMetric;
  const [v2, v10, total] = metric === 'yield' ? [0.0412, 0.0465, 0.0448] : [82.4, 131.6, 118.25];
  const [c2, c10] = metric === 'yield' ? [0.0003, -0.0002] : [0.5, -1.25];
  return shaped(marketSummaryResponseSchema, {
    metric,
    // The stamp the server gives a close: its day's last millisecond.
    asOf: '2026-11-20T23:59:59.999Z',
    tenors: ['2Y', '10Y'],
    rows: [
      {
        segment: 'IG',
        label: 'Investment grade',
        cells: [
          { tenor: '2Y', value: v2, change: c2, bondCount: 4 },
          { tenor: '10Y', value: v10, change: c10, bondCount: 6 },
        ],
        total: { value: total, change: 0.1, bondCount: 10 },
      },
    ],
    treasury: {
      date: '2026-11-20',
      previousDate: '2026-11-19',
      points: [
        { tenor: '2Y', years: 2, yield: 0.0398, previousYield: 0.0401, change: -0.0003 },
        { tenor: '10Y', years: 10, yield: 0.0425, previousYield: 0.042, change: 0.0005 },
      ],
    },
    mostActive: [
      bondRow({
        id: 77,
        description: 'ACME 5.25 12/01/36',
        ratingMoody: 'A2',
        ratingSP: 'A',
        price: 101.25,
        changePrice: -0.375,
        yieldToWorst: 0.05123,
        gSpread: 95.44,
        volume: 42_500_000,
      }),
    ],
    weighting: 'amountOutstanding',
  });
};
const commentary = shaped(commentaryListSchema, {
  items: [
    {
      id: 3,
      headline: 'Spreads grind tighter',
      html: '<p>New issues were 3x covered.</p>',
      markdown: 'New issues were 3x covered.',
      publishAt: '2026-11-20T14:30:00.000Z',
      author: 'Bondwise desk',
      version: 1,
      updatedAt: '2026-11-20T14:30:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  pageSize: 6,
});

let server: ReturnType<typeof serveApi>;
beforeEach(() => {
  // The Treasury curve panel draws on a canvas.
  stubCanvas2d();
  server = serveApi({ [SUMMARY]: summary, [COMMENTARY]: commentary });
});
afterEach(() => {
  // Unmounted first: the chart stops drawing before its canvas loses the stub.
  cleanup();
  vi.restoreAllMocks();
});

describe('the market summary page', () => {
  it('shows the spread grid, the close it is from, the Treasury curve, the most active bonds and the latest commentary', async () => {
    renderPage(<MarketSummaryPage />, { at: '/bw/market/summary', path: '/bw/market/summary' });
    expect((await screen.findByTestId('summary-cell-IG-10Y')).textContent).toBe('131.6-1.3');
    expect(screen.getByTestId('summary-cell-IG-2Y').textContent).toBe('82.4+0.5');
    expect(screen.getByTestId('summary-cell-IG-all').textContent).toBe('118.3+0.1');
    expect(screen.getByTestId('summary-slope-IG-2Y-10Y').textContent).toBe('+49.2-1.8');
    expect(screen.getByTestId('summary-unit').textContent).toBe(
      'G-spread, bp, weighted by amount outstanding; below: change vs previous close (bp); slopes in bp',
    );
    expect(screen.getByTestId('market-as-of').textContent).toBe('Close of Nov 20, 2026');
    expect(Object.fromEntries(server.callsTo(SUMMARY)[0]!.query)).toEqual({ metric: 'spread' });

    const curve = screen.getByTestId('treasury-curve');
    expect(within(curve).getByText('Nov 20, 2026 vs Nov 19, 2026')).toBeTruthy();
    expect(within(curve).getByText('4.250%')).toBeTruthy();
    expect(within(curve).getByText('+5.0 bp')).toBeTruthy();

    const row = screen.getByTestId('most-active-row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['ACME 5.25 12/01/36', 'A2 / A', '101.250', '-0.38', '5.123%', '95.4 bp', '42.5MM', 'history']);
    expect(within(row).getByRole('link', { name: 'history' }).getAttribute('href')).toBe('/bw/bond/77/history');

    const latest = await screen.findByTestId('commentary-latest');
    expect(latest.textContent).toContain('Spreads grind tighter');
    expect(latest.textContent).toContain('Bondwise desk');
    expect(screen.getByTestId('commentary-body').textContent).toBe('New issues were 3x covered.');
  });

  it('choosing Yield asks the server for yields and shows them in percent, changes in bp', async () => {
    const { router } = renderPage(<MarketSummaryPage />, { at: '/bw/market/summary', path: '/bw/market/summary' });
    await screen.findByTestId('summary-cell-IG-10Y');
    fireEvent.click(within(screen.getByTestId('summary-metric')).getByText('Yield'));
    await waitFor(() => expect(screen.getByTestId('summary-grid').getAttribute('data-metric')).toBe('yield'));
    expect(screen.getByTestId('summary-cell-IG-10Y').textContent).toBe('4.650%-2.0');
    expect(server.callsTo(SUMMARY).at(-1)!.query.get('metric')).toBe('yield');
    expect(router.state.location.search).toBe('?metric=yield');
  });
});
